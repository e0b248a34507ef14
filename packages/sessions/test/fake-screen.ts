import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { solidPngDataUrl } from '@ufo-ts/testkit';
import { z } from 'zod';

/**
 * A screen with the platform's coordinate tools (as `@ufo-ts/platform-linux` names them, without the side buttons,
 * so a `back` click fails); it records every call.
 */
export class FakeScreen {
  readonly calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  readonly image: string;
  /** How many screenshots were taken. */
  screenshots = 0;

  constructor(readonly size: { width: number; height: number } = { width: 320, height: 200 }) {
    this.image = solidPngDataUrl(size.width, size.height, [30, 30, 30]);
  }

  createServer() {
    const record = (tool: string) => (args: Record<string, unknown>) => {
      this.calls.push({ tool, args });
      return { ok: true };
    };
    const coordinate = { x: z.number(), y: z.number(), coordinate_type: z.enum(['fraction', 'absolute']).default('fraction') };
    const keyHold = { key_hold: z.string().optional() };
    return createToolServer({
      name: 'fake-screen',
      version: '0.1.0',
      tools: [
        defineTool({
          name: 'capture_desktop_screenshot',
          description: 'Screenshot.',
          toolType: 'data_collection',
          input: z.object({ all_screens: z.boolean().optional() }),
          handler: () => {
            this.screenshots += 1;
            return { image: this.image, width: this.size.width, height: this.size.height };
          },
        }),
        defineTool({
          name: 'click_on_coordinates',
          description: 'Click.',
          input: z.object({
            ...coordinate,
            button: z.enum(['left', 'right', 'middle']).default('left'),
            double: z.boolean().default(false),
            clicks: z.number().int().min(1).max(3).optional(),
            ...keyHold,
          }),
          handler: record('click_on_coordinates'),
        }),
        defineTool({
          name: 'drag_on_coordinates',
          description: 'Drag.',
          input: z.object({
            start_x: z.number(),
            start_y: z.number(),
            end_x: z.number(),
            end_y: z.number(),
            coordinate_type: z.enum(['fraction', 'absolute']).default('fraction'),
            ...keyHold,
          }),
          handler: record('drag_on_coordinates'),
        }),
        defineTool({ name: 'type_text', description: 'Type.', input: z.object({ text: z.string() }), handler: record('type_text') }),
        defineTool({ name: 'keyboard_input', description: 'Keys.', input: z.object({ keys: z.string() }), handler: record('keyboard_input') }),
        defineTool({
          name: 'wheel_mouse_input',
          description: 'Scroll.',
          input: z.object({ ...coordinate, wheel_dist: z.number().int(), horizontal: z.boolean().default(false), ...keyHold }),
          handler: record('wheel_mouse_input'),
        }),
        defineTool({ name: 'move_pointer', description: 'Move.', input: z.object({ ...coordinate, ...keyHold }), handler: record('move_pointer') }),
        defineTool({
          name: 'mouse_button',
          description: 'Button.',
          input: z.object({ action: z.enum(['press', 'release']), button: z.enum(['left', 'right', 'middle']).default('left') }),
          handler: record('mouse_button'),
        }),
        defineTool({ name: 'hold_keys', description: 'Hold.', input: z.object({ keys: z.string(), seconds: z.number() }), handler: record('hold_keys') }),
        defineTool({ name: 'wait', description: 'Wait.', input: z.object({ seconds: z.number() }), handler: record('wait') }),
      ],
    });
  }

  /** A dispatcher routing the operator's kind to this screen. */
  dispatcher(kind = 'OperatorAgent'): LocalCommandDispatcher {
    const servers = {
      data_collection: [{ namespace: 'fake-screen', transport: 'in-process' as const, factory: 'screen' }],
      action: [{ namespace: 'fake-screen', transport: 'in-process' as const, factory: 'screen' }],
    };
    return new LocalCommandDispatcher({ config: { [kind]: { default: servers } }, factories: { screen: () => this.createServer() } });
  }
}
