import { createCommand } from './command.js';
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
  signal?: AbortSignal;
}

/**
 * Captures the selected window through the dispatcher and saves it as an artifact (inventory C6). Only runs when
 * a window was selected; any failure becomes a warning event, never an error: a snapshot is evidence, not logic.
 * Returns the saved path, if any.
 */
export async function captureSnapshot(options: SnapshotOptions): Promise<string | undefined> {
  const { context } = options;
  if (!context.get('APPLICATION_WINDOW_INFO') && !context.get('APPLICATION_ROOT_NAME')) return undefined;
  const command = createCommand(options.toolName ?? 'capture_window_screenshot', {}, 'data_collection');
  const target = {
    agent: options.agentKind,
    root: context.get('APPLICATION_ROOT_NAME') || 'default',
    process: context.get('APPLICATION_PROCESS_NAME') || undefined,
  };
  const execOptions = options.signal ? { target, signal: options.signal } : { target };
  const [result] = await options.dispatcher.execute([command], execOptions);
  const image = result?.status === 'success' ? decodeImageDataUrl(findImageDataUrl(result.result)) : undefined;
  if (!image) {
    options.events.emit({
      type: 'warning',
      message: `snapshot ${options.fileName} not captured: ${result?.error ?? 'no image in the tool result'}`,
    });
    return undefined;
  }
  return options.logSink.saveArtifact(options.fileName, image.bytes);
}
