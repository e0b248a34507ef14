import type { CaptureTool } from './capture-tool.js';
import type { Context } from './context.js';
import type { EventBus } from './events.js';
import type { CommandDispatcher } from './ports/command-dispatcher.js';
import type { LogSink } from './ports/log-sink.js';
import { screenshotArtifact } from './snapshot.js';
import { captureUiTree } from './ui-tree-capture.js';

/** The data-collection tools of the end-of-subtask and end-of-round captures. */
export interface CaptureTools {
  /** Screenshot of the selected window. */
  windowScreenshot: CaptureTool;
  /** The selected window's UI tree. */
  uiTree: CaptureTool;
  /** Screenshot of the whole desktop. */
  desktopScreenshot: CaptureTool;
}

/**
 * The default capture tools: the names of the original tool servers (the Windows servers offer all three; the
 * Linux server lists its controls with `get_controls` instead of `get_ui_tree`).
 */
export const DEFAULT_CAPTURE_TOOLS: Readonly<CaptureTools> = {
  windowScreenshot: { name: 'capture_window_screenshot' },
  uiTree: { name: 'get_ui_tree' },
  desktopScreenshot: { name: 'capture_desktop_screenshot', arguments: { all_screens: true } },
};

/**
 * What a round saves, beside the window screenshot, when a subtask ends and when the round ends. Both default to
 * off, so a session costs no more tool calls than it did without them.
 *
 * @example
 * ```ts
 * new Session({ ...options, captures: { uiTree: true, desktopScreenshot: true } });
 * // Linux: the control listing is the UI tree
 * new Session({ ...options, captures: { uiTree: true, tools: { uiTree: { name: 'get_controls' } } } });
 * ```
 */
export interface RoundCaptures {
  /** Save the selected window's UI tree as `ui_tree_round_{r}[_sub_round_{k}]_final.json` (`SAVE_UI_TREE`; default false). */
  uiTree?: boolean;
  /** Save the whole desktop as `desktop_round_{r}[_sub_round_{k}]_final.png` (`SAVE_FULL_SCREEN`; default false). */
  desktopScreenshot?: boolean;
  /** Tools to call instead of {@link DEFAULT_CAPTURE_TOOLS}. */
  tools?: Partial<CaptureTools>;
  /**
   * The device keeps the window selection and the context does not know it (the single-tier Linux session):
   * capture without a selected window in the context; a device that answers `NO_WINDOW_SELECTED` to the window
   * screenshot means there is none, and nothing is captured (default false: only when the context names one).
   */
  deviceKeepsSelection?: boolean;
}

/** The artifact names of one end capture (file names in the log folder). */
export interface EndSnapshotFiles {
  windowScreenshot: string;
  uiTree: string;
  desktopScreenshot: string;
}

/**
 * The artifact names of the captures at the end of subtask `subtask` of round `round`, or at the end of the round
 * when `subtask` is omitted.
 *
 * @example
 * ```ts
 * endSnapshotFileNames(0, 1).uiTree; // 'ui_tree_round_0_sub_round_1_final.json'
 * endSnapshotFileNames(0).desktopScreenshot; // 'desktop_round_0_final.png'
 * ```
 */
export function endSnapshotFileNames(round: number, subtask?: number): EndSnapshotFiles {
  const tail = subtask === undefined ? `round_${round}_final` : `round_${round}_sub_round_${subtask}_final`;
  return { windowScreenshot: `action_${tail}.png`, uiTree: `ui_tree_${tail}.json`, desktopScreenshot: `desktop_${tail}.png` };
}

/** Options of {@link captureEndSnapshots}. */
export interface EndSnapshotOptions {
  dispatcher: CommandDispatcher;
  logSink: LogSink;
  context: Context;
  events: EventBus;
  /** The agent kind whose data-collection servers run the tools. */
  agentKind: string;
  round: number;
  /** The subtask that ended (0-based), or omitted for the end of the round. */
  subtask?: number;
  /** What to save beside the window screenshot (default: only the window screenshot). */
  captures?: RoundCaptures;
  signal?: AbortSignal;
}

/** Where {@link captureEndSnapshots} saved its artifacts (a capture that failed or was off is missing). */
export type EndSnapshotPaths = Partial<EndSnapshotFiles>;

/**
 * The captures at the end of a subtask or a round: the selected window's screenshot, then its UI tree and the
 * desktop screenshot when {@link RoundCaptures} turns them on. Each one is independent: one that fails becomes a
 * warning event and the others are still saved. Nothing is captured when no window was selected (see
 * {@link RoundCaptures.deviceKeepsSelection}).
 *
 * @example
 * ```ts
 * const saved = await captureEndSnapshots({ dispatcher, logSink, context, events, agentKind: 'AppAgent', round: 0, subtask: 1, captures: { uiTree: true } });
 * saved.uiTree; // <log folder>/ui_tree_round_0_sub_round_1_final.json
 * ```
 */
export async function captureEndSnapshots(options: EndSnapshotOptions): Promise<EndSnapshotPaths> {
  const { captures = {}, signal } = options;
  const tools = { ...DEFAULT_CAPTURE_TOOLS, ...captures.tools };
  const names = endSnapshotFileNames(options.round, options.subtask);
  const base = {
    dispatcher: options.dispatcher,
    logSink: options.logSink,
    context: options.context,
    events: options.events,
    agentKind: options.agentKind,
    ...(captures.deviceKeepsSelection ? { deviceKeepsSelection: true } : {}),
    ...(signal ? { signal } : {}),
  };
  const saved: EndSnapshotPaths = {};
  const screenshot = (tool: CaptureTool, fileName: string) =>
    screenshotArtifact({ ...base, fileName, toolName: tool.name, ...(tool.arguments ? { toolArguments: tool.arguments } : {}) });
  const window = await screenshot(tools.windowScreenshot, names.windowScreenshot);
  if (window.noWindow) return saved;
  if (window.path) saved.windowScreenshot = window.path;
  if (captures.uiTree) {
    const tree = await captureUiTree({ ...base, tool: tools.uiTree, fileName: names.uiTree });
    if (tree) saved.uiTree = tree;
  }
  if (captures.desktopScreenshot) {
    const desktop = await screenshot(tools.desktopScreenshot, names.desktopScreenshot);
    if (desktop.path) saved.desktopScreenshot = desktop.path;
  }
  return saved;
}
