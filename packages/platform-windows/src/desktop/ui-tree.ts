import type { TreeNodeRecord } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { rectHeight, rectWidth, relativeRect } from '../geometry/rect.js';
import { isWindowGone, windowVanished } from './bridge-errors.js';
import type { DesktopContext } from './desktop-context.js';
import { freshSelectedWindow } from './window-ops.js';

/** A node of `get_ui_tree` (UFO's UITree shape plus a few UIA properties). */
export interface UiTreeNode {
  id: string;
  name: string;
  control_type: string;
  rectangle: Rect;
  /** Relative to the window's top-left corner (pixels). */
  adjusted_rectangle: Rect;
  /** Fractions of the window's width and height (0..1, 4 decimals). */
  relative_rectangle: Rect;
  level: number;
  automation_id: string;
  class_name: string;
  is_enabled: boolean;
  is_offscreen: boolean;
  children: UiTreeNode[];
}

/** Converts the bridge's raw tree: ids `node_0`… in depth-first order, window-relative rectangles. */
export function toUiTree(root: TreeNodeRecord, windowRect: Rect): UiTreeNode {
  let counter = 0;
  const w = Math.max(1, rectWidth(windowRect));
  const h = Math.max(1, rectHeight(windowRect));
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  const visit = (node: TreeNodeRecord, level: number): UiTreeNode => {
    const adjusted = relativeRect(node.rect, windowRect);
    const out: UiTreeNode = {
      id: `node_${counter++}`,
      name: node.name,
      control_type: node.controlType,
      rectangle: node.rect,
      adjusted_rectangle: adjusted,
      relative_rectangle: {
        left: round(adjusted.left / w),
        top: round(adjusted.top / h),
        right: round(adjusted.right / w),
        bottom: round(adjusted.bottom / h),
      },
      level,
      automation_id: node.automationId,
      class_name: node.className,
      is_enabled: node.isEnabled,
      is_offscreen: node.isOffscreen,
      children: [],
    };
    out.children = node.children.map((child) => visit(child, level + 1));
    return out;
  };
  return visit(root, 0);
}

/** `get_ui_tree`: the selected window's UIA tree. */
export async function uiTree(ctx: DesktopContext): Promise<UiTreeNode & { truncated: boolean }> {
  const window = await freshSelectedWindow(ctx);
  try {
    const { root, truncated } = await ctx.bridge.request('tree', { hwnd: window.hwnd });
    return { ...toUiTree(root, window.rect), truncated };
  } catch (error) {
    if (isWindowGone(error)) throw windowVanished(window.title, error);
    throw error;
  }
}
