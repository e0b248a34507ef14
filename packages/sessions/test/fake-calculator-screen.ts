import { createCommand } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { createImage, drawText, encodePng, fillRect, hasGlyph, strokeRect, toPngDataUrl } from '@ufo-ts/imaging';
import { createFakeDesktopDispatcher, FakeDesktop } from '@ufo-ts/testkit';
import { z } from 'zod';

/** A calculator key as it is drawn on the screen, in screen pixels. */
export interface ScreenKey {
  label: string;
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const WINDOW_ID = '0x3a00004';

/**
 * The testkit's fake desktop calculator drawn on a screen of `size` pixels (its window at `origin`, its controls
 * scaled by `scale`), served with the platform's coordinate tools: `capture_desktop_screenshot` draws the keys and
 * the display, and `click_on_coordinates` presses the key under the point through the fake desktop's own
 * `click_input` tool. A click beside every key presses nothing. The calculator's state is read back from the
 * fake desktop.
 */
export class FakeCalculatorScreen {
  readonly desktop = new FakeDesktop();
  /** Every coordinate click, with the key it pressed (null for a miss). */
  readonly clicks: Array<{ x: number; y: number; key: string | null }> = [];
  readonly keys: ScreenKey[];
  private readonly calculator = createFakeDesktopDispatcher(this.desktop);
  private selected = false;

  constructor(
    readonly size = { width: 1280, height: 800 },
    readonly origin = { x: 200, y: 150 },
    readonly scale = 4,
  ) {
    const window = this.desktop.windows.find((w) => w.id === WINDOW_ID)!;
    this.keys = window.controls
      .filter((c) => c.type === 'push button')
      .map((c) => ({
        label: c.name,
        id: c.id,
        left: origin.x + c.rect[0] * scale,
        top: origin.y + c.rect[1] * scale,
        right: origin.x + c.rect[2] * scale,
        bottom: origin.y + c.rect[3] * scale,
      }));
  }

  /** The centre of a key, in screen pixels. */
  centre(label: string): { x: number; y: number } {
    const key = this.keys.find((k) => k.label === label);
    if (!key) throw new Error(`no key ${label}`);
    return { x: Math.round((key.left + key.right) / 2), y: Math.round((key.top + key.bottom) / 2) };
  }

  /** What the calculator's display shows. */
  get display(): string {
    return this.desktop.state.display;
  }

  private async screenshot(): Promise<string> {
    const image = createImage(this.size.width, this.size.height, [236, 236, 236]);
    const { x, y } = this.origin;
    fillRect(image, { x, y, width: 220 * this.scale, height: 140 * this.scale }, [250, 250, 250]);
    fillRect(image, { x: x + 10 * this.scale, y: y + 20 * this.scale, width: 190 * this.scale, height: 40 * this.scale }, [255, 255, 255]);
    drawText(image, this.display, x + 14 * this.scale, y + 30 * this.scale, 3, [20, 20, 20]);
    for (const key of this.keys) {
      const rect = { x: key.left, y: key.top, width: key.right - key.left, height: key.bottom - key.top };
      fillRect(image, rect, [210, 214, 220]);
      strokeRect(image, rect, 2, [90, 90, 90]);
      drawText(image, hasGlyph(key.label) ? key.label : '*', key.left + 40, key.top + 40, 3, [20, 20, 20]);
    }
    return toPngDataUrl(await encodePng(image));
  }

  private async press(x: number, y: number): Promise<string | null> {
    const key = this.keys.find((k) => x >= k.left && x < k.right && y >= k.top && y < k.bottom);
    this.clicks.push({ x, y, key: key?.label ?? null });
    if (!key) return null;
    const commands = [...(this.selected ? [] : [createCommand('select_application_window', { id: WINDOW_ID })]), createCommand('click_input', { id: key.id })];
    const results = await this.calculator.dispatcher.execute(commands, { target: { agent: 'AppAgent' } });
    const failed = results.find((r) => r.status !== 'success');
    if (failed) throw new Error(`the fake calculator refused: ${failed.error}`);
    this.selected = true;
    return key.label;
  }

  private createServer() {
    return createToolServer({
      name: 'fake-calculator-screen',
      version: '0.1.0',
      tools: [
        defineTool({
          name: 'capture_desktop_screenshot',
          description: 'Screenshot of the whole screen.',
          toolType: 'data_collection',
          input: z.object({ all_screens: z.boolean().optional() }),
          handler: async () => ({ image: await this.screenshot(), width: this.size.width, height: this.size.height }),
        }),
        defineTool({
          name: 'click_on_coordinates',
          description: 'Click at a point of the screen.',
          input: z.object({
            x: z.number(),
            y: z.number(),
            coordinate_type: z.literal('absolute'),
            button: z.enum(['left', 'right', 'middle']).default('left'),
            double: z.boolean().default(false),
          }),
          handler: async ({ x, y, button }) => ({ pressed: button === 'left' ? await this.press(x, y) : null }),
        }),
      ],
    });
  }

  /** A dispatcher routing the operator's kind to this screen, in process. */
  dispatcher(kind = 'OperatorAgent'): LocalCommandDispatcher {
    const servers = {
      data_collection: [{ namespace: 'screen', transport: 'in-process' as const, factory: 'screen' }],
      action: [{ namespace: 'screen', transport: 'in-process' as const, factory: 'screen' }],
    };
    return new LocalCommandDispatcher({ config: { [kind]: { default: servers } }, factories: { screen: () => this.createServer() } });
  }

  async close(): Promise<void> {
    await this.calculator.dispatcher.close();
  }
}
