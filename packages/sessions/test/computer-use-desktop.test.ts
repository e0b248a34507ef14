import { randomBytes } from 'node:crypto';
import { createCommand, ProgrammaticInteractor, type ChatMessage, type ContentPart, type ToolCall } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import {
  checkDesktopAvailability,
  createLinuxToolServer,
  startDesktop,
  waitForCalculatorDisplay,
  type Desktop,
  type LinuxToolServer,
} from '@ufo-ts/platform-linux';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computerDisplaySize, OperatorSession } from '../src/index.js';
import { TempDirs } from './helpers.js';

interface Control {
  role: string;
  name: string;
  rect: { x: number; y: number; width: number; height: number } | null;
}

const availability = checkDesktopAvailability(['galculator']);
const describeDesktop = availability.available ? describe : describe.skip;
if (!availability.available) process.stderr.write(`[sessions] skipping the computer-use desktop test: ${availability.reason}\n`);

// A screen larger than the model's display, so every screenshot is scaled down and every click scaled back up.
const SCREEN = { width: 1600, height: 1000 };

describeDesktop('OperatorSession with a computer tool on a real Xvfb desktop (galculator, tool server over HTTP)', () => {
  const dirs = new TempDirs();
  let desktop: Desktop;
  let server: LinuxToolServer;
  let dispatcher: LocalCommandDispatcher;
  let closeHttp: () => Promise<void>;

  beforeAll(async () => {
    desktop = await startDesktop(SCREEN);
    await desktop.launchApp('galculator').waitForFrame({ timeoutMs: 30_000 });
    server = await createLinuxToolServer({ desktop, shell: false });
    const token = randomBytes(16).toString('hex');
    const http = await server.serveHttp({ token });
    closeHttp = () => http.close();
    const entry = { namespace: 'linux', transport: 'http' as const, url: http.url, headers: { Authorization: `Bearer ${token}` } };
    dispatcher = new LocalCommandDispatcher({
      config: { OperatorAgent: { default: { data_collection: [entry], action: [entry] } } },
      defaultTimeoutMs: 60_000,
    });
  });

  afterAll(async () => {
    await dispatcher?.close();
    await closeHttp?.();
    await server?.close();
    const report = await desktop?.stop();
    dirs.cleanup();
    expect(report?.leftovers).toEqual([]);
  });

  async function run<T>(tool: string, parameters: Record<string, unknown> = {}, type: 'action' | 'data_collection' = 'data_collection'): Promise<T> {
    const [result] = await dispatcher.execute([createCommand(tool, parameters, type)], { target: { agent: 'OperatorAgent' } });
    if (result?.status !== 'success') throw new Error(`${tool} failed: ${result?.error}`);
    return result.result as T;
  }

  it('Anthropic-style clicks at display coordinates press 12*34= and the app shows 408', async () => {
    // Where the buttons are, from the accessibility tree, in screen pixels; the scripted model clicks their centres
    // in the display's pixels, as a computer-use model looking at the scaled screenshot would.
    const { windows } = await run<{ windows: Array<{ id: string; title: string; root_name: string }> }>('list_windows');
    const window = windows.find((w) => w.root_name === 'galculator')!;
    await run('select_application_window', { id: window.id, name: window.title }, 'action');
    const { controls } = await run<{ controls: Control[] }>('get_controls');
    const display = computerDisplaySize(SCREEN);
    expect(display).toEqual({ width: 1280, height: 800 });
    const toDisplay = (c: Control): [number, number] => [
      Math.round(((c.rect!.x + c.rect!.width / 2) * display.width) / SCREEN.width),
      Math.round(((c.rect!.y + c.rect!.height / 2) * display.height) / SCREEN.height),
    ];
    const labels = ['AC', '1', '2', '*', '3', '4', '='];
    const clicks: ToolCall[] = labels.map((label, i) => {
      const button = controls.find((c) => /button/.test(c.role) && c.name === label && c.rect);
      expect(button, `button ${label}`).toBeDefined();
      return { id: `toolu_${i + 1}`, type: 'computer', name: 'computer', arguments: { action: 'left_click', coordinate: toDisplay(button!) } };
    });
    const model = new ScriptedModel({
      replies: [{ content: '', toolCalls: clicks.slice(0, 3) }, { content: '', toolCalls: clicks.slice(3) }, { content: 'The calculator shows 408.' }],
      features: { toolCalls: true, parallelToolCalls: true, strictSchema: false, computerTool: 'anthropic' },
    });

    const outcome = await new OperatorSession({
      task: 'galculator-computer-use',
      logRoot: dirs.make(),
      request: 'Compute 12*34 with the calculator.',
      models: { OPERATOR: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
    }).run();

    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'The calculator shows 408.' }]);
    // the app itself, read from the accessibility tree, not the model's word
    expect(await waitForCalculatorDisplay(desktop, '408', { app: 'galculator', timeoutMs: 10_000 })).toBe('408');
    // the transcript sent back: one tool result per call with matching ids, each a screenshot at the display size
    const last: ChatMessage[] = model.calls[2]!.messages;
    expect(model.calls[0]!.tools).toEqual([{ type: 'computer', displayWidth: 1280, displayHeight: 800, environment: 'linux' }]);
    const results = last.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.toolCallId)).toEqual(clicks.map((c) => c.id));
    for (const message of results) {
      expect(message.isError).toBeUndefined();
      const image = (message.content as ContentPart[]).find((p) => p.type === 'image');
      expect(image && image.type === 'image' ? pngSize(fromPngDataUrl(image.image)) : undefined).toEqual({ width: 1280, height: 800 });
    }
  });

  it('OpenAI-style keypress and type actions: Escape, 55*11, Enter make galculator show 605', async () => {
    const { controls } = await run<{ controls: Control[] }>('get_controls');
    const display = computerDisplaySize(SCREEN);
    const seven = controls.find((c) => /button/.test(c.role) && c.name === '7' && c.rect)!;
    const focus = {
      x: Math.round(((seven.rect!.x + seven.rect!.width / 2) * display.width) / SCREEN.width),
      y: Math.round(((seven.rect!.y + seven.rect!.height / 2) * display.height) / SCREEN.height),
    };
    const computerCall = (id: string, args: Record<string, unknown>): ToolCall => ({ id, type: 'computer', name: 'computer', arguments: args });
    const model = new ScriptedModel({
      replies: [
        {
          content: '',
          toolCalls: [computerCall('cu_1', { type: 'click', ...focus, button: 'left' }), computerCall('cu_2', { type: 'keypress', keys: ['ESC'] })],
        },
        { content: '', toolCalls: [computerCall('cu_3', { type: 'type', text: '55*11' }), computerCall('cu_4', { type: 'keypress', keys: ['ENTER'] })] },
        { content: 'It shows 605.' },
      ],
      features: { toolCalls: true, parallelToolCalls: false, strictSchema: false, computerTool: 'openai' },
    });
    const outcome = await new OperatorSession({
      task: 'galculator-openai-keys',
      logRoot: dirs.make(),
      request: 'Compute 55*11.',
      models: { OPERATOR: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
    }).run();
    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'It shows 605.' }]);
    expect(await waitForCalculatorDisplay(desktop, '605', { app: 'galculator', timeoutMs: 10_000 })).toBe('605');
    const results = model.calls[2]!.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => [m.toolCallId, m.isError ?? false])).toEqual([
      ['cu_1', false],
      ['cu_2', false],
      ['cu_3', false],
      ['cu_4', false],
    ]);
  });
});
