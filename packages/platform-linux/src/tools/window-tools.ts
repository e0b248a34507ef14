import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { closeWindow, launchAllowedApp } from '../desktop/window-actions.js';
import { publicSummary } from '../desktop/window-catalog.js';
import type { LinuxToolContext } from './tool-context.js';

/** Window listing, selection, launching and closing. */
export function windowTools(ctx: LinuxToolContext) {
  return [
    defineTool({
      name: 'list_windows',
      description: 'List the top-level windows: id, title, root_name (program name), pid, rect {x, y, width, height}, focused, accessible.',
      toolType: 'data_collection',
      input: z.object({}),
      handler: async () => ({ windows: (await ctx.session.listWindows()).map(publicSummary) }),
    }),
    defineTool({
      name: 'get_desktop_app_target_info',
      description:
        'The top-level windows as targets for the host agent: [{kind: "window", id, name (title), type (program name), rect [l, t, r, b], root_name, pid}].',
      toolType: 'data_collection',
      input: z.object({}),
      handler: async () => ({
        windows: (await ctx.session.listWindows()).map((w) => ({
          kind: 'window',
          id: w.id,
          name: w.title,
          type: w.root_name,
          rect: [w.rect.x, w.rect.y, w.rect.x + w.rect.width, w.rect.y + w.rect.height],
          root_name: w.root_name,
          pid: w.pid,
          focused: w.focused,
        })),
      }),
    }),
    defineTool({
      name: 'select_application_window',
      description:
        'Select the window to work in (by its id from the window list), raise and focus it. Later control, screenshot and input tools act on it. Returns {root_name, title, pid, id, rect}.',
      toolType: 'action',
      input: z.object({
        id: z.string().describe('The window id from the window list.'),
        name: z.string().default('').describe('The window title, for the record (not used to find the window).'),
      }),
      handler: async ({ id }) => {
        const { target, topLevels } = await ctx.session.selectWindow(id);
        const toolkit = target.app ? await ctx.session.atspi.toolkit(target.app).catch(() => undefined) : undefined;
        return {
          ...publicSummary(target),
          process_name: target.root_name,
          toolkit: toolkit ? `${toolkit.name} ${toolkit.version}` : null,
          dialogs: Math.max(0, topLevels.length - 1),
        };
      },
    }),
    defineTool({
      name: 'launch_application',
      description: `Start an allowed application and wait for its window (then select it with select_application_window). Allowed: ${ctx.apps
        .map((a) => (a.description ? `${a.name} (${a.description})` : a.name))
        .join(', ')}.`,
      toolType: 'action',
      timeoutMs: 40_000,
      input: z.object({ name: z.string().describe(`Application name, one of: ${ctx.apps.map((a) => a.name).join(', ')}.`) }),
      handler: async ({ name }) => ({ window: await launchAllowedApp(ctx.session, name, { allowList: ctx.apps, env: ctx.appEnv, timeoutMs: 30_000 }) }),
    }),
    defineTool({
      name: 'close_window',
      description:
        'Close a window (default: the selected one) as its close button would. Returns {closed}; closed is false when the application keeps it open (e.g. to ask about unsaved changes).',
      toolType: 'action',
      input: z.object({
        id: z.string().default('').describe('Window id; empty for the selected window.'),
        force: z.boolean().default(false).describe('Disconnect the application instead of asking it to close.'),
      }),
      handler: ({ id, force }) => closeWindow(ctx.session, { id: id || undefined, force }),
    }),
  ];
}
