import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { clickControl, readControlText, setControlText } from '../desktop/control-actions.js';
import { describeControls, labelFields, notableStates } from '../desktop/control-details.js';
import { DesktopSession } from '../desktop/desktop-session.js';
import { ltrb } from '../desktop/screenshots.js';
import type { LinuxToolContext } from './tool-context.js';

const TEXT_ROLES: ReadonlySet<string> = new Set(['text', 'entry', 'spin button', 'combo box', 'document text', 'paragraph', 'terminal']);

const ROLES = z
  .array(z.string())
  .default([])
  .describe('Only controls with these AT-SPI roles (e.g. ["push button", "text"]); empty for the usual interactive and text roles.');

/** Control listing and actions on controls by id. */
export function controlTools(ctx: LinuxToolContext) {
  return [
    defineTool({
      name: 'get_controls',
      description:
        'The control tree of the selected window (and its open dialogs), in tree order, with ids valid for this listing: id, role, name, states, rect {x, y, width, height} in screen pixels, parent id, depth, and (details) actions, text, value, editable.',
      toolType: 'data_collection',
      input: z.object({
        roles: ROLES,
        include_all: z.boolean().default(false).describe('List every accessible object (panels, fillers, off-screen), not only controls.'),
        details: z.boolean().default(true).describe('Read actions, text and values (one more call per control).'),
      }),
      handler: async ({ roles, include_all, details }) => {
        const listing = await ctx.session.listControls({ roles: roles.length ? roles : undefined, includeAll: include_all });
        return { window: listing.window, generation: ctx.session.controlIds.currentGeneration() ?? null, controls: await describeControls(ctx.session, listing.controls, { details }) };
      },
    }),
    defineTool({
      name: 'get_app_window_controls_target_info',
      description:
        'The selected window\'s controls as targets: [{kind: "control", id, name, type (role), rect [left, top, right, bottom], text (what a text field shows), states (disabled, focused, checked, selected, expanded, editable, read-only …), label (caption of an unnamed field) and label_source}]. A control keeps its id while it exists.',
      toolType: 'data_collection',
      input: z.object({ roles: ROLES }),
      handler: async ({ roles }) => {
        const listing = await ctx.session.listControls({ roles: roles.length ? roles : undefined });
        const placed = listing.controls.filter((c) => c.rect);
        // what text fields show (a calculator's display, an entry's content); never a password field's
        const texts = await Promise.all(
          placed.map((c) =>
            TEXT_ROLES.has(c.role) && DesktopSession.implements(c, 'text') ? ctx.session.atspi.text(c.ref).then((t) => t.slice(0, 200)).catch(() => undefined) : undefined,
          ),
        );
        return {
          controls: placed.map((c, i) => {
            const states = notableStates(c.states);
            return {
              kind: 'control',
              id: c.id,
              name: c.name,
              type: c.role,
              rect: ltrb(c.rect!),
              ...(texts[i] !== undefined ? { text: texts[i] } : {}),
              ...(states.length > 0 ? { states } : {}),
              ...labelFields(c),
            };
          }),
        };
      },
    }),
    defineTool({
      name: 'click_input',
      description:
        'Click a control by its id from the latest control list or annotated screenshot: a real mouse click at the centre of its visible part. When the control is off screen or covered by another application\'s window, a plain left click uses its accessibility action instead. Ids from an older listing, or a name that clearly differs from the listed one, are refused. The result says what changed on screen (`effect`).',
      toolType: 'action',
      input: z.object({
        id: z.string().describe('The control id, e.g. "a12".'),
        name: z.string().default('').describe('The control name as listed; a clear mismatch refuses the click.'),
        button: z.enum(['left', 'right', 'middle']).default('left').describe('Mouse button.'),
        double: z.boolean().default(false).describe('Double click.'),
        method: z.enum(['auto', 'action', 'pointer']).default('auto').describe('auto, action (accessibility action only) or pointer (real click only).'),
      }),
      handler: ({ id, name, button, double, method }) => clickControl(ctx.session, id, { name, button, double, method }),
    }),
    defineTool({
      name: 'set_edit_text',
      description:
        'Put text into an editable control by id: replace its content (clear_current_text true) or insert at the caret. Uses the accessibility EditableText interface, falling back to focusing the control and typing.',
      toolType: 'action',
      input: z.object({
        id: z.string().describe('The control id.'),
        name: z.string().default('').describe('The control name as listed.'),
        text: z.string().describe('The text (any Unicode).'),
        clear_current_text: z.boolean().default(false).describe('Replace the current content instead of inserting.'),
      }),
      handler: ({ id, name, text, clear_current_text }) => setControlText(ctx.session, id, text, { clear: clear_current_text, name }),
    }),
    defineTool({
      name: 'texts',
      description: 'Read the text of a control by id (its text content, else its name; value for sliders).',
      toolType: 'action',
      input: z.object({ id: z.string().describe('The control id.'), name: z.string().default('').describe('The control name as listed.') }),
      handler: ({ id }) => readControlText(ctx.session, id),
    }),
  ];
}
