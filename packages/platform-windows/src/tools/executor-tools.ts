import { defineTool, type ToolDefinition } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import type { WindowsDesktop } from '../desktop/windows-desktop.js';

const controlId = (what: string) =>
  z
    .string()
    .describe(
      `The precise annotated ID of the selected control item to ${what}, adhering strictly to the provided options in the field of 'id' in the control information.`,
    );
const controlName = (what: string) =>
  z
    .string()
    .describe(
      `The precise name of the selected control item to ${what}, adhering strictly to the provided options in the field of 'name' in the control information, and must match the name of its selected id.`,
    );
const button = z.enum(['left', 'right', 'middle', 'x']).default('left').describe("The mouse button: 'left', 'right', 'middle' or 'x'.");
const fraction = (what: string) =>
  z.number().describe(`The relative fractional ${what}, ranging from 0.0 to 1.0. The origin is the top-left corner of the application window.`);

/** HostUIExecutor: `select_application_window`. */
export function hostUiExecutorTools(desktop: WindowsDesktop): ToolDefinition[] {
  return [
    defineTool({
      name: 'select_application_window',
      description: 'Select an application window for UI automation and bring it to the foreground.',
      input: z.object({
        id: z
          .string()
          .describe(
            'Specify the precise label of the application to be selected for the current sub-task, adhering strictly to the provided options in the field of id in the application information.',
          ),
        name: z.string().describe('Specify the precise name of the application to be selected, matching the selected id.'),
      }),
      handler: (a) => desktop.selectApplicationWindow(a.id, a.name),
    }),
  ];
}

/** AppUIExecutor: the control actions (UFO `create_app_action_mcp_server`). */
export function appUiExecutorTools(desktop: WindowsDesktop): ToolDefinition[] {
  return [
    defineTool({
      name: 'click_input',
      description: 'Click on a UI control element using the mouse. All type of controls elements are supported.',
      input: z.object({
        id: controlId('be clicked'),
        name: controlName('be clicked'),
        button,
        double: z.boolean().default(false).describe('Whether to perform a double click.'),
      }),
      handler: (a) => desktop.clickInput(a.id, a.name, a.button, a.double),
    }),
    defineTool({
      name: 'click_on_coordinates',
      description:
        'Click on specific coordinates within the application window, instead of clicking on a specific control item. Use it when the control is not in the control list; estimate the relative fractional x and y coordinates from 0.0 to 1.0.',
      input: z.object({
        x: fraction('x-coordinate of the point to click on'),
        y: fraction('y-coordinate of the point to click on'),
        button,
        double: z.boolean().default(false).describe('Whether to perform a double click.'),
      }),
      handler: (a) => desktop.clickOnCoordinates(a.x, a.y, a.button, a.double),
    }),
    defineTool({
      name: 'drag_on_coordinates',
      description:
        'Drag from one point to another point in the application window, instead of dragging a specific control item. Coordinates are relative fractions from 0.0 to 1.0; the origin is the top-left corner of the application window.',
      timeoutMs: 90_000,
      input: z.object({
        start_x: fraction('x-coordinate of the starting point to drag from'),
        start_y: fraction('y-coordinate of the starting point to drag from'),
        end_x: fraction('x-coordinate of the ending point to drag to'),
        end_y: fraction('y-coordinate of the ending point to drag to'),
        button,
        duration: z.number().default(1.0).describe('Duration of the drag operation in seconds.'),
        key_hold: z.string().nullable().default(null).describe("Key to hold during the drag (e.g. 'ctrl', 'shift')."),
      }),
      handler: (a) =>
        desktop.dragOnCoordinates({
          startX: a.start_x,
          startY: a.start_y,
          endX: a.end_x,
          endY: a.end_y,
          button: a.button,
          duration: a.duration,
          keyHold: a.key_hold,
        }),
    }),
    defineTool({
      name: 'set_edit_text',
      description: 'Type text in a control element.',
      timeoutMs: 120_000,
      input: z.object({
        id: controlId('be set text'),
        name: controlName('be set text'),
        text: z.string().describe('The text input to the Edit control item.'),
        clear_current_text: z
          .boolean()
          .default(false)
          .describe(
            'Whether to clear the current text in the Edit before setting the new text. If True, the current text will be completely replaced by the new text.',
          ),
      }),
      handler: (a) => desktop.setEditText(a.id, a.name, a.text, a.clear_current_text),
    }),
    defineTool({
      name: 'keyboard_input',
      description:
        'Simulate keyboard input to a control or the focused application, such as sending key presses or shortcuts. For example, keyboard_input(keys="{VK_CONTROL}c") copies the selected text and keyboard_input(keys="{TAB 2}") presses Tab twice.',
      timeoutMs: 120_000,
      input: z.object({
        id: controlId('send keyboard input to'),
        name: controlName('send keyboard input to'),
        keys: z
          .string()
          .describe(
            "Key sequence to send. It can be any key on the keyboard, with special keys represented by their virtual key codes, for example, '{VK_CONTROL}c' for Ctrl+C.",
          ),
        control_focus: z
          .boolean()
          .default(true)
          .describe('Whether to focus the selected control id before sending keys. If False, the hotkeys will operate on the application window.'),
      }),
      handler: (a) => desktop.keyboardInput(a.id, a.name, a.keys, a.control_focus),
    }),
    defineTool({
      name: 'wheel_mouse_input',
      description: 'Send mouse wheel input to scroll a control.',
      input: z.object({
        id: controlId('send mouse wheel input to'),
        name: controlName('send mouse wheel input to'),
        wheel_dist: z
          .number()
          .int()
          .default(0)
          .describe('The number of wheel notches to scroll. Positive values indicate upward scrolling, negative values indicate downward scrolling.'),
      }),
      handler: (a) => desktop.wheelMouseInput(a.id, a.name, a.wheel_dist),
    }),
    defineTool({
      name: 'texts',
      description: 'Retrieve all text content from a control element.',
      input: z.object({ id: controlId('retrieve text from'), name: controlName('retrieve text from') }),
      handler: (a) => desktop.texts(a.id, a.name),
    }),
    defineTool({
      name: 'wait',
      description: 'Wait for a specified number of seconds (0 to 300) before continuing, e.g. for an application to load.',
      timeoutMs: 310_000,
      input: z.object({ seconds: z.number().describe('The number of seconds to wait; decimals allowed.') }),
      handler: (a, extra) => desktop.wait(a.seconds, extra.signal),
    }),
    defineTool({
      name: 'summary',
      description:
        'Summarize your observation of the current application window based on the subtask to complete. You must use your vision to summarize the image with required information and put it into the `text` argument. This summary will be passed to future steps for information.',
      input: z.object({ text: z.string().describe('The summary text to provide.') }),
      handler: (a) => desktop.summary(a.text),
    }),
  ];
}
