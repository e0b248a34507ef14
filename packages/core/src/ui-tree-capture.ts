import { z } from 'zod';
import { isNoWindowSelected, mayHaveSelectedWindow, runCaptureTool, type CaptureTool, type CaptureToolRun } from './capture-tool.js';
import type { EventBus } from './events.js';
import type { LogSink } from './ports/log-sink.js';

/**
 * A UI tree as a tool server returns it: a JSON object (a root node, or a listing such as `{ window, controls }`)
 * or an array of nodes. Anything else is not saved.
 */
export const UiTreeSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/** Options of {@link captureUiTree}. */
export interface UiTreeCaptureOptions extends CaptureToolRun {
  logSink: LogSink;
  events: EventBus;
  /** The tool that returns the selected window's UI tree, e.g. `{ name: 'get_ui_tree' }`. */
  tool: CaptureTool;
  /** File name of the artifact, e.g. `ui_tree_round_0_sub_round_1_final.json`. */
  fileName: string;
}

/**
 * Saves the selected window's UI tree, as the tool returns it, as a JSON artifact. Only runs when a window was
 * selected; any failure becomes a warning event, never an error. Returns the saved path, if any.
 *
 * @example
 * ```ts
 * await captureUiTree({ dispatcher, logSink, context, events, agentKind: 'AppAgent', tool: { name: 'get_ui_tree' }, fileName: 'ui_tree_round_0_final.json' });
 * ```
 */
export async function captureUiTree(options: UiTreeCaptureOptions): Promise<string | undefined> {
  if (!mayHaveSelectedWindow(options)) return undefined;
  const outcome = await runCaptureTool(options, options.tool);
  if (isNoWindowSelected(options, outcome)) return undefined;
  const tree = 'result' in outcome ? UiTreeSchema.safeParse(parsedText(outcome.result)) : undefined;
  if (!tree?.success) {
    options.events.emit({
      type: 'warning',
      message: `UI tree ${options.fileName} not captured: ${'error' in outcome ? outcome.error : `${options.tool.name} did not return a JSON object or array`}`,
    });
    return undefined;
  }
  return options.logSink.saveArtifact(options.fileName, Buffer.from(`${JSON.stringify(tree.data, null, 2)}\n`, 'utf8'));
}

/** A tool result given as JSON text, parsed; any other value as is. */
function parsedText(result: unknown): unknown {
  if (typeof result !== 'string') return result;
  try {
    return JSON.parse(result) as unknown;
  } catch {
    return result;
  }
}
