import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { clickControl } from '../desktop/control-click.js';
import { readControlText, setControlText } from '../desktop/control-text.js';
import { describeControls, labelFields, notableStates } from '../desktop/control-details.js';
import { cellsOverCap, readControlContent } from '../desktop/control-content.js';
import { screenTextFields } from '../desktop/ocr-entries.js';
import { ltrb } from '../desktop/screenshots.js';
import type { LinuxToolContext } from './tool-context.js';

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
        const described = (await describeControls(ctx.session, listing.controls, { details })).map((d, i) => ({
          ...d,
          ...screenTextFields(listing.controls[i]!),
        }));
        return {
          window: listing.window,
          generation: ctx.session.controlIds.currentGeneration() ?? null,
          controls: described,
          ...(listing.notes ? { notes: listing.notes } : {}),
        };
      },
    }),
    defineTool({
      name: 'get_app_window_controls_target_info',
      description:
        'The selected window\'s controls as targets: [{kind: "control", id, name, type (role), rect [left, top, right, bottom], states (disabled, focused, checked, selected, expanded, editable, read-only …), label (caption of an unnamed field) and label_source}], plus what the control shows where the toolkit exposes it: ' +
        'text fields and documents (never password fields): text (all of it up to 2,000 characters, else the lines visible in the control, or the lines around the caret when the toolkit cannot say which are visible; at most 8,000 characters for the whole listing, shared by the text controls, the focused one first) with text_truncated, text_range [start, end) and text_length (characters) when it is only part, caret {offset, line, column} (1-based line and column) when the control is focused or has a selection, and selection {start, end, text (at most 500 characters)}; ' +
        "sliders, spin buttons, progress bars and scroll bars: value {current, min, max, step, text (as displayed)} (step and text when the toolkit gives them); tables (and trees or lists that have rows and columns): rows and columns (counts); table cells (only those on screen, at most 300 per listing, the rest counted in the table's cells_omitted): row and column (0-based) with column_header and row_header captions; a spreadsheet's sheet (too many cells to list): only its on-screen cells with content, each named by its address (B4) with text (what it shows) and formula (`=SUM(B2:B3)`) when it holds one, and a note in `notes` giving the range on screen. All of it is read live at listing time. A control keeps its id while it exists. " +
        'Text the accessibility tree does not describe (what an app draws itself, every control of an app without accessibility) is read from the screen (OCR) and listed after the controls as {kind: "control", id, name (the text read), type "ocr text", rect, source: "ocr", confidence (0 to 1)}: it keeps its id while the same text stays at about the same place; `notes` says when the screen could not be read.',
      toolType: 'data_collection',
      input: z.object({ roles: ROLES }),
      handler: async ({ roles }) => {
        const listing = await ctx.session.listControls({ roles: roles.length ? roles : undefined });
        const placed = listing.controls.filter((c) => c.rect);
        const content = await readControlContent(ctx.session.atspi, placed);
        const { omit, omittedUnder } = cellsOverCap(placed.map((c, i) => ({ parent: c.parent, cell: content[i]!.row !== undefined })));
        return {
          controls: placed.flatMap((c, i) => {
            if (omit.has(i)) return [];
            const states = notableStates(c.states);
            const omitted = omittedUnder.get(c.id);
            return [
              {
                kind: 'control',
                id: c.id,
                name: c.name,
                type: c.role,
                rect: ltrb(c.rect!),
                ...content[i],
                ...(omitted ? { cells_omitted: omitted } : {}),
                ...(states.length > 0 ? { states } : {}),
                ...labelFields(c),
                ...screenTextFields(c),
              },
            ];
          }),
          ...(listing.notes ? { notes: listing.notes } : {}),
        };
      },
    }),
    defineTool({
      name: 'click_input',
      description:
        "Click a control by its id from the latest control list or annotated screenshot: a real mouse click at the centre of its visible part. When the control is off screen or covered by another application's window, a plain left click uses its accessibility action instead. Ids from an older listing, or a name that clearly differs from the listed one, are refused. The result says what changed on screen (`effect`). " +
        'A plain left click on a check box, radio button or switch (check and radio menu items included; not toggle buttons, which keypads use as plain keys) must flip its checked (or pressed) state, and `effect` then shows it (`+checked` / `-checked`): when the state did not flip, it is clicked once more at its own box (the square or circle at the start of a check box or radio button, else the centre of the control), and when it still did not, the click fails with NO_EFFECT saying what changed instead (e.g. "+focused only"). A radio button that was already checked stays checked: a success whose effect says "already checked". ' +
        'An "ocr text" entry (source "ocr") is clicked with the pointer at the centre of its text, after checking the text is still there (refused as vanished or stale otherwise); its effect compares the window\'s pixels too, and says "no visible change" when nothing changed.',
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
        'Put text into an editable control by id: replace its content (clear_current_text true) or insert at the caret. Uses the accessibility EditableText interface (a spin button given a number with clear_current_text: its Value, so the number is taken as if entered), falling back to focusing the control and typing; refused (CONTROL_NOT_ACTIONABLE) for controls that take no text (labels, buttons, menus, tabs …: typing would go to whichever field has the focus). ' +
        'For an "ocr text" entry: the field it is in (e.g. its current content), or, when it is a caption ending with ":", the field right of it (apps whose widgets are X windows: Tk, X toolkit); clicks there (three times with clear_current_text, selecting the field\'s line so typing replaces it; else once, then End) and types with real keys; `text` is the field read from the screen afterwards.',
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
      description:
        "Read the text of a control by id, as it is now on the accessibility bus (never as it was listed): its text content, else its current name (a combo box: the item it shows now); value for sliders and spin buttons. For an \"ocr text\" entry, the screen around its box is read again now: `text` is the text on its line there (a display's new number included), '' when none.",
      toolType: 'action',
      input: z.object({ id: z.string().describe('The control id.'), name: z.string().default('').describe('The control name as listed.') }),
      handler: ({ id }) => readControlText(ctx.session, id),
    }),
  ];
}
