import { UfoError } from '@ufo-ts/core';
import { createToolServer, defineTool, type McpServer } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { solidPngDataUrl } from './tiny-png.js';

/** A window of the fake desktop. */
export interface FakeWindow {
  id: string;
  title: string;
  root_name: string;
  pid: number;
  controls: Array<{ id: string; name: string; type: string; rect: [number, number, number, number] }>;
}

/** Observable state of a {@link FakeDesktop}, for assertions. */
export interface FakeDesktopState {
  selected: string | undefined;
  display: string;
  sentEmails: Array<{ to: string; body: string }>;
  calls: string[];
}

const CALC_BUTTONS = ['1', '2', '3', '4', '×', '='];

/**
 * A small in-memory desktop with two applications (window ids look like X window ids, as on a real desktop), a calculator and a mail client, served as real MCP tools
 * (the same names as the platform packages). Used by engine tests, the benchmark and examples.
 */
export class FakeDesktop {
  readonly state: FakeDesktopState = { selected: undefined, display: '0', sentEmails: [], calls: [] };
  readonly windows: FakeWindow[] = [
    {
      id: '0x3a00004',
      title: 'Calculator',
      root_name: 'calc',
      pid: 4101,
      controls: [
        ...CALC_BUTTONS.map((name, i) => ({
          id: String(i + 1),
          name,
          type: 'push button',
          rect: [10 + i * 30, 100, 35 + i * 30, 125] as [number, number, number, number],
        })),
        { id: '7', name: 'Result', type: 'label', rect: [10, 20, 200, 60] as [number, number, number, number] },
      ],
    },
    {
      id: '0x3c00004',
      title: 'Inbox - Mail',
      root_name: 'mail',
      pid: 4102,
      controls: [
        { id: '1', name: 'To', type: 'text', rect: [10, 10, 300, 30] },
        { id: '2', name: 'Send', type: 'push button', rect: [10, 50, 80, 70] },
      ],
    },
  ];
  private expression = '';

  /** The currently selected window, or throws. */
  selectedWindow(): FakeWindow {
    const win = this.windows.find((w) => w.id === this.state.selected);
    if (!win) throw new UfoError('WINDOW_NOT_SELECTED', 'No window is selected: call select_application_window first');
    return win;
  }

  /** Builds a fresh MCP server over this desktop's shared state. */
  createServer(): McpServer {
    const track = (name: string) => this.state.calls.push(name);
    const screen = solidPngDataUrl(8, 6, [40, 90, 160]);
    const windowShot = solidPngDataUrl(4, 3, [200, 200, 200]);
    const annotated = solidPngDataUrl(4, 3, [220, 40, 40]);
    return createToolServer({
      name: 'fake-desktop',
      version: '0.1.0',
      tools: [
        defineTool({
          name: 'capture_desktop_screenshot',
          description: 'Screenshot of the whole desktop.',
          toolType: 'data_collection',
          input: z.object({ all_screens: z.boolean().optional() }),
          handler: () => (track('capture_desktop_screenshot'), { image: screen, width: 8, height: 6 }),
        }),
        defineTool({
          name: 'get_desktop_app_target_info',
          description: 'Top-level windows.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => (
            track('get_desktop_app_target_info'),
            { windows: this.windows.map(({ controls: _c, ...w }) => ({ ...w, name: w.title, kind: 'window' })) }
          ),
        }),
        defineTool({
          name: 'capture_window_screenshot',
          description: 'Screenshot of the selected window.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => (track('capture_window_screenshot'), this.selectedWindow(), { image: windowShot, width: 4, height: 3 }),
        }),
        defineTool({
          name: 'capture_annotated_screenshot',
          description: 'Screenshot of the selected window with numbered boxes.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => (track('capture_annotated_screenshot'), this.selectedWindow(), { image: annotated, width: 4, height: 3 }),
        }),
        defineTool({
          name: 'get_app_window_controls_target_info',
          description: 'Controls of the selected window.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => (track('get_app_window_controls_target_info'), { controls: this.selectedWindow().controls }),
        }),
        defineTool({
          name: 'select_application_window',
          description: 'Selects a window by id; returns its root name.',
          input: z.object({ id: z.string(), name: z.string().optional() }),
          handler: ({ id }) => {
            track('select_application_window');
            const win = this.windows.find((w) => w.id === id);
            if (!win) throw new UfoError('WINDOW_NOT_FOUND', `No window with id ${id}`);
            this.state.selected = id;
            return { root_name: win.root_name, title: win.title, pid: win.pid };
          },
        }),
        defineTool({
          name: 'click_input',
          description: 'Clicks a control of the selected window by id. Returns {clicked, role, name} of the control.',
          input: z.object({ id: z.string().describe('Control id from the current list') }),
          handler: ({ id }) => {
            track('click_input');
            const control = this.selectedWindow().controls.find((c) => c.id === id);
            if (!control) throw new UfoError('CONTROL_NOT_FOUND', `No control with id ${id}`);
            if (this.selectedWindow().root_name === 'calc') this.press(control.name);
            return { clicked: control.name, role: control.type, name: control.name };
          },
        }),
        defineTool({
          name: 'send_email',
          description: 'Sends an email (sensitive: mark it CONFIRM).',
          input: z.object({ to: z.string(), body: z.string().default('') }),
          handler: ({ to, body }) => {
            track('send_email');
            this.state.sentEmails.push({ to, body });
            return { sent: true, to };
          },
        }),
      ],
    });
  }

  private press(key: string): void {
    if (key === '=') {
      const [a, b] = this.expression.split('×').map(Number);
      this.state.display = String((a ?? 0) * (b ?? 0));
      this.expression = '';
      return;
    }
    this.expression += key;
    this.state.display = this.expression;
  }
}
