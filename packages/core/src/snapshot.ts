import { isNoWindowSelected, mayHaveSelectedWindow, runCaptureTool, type CaptureToolRun } from './capture-tool.js';
import type { Context } from './context.js';
import { decodeImageDataUrl, findImageDataUrl } from './data-url.js';
import type { EventBus } from './events.js';
import type { CommandDispatcher } from './ports/command-dispatcher.js';
import type { LogSink } from './ports/log-sink.js';

/** Options of {@link captureSnapshot}. */
export interface SnapshotOptions {
  dispatcher: CommandDispatcher;
  logSink: LogSink;
  context: Context;
  events: EventBus;
  /** The agent kind whose data-collection servers take the screenshot. */
  agentKind: string;
  /** File name of the artifact, e.g. `action_round_0_sub_round_1_final.png`. */
  fileName: string;
  /** Tool to call (default `capture_window_screenshot`). */
  toolName?: string;
  /** Arguments of the tool (default none). */
  toolArguments?: Record<string, unknown>;
  /**
   * The device keeps the window selection (the single-tier Linux session): take the screenshot even when the
   * context names no selected window; a device answering `NO_WINDOW_SELECTED` is no warning.
   */
  deviceKeepsSelection?: boolean;
  signal?: AbortSignal;
}

/** What {@link screenshotArtifact} did: saved it (`path`, when the sink keeps one), or found no selected window. */
export interface ScreenshotOutcome {
  path?: string;
  noWindow: boolean;
}

/**
 * Takes a screenshot through the dispatcher (the selected window by default; any image tool with `toolName`) and
 * saves it as an artifact. Only runs when a window was selected; any failure becomes a warning
 * event, never an error: a snapshot is evidence, not logic. Returns the saved path, if any.
 *
 * @example
 * ```ts
 * await captureSnapshot({ dispatcher, logSink, context, events, agentKind: 'LinuxAgent', fileName: 'action_round_0_final.png' });
 * ```
 */
export async function captureSnapshot(options: SnapshotOptions): Promise<string | undefined> {
  return (await screenshotArtifact(options)).path;
}

/** {@link captureSnapshot}, also telling whether there was no selected window to capture. */
export async function screenshotArtifact(options: SnapshotOptions): Promise<ScreenshotOutcome> {
  const run: CaptureToolRun = options;
  if (!mayHaveSelectedWindow(run)) return { noWindow: true };
  const tool = { name: options.toolName ?? 'capture_window_screenshot', ...(options.toolArguments ? { arguments: options.toolArguments } : {}) };
  const outcome = await runCaptureTool(run, tool);
  if (isNoWindowSelected(run, outcome)) return { noWindow: true };
  const image = 'result' in outcome ? decodeImageDataUrl(findImageDataUrl(outcome.result)) : undefined;
  if (!image) {
    options.events.emit({
      type: 'warning',
      message: `snapshot ${options.fileName} not captured: ${'error' in outcome ? outcome.error : 'no image in the tool result'}`,
    });
    return { noWindow: false };
  }
  const path = options.logSink.saveArtifact(options.fileName, image.bytes);
  return path === undefined ? { noWindow: false } : { path, noWindow: false };
}
