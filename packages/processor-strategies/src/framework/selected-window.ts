import type { ActionRecord, TargetInfo } from '@ufo-ts/core';
import { SELECT_WINDOW_TOOL } from '../strategies/host-strategies.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * The window a step selected, in the shape the HostAgent records as `APPLICATION_WINDOW_INFO`: the last
 * `select_application_window` action of the step that succeeded, as a {@link TargetInfo} of kind `window` with the
 * id it was sent with, the title the tool reported as its name (else the listed window's name, else the name the
 * model gave), and the listed window's and the tool's other fields in `extra`. Undefined when the step selected no
 * window.
 *
 * @param actions The step's actions with their results (the step's `actions`).
 * @param listed The windows the step listed (the LinuxAgent's `windows`), for the fields the tool did not report.
 * @example
 * ```ts
 * const window = selectedWindowOf(step.get(STEP_KEYS.actions), step.get(STEP_KEYS.windows));
 * if (window) step.global.set('APPLICATION_WINDOW_INFO', window);
 * ```
 */
export function selectedWindowOf(actions: readonly ActionRecord[] | undefined, listed: readonly TargetInfo[] = []): TargetInfo | undefined {
  const selection = (actions ?? []).filter((a) => a.function === SELECT_WINDOW_TOOL && a.result?.status === 'success').at(-1);
  const id = text(selection?.arguments['id']);
  if (!selection || id === undefined) return undefined;
  const reported = isRecord(selection.result?.result) ? selection.result.result : {};
  const window = listed.find((t) => t.kind === 'window' && t.id === id);
  const name = text(reported['title']) ?? window?.name ?? text(selection.arguments['name']) ?? id;
  const extra = { ...window?.extra, ...reported };
  return { ...window, kind: 'window', id, name, ...(Object.keys(extra).length > 0 ? { extra } : {}) };
}
