import { createCommand, type Result } from './command.js';
import type { Context } from './context.js';
import { errorMessage } from './errors.js';
import type { CommandDispatcher } from './ports/command-dispatcher.js';

/** A data-collection tool a capture calls, with its arguments. */
export interface CaptureTool {
  /** The tool's name, e.g. `capture_desktop_screenshot`. */
  name: string;
  /** Its arguments (default none). */
  arguments?: Record<string, unknown>;
}

/** What a capture needs to run one of its tools (see {@link UiTreeCaptureOptions}). */
export interface CaptureToolRun {
  dispatcher: CommandDispatcher;
  context: Context;
  /** The agent kind whose data-collection servers run the tool. */
  agentKind: string;
  /**
   * The device keeps the window selection and the context does not know it (the single-tier Linux session): run
   * without a selected window in the context; a device that answers `NO_WINDOW_SELECTED` means there is none.
   */
  deviceKeepsSelection?: boolean;
  signal?: AbortSignal;
}

/** What {@link runCaptureTool} got: the tool's result, or why there is none. */
export type CaptureToolOutcome = { result: unknown } | { error: string; code?: string };

/**
 * False when no window was selected, as far as the engine knows (captures of the end of a subtask or round only run
 * when one was): the context names none and the device does not keep the selection.
 */
export function mayHaveSelectedWindow(run: Pick<CaptureToolRun, 'context' | 'deviceKeepsSelection'>): boolean {
  return Boolean(run.deviceKeepsSelection || run.context.get('APPLICATION_WINDOW_INFO') || run.context.get('APPLICATION_ROOT_NAME'));
}

/** True when the device said no window is selected (only then: the context cannot tell). */
export function isNoWindowSelected(run: Pick<CaptureToolRun, 'deviceKeepsSelection'>, outcome: CaptureToolOutcome): boolean {
  return Boolean(run.deviceKeepsSelection) && 'code' in outcome && outcome.code === 'NO_WINDOW_SELECTED';
}

/**
 * Runs one data-collection tool on the selected application's servers. Never throws: a failed call, or a
 * dispatcher that throws, comes back as `{ error }`.
 */
export async function runCaptureTool(run: CaptureToolRun, tool: CaptureTool): Promise<CaptureToolOutcome> {
  const { context } = run;
  const command = createCommand(tool.name, tool.arguments ?? {}, 'data_collection');
  const target = {
    agent: run.agentKind,
    root: context.get('APPLICATION_ROOT_NAME') || 'default',
    process: context.get('APPLICATION_PROCESS_NAME') || undefined,
  };
  let result: Result | undefined;
  try {
    [result] = await run.dispatcher.execute([command], run.signal ? { target, signal: run.signal } : { target });
  } catch (error) {
    return { error: errorMessage(error) };
  }
  if (result?.status !== 'success') return { error: result?.error ?? `${tool.name} returned no result`, ...(result?.code ? { code: result.code } : {}) };
  return { result: result.result };
}
