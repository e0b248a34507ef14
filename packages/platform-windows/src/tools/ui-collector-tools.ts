import { defineTool, type ToolDefinition } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import type { WindowsDesktop } from '../desktop/windows-desktop.js';

const fieldList = z
  .array(z.string())
  .default([])
  .describe(
    'Fields to return: control_type, control_id, control_class, control_name, control_rect, control_text, control_title, selected, source, automation_id, is_enabled, runtime_id. Empty means all.',
  );

const TargetInfoInput = z.object({
  id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  kind: z.string().optional(),
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[left, top, right, bottom] in screen pixels'),
  source: z.string().nullable().optional(),
});

/** UICollector: the data-collection tools (UFO `ui_mcp_server.py`, `create_data_mcp_server`). */
export function uiCollectorTools(desktop: WindowsDesktop): ToolDefinition[] {
  return [
    defineTool({
      name: 'get_desktop_app_info',
      description: 'Get information about all application windows currently open on the desktop.',
      toolType: 'data_collection',
      input: z.object({
        remove_empty: z.boolean().default(true).describe('Whether to remove windows with no title.'),
        refresh_app_windows: z.boolean().default(true).describe('Whether to refresh the list of application windows.'),
      }),
      handler: (a) => desktop.getDesktopAppInfo(a.remove_empty, a.refresh_app_windows),
    }),
    defineTool({
      name: 'get_desktop_app_target_info',
      description: 'Get all application windows currently open on the desktop as TargetInfo.',
      toolType: 'data_collection',
      input: z.object({
        remove_empty: z.boolean().default(true).describe('Whether to remove windows with no title.'),
        refresh_app_windows: z.boolean().default(true).describe('Whether to refresh the list of application windows.'),
      }),
      handler: (a) => desktop.getDesktopAppTargetInfo(a.remove_empty, a.refresh_app_windows),
    }),
    defineTool({
      name: 'get_app_window_info',
      description: 'Get information about the currently selected application window.',
      toolType: 'data_collection',
      input: z.object({ field_list: fieldList }),
      handler: (a) => desktop.getAppWindowInfo(a.field_list),
    }),
    defineTool({
      name: 'get_app_window_controls_info',
      description:
        'Get information about controls in the currently selected application window and its dialogs. Renumbers the controls "1".."N"; earlier ids become invalid.',
      toolType: 'data_collection',
      timeoutMs: 60_000,
      input: z.object({ field_list: fieldList }),
      handler: (a) => desktop.getAppWindowControlsInfo(a.field_list),
    }),
    defineTool({
      name: 'get_app_window_controls_target_info',
      description:
        'Get the controls of the currently selected application window and its dialogs as TargetInfo. Renumbers the controls "1".."N"; earlier ids become invalid.',
      toolType: 'data_collection',
      timeoutMs: 60_000,
      input: z.object({ field_list: fieldList }),
      handler: () => desktop.getAppWindowControlsTargetInfo(),
    }),
    defineTool({
      name: 'capture_window_screenshot',
      description: 'Capture a screenshot of the currently selected application window (with its open dialogs).',
      toolType: 'data_collection',
      imageFields: ['image'],
      timeoutMs: 60_000,
      input: z.object({}),
      handler: () => desktop.captureWindowScreenshot(),
    }),
    defineTool({
      name: 'capture_desktop_screenshot',
      description: 'Capture a screenshot of the desktop (all screens or just the primary screen).',
      toolType: 'data_collection',
      imageFields: ['image'],
      timeoutMs: 60_000,
      input: z.object({ all_screens: z.boolean().default(true).describe('Capture all screens (true) or the primary one.') }),
      handler: (a) => desktop.captureDesktopScreenshot(a.all_screens),
    }),
    defineTool({
      name: 'capture_annotated_window_screenshot',
      description:
        'Renumber the controls of the selected window and return its screenshot with each control outlined and labelled by its id (set-of-marks), plus the controls.',
      toolType: 'data_collection',
      imageFields: ['image'],
      timeoutMs: 90_000,
      input: z.object({}),
      handler: () => desktop.captureAnnotatedWindowScreenshot(),
    }),
    defineTool({
      name: 'get_ui_tree',
      description: 'Get the UI tree of the currently selected application window.',
      toolType: 'data_collection',
      timeoutMs: 60_000,
      input: z.object({}),
      handler: () => desktop.getUiTree(),
    }),
    defineTool({
      name: 'add_control_list',
      description:
        'Add controls found by visual grounding (TargetInfo with a screen rect); those without an id get ids after the highest id. They can then be clicked like other controls.',
      toolType: 'data_collection',
      input: z.object({ control_list: z.array(TargetInfoInput) }),
      handler: (a) => desktop.addControlList(a.control_list),
    }),
  ];
}
