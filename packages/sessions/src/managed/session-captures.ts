import type { CaptureTool, RoundCaptures } from '@ufo-ts/core';

/** The Linux tool server's UI tree: its control listing (the selected window and its dialogs, in tree order). */
export const LINUX_UI_TREE_TOOL: Readonly<CaptureTool> = { name: 'get_controls', arguments: { details: true } };

/** Where a session runs, as far as its captures care. */
export interface CaptureTarget {
  /** The device is a Linux desktop: its server lists the UI tree with {@link LINUX_UI_TREE_TOOL}. */
  linux: boolean;
  /** The device keeps the window selection (the single-tier Linux session): see `RoundCaptures.deviceKeepsSelection`. */
  deviceKeepsSelection: boolean;
}

/**
 * The captures a session's rounds take at subtask and round ends: the session's own, with the UI tree read by
 * {@link LINUX_UI_TREE_TOOL} on Linux (whose server has no `get_ui_tree`) unless the options name a tool, and the
 * device's window selection trusted where the device keeps it.
 */
export function sessionCaptures(captures: RoundCaptures | undefined, target: CaptureTarget): RoundCaptures | undefined {
  let out = captures;
  if (target.linux && captures?.uiTree && !captures.tools?.uiTree) out = { ...captures, tools: { ...captures.tools, uiTree: LINUX_UI_TREE_TOOL } };
  if (target.deviceKeepsSelection && out?.deviceKeepsSelection === undefined) out = { ...out, deviceKeepsSelection: true };
  return out;
}
