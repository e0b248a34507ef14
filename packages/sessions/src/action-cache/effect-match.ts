import type { RecordedEffect } from './cached-run-schema.js';
import { fillTemplate } from './cache-variables.js';

/** A window-level change in the tools' words: `window opened: "Save As" (8388620)`, `window closed: …`. */
const WINDOW_CHANGE = /^window (opened|closed): (".*") \(\S+\)$/;

/** The window-level changes of an effect, as `opened "Title"` / `closed "Title"` (window ids left out). */
function windowChanges(changes: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of changes) {
    const match = WINDOW_CHANGE.exec(line.trim());
    if (match) out.push(`${match[1]} ${match[2]}`);
  }
  return out;
}

/**
 * How a replayed step's effect differs from the one its cached run saw, in the windows that opened and closed (the
 * changes a step's next step depends on), or `undefined` when it does not: a window opened that the cached run did
 * not see open (a dialog that was not there: a confirmation, an error), or a window the cached run saw open or close
 * that did not, while other windows did. Other changes (text, states, focus) vary with the desktop and are not
 * compared.
 *
 * @example
 * ```ts
 * effectDifference({ changed: true, changes: ['window closed: "Save As" (4)'] }, ['window opened: "Confirm" (9)']);
 * // 'a window opened that the cached run did not see: "Confirm"; …'
 * ```
 */
export function effectDifference(
  recorded: RecordedEffect | undefined,
  seen: readonly string[],
  variables: Readonly<Record<string, string>> = {},
): string | undefined {
  if (!recorded) return undefined;
  const expected = windowChanges(recorded.changes.map((line) => fillTemplate(line, variables)));
  const actual = windowChanges(seen);
  const unexpected = actual.filter((change) => change.startsWith('opened ') && !expected.includes(change));
  const missing = actual.length > 0 ? expected.filter((change) => !actual.includes(change)) : [];
  if (unexpected.length === 0 && missing.length === 0) return undefined;
  const parts = [
    ...(unexpected.length
      ? [`a window opened that the cached run did not see: ${unexpected.map((c) => windowTitle(c.slice('opened '.length))).join(', ')}`]
      : []),
    ...(missing.length ? [`the cached run saw ${missing.map((c) => `window ${c}`).join(', ')}, this run did not`] : []),
  ];
  return parts.join('; ');
}

/** A window's quoted title as a person reads it (a message dialog often has none). */
function windowTitle(quoted: string): string {
  return quoted === '""' ? 'an untitled window (a message or confirmation dialog)' : quoted;
}

/** The `changes` of a tool's reported effect (a result object, or its JSON text). */
export function reportedChanges(reported: unknown): string[] {
  const value = typeof reported === 'string' ? parseJson(reported) : reported;
  const changes = (value as { effect?: { changes?: unknown } } | undefined)?.effect?.changes;
  return Array.isArray(changes) ? changes.filter((c): c is string => typeof c === 'string') : [];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}
