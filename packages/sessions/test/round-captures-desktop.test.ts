import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCommand, EventBus, ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { pngSize } from '@ufo-ts/imaging';
import { checkDesktopAvailability, createLinuxToolServer, startDesktop, type Desktop, type LinuxToolServer } from '@ufo-ts/platform-linux';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinuxSession } from '../src/index.js';
import { app, TempDirs } from './helpers.js';

const availability = checkDesktopAvailability(['galculator']);
const describeDesktop = availability.available ? describe : describe.skip;
if (!availability.available) process.stderr.write(`[sessions] skipping the round-captures desktop test: ${availability.reason}\n`);

const SCREEN = { width: 1024, height: 768 };

describeDesktop('captures at subtask and round ends on a real Xvfb desktop (galculator, in-process Linux tool server)', () => {
  const dirs = new TempDirs();
  let desktop: Desktop;
  let server: LinuxToolServer;
  let dispatcher: LocalCommandDispatcher;

  beforeAll(async () => {
    desktop = await startDesktop(SCREEN);
    await desktop.launchApp('galculator').waitForFrame({ timeoutMs: 30_000 });
    server = await createLinuxToolServer({ desktop, shell: false });
    const entry = { namespace: 'linux', transport: 'in-process' as const, factory: 'linux' };
    dispatcher = new LocalCommandDispatcher({
      config: { LinuxAgent: { default: { data_collection: [entry], action: [entry] } } },
      factories: { linux: () => server.createServer() },
      defaultTimeoutMs: 60_000,
    });
  });

  afterAll(async () => {
    await dispatcher?.close();
    await server?.close();
    const report = await desktop?.stop();
    dirs.cleanup();
    expect(report?.leftovers).toEqual([]);
  });

  it('a LinuxSession with uiTree and desktopScreenshot on saves all three at the subtask end and at the round end', async () => {
    const [listed] = await dispatcher.execute([createCommand('list_windows', {}, 'data_collection')], { target: { agent: 'LinuxAgent' } });
    const window = (
      listed?.result as { windows: Array<{ id: string; title: string; root_name: string; rect: { width: number; height: number } }> }
    ).windows.find((w) => w.root_name === 'galculator')!;
    expect(window).toBeDefined();
    const model = new ScriptedModel({
      replies: [
        app({ function: 'select_application_window', arguments: { id: window.id, name: window.title } }),
        app([], { status: 'FINISH', result: 'The calculator is open.' }),
      ],
    });
    const events = new EventBus();
    const warnings: string[] = [];
    events.subscribe((e) => {
      if (e.type === 'warning') warnings.push(e.message);
    });
    const outcome = await new LinuxSession({
      task: 'round-captures',
      logRoot: dirs.make(),
      request: 'Open the calculator.',
      models: { LINUX_AGENT: model },
      dispatcher,
      events,
      interactor: new ProgrammaticInteractor(),
      captures: { uiTree: true, desktopScreenshot: true },
    }).run();
    expect(outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH' }] });
    expect(warnings.filter((w) => / not captured: /.test(w))).toEqual([]);
    const folder = outcome.logFolder!;
    for (const end of ['round_0_sub_round_0_final', 'round_0_final']) {
      for (const file of [`action_${end}.png`, `ui_tree_${end}.json`, `desktop_${end}.png`]) expect(existsSync(join(folder, file)), file).toBe(true);
      // the desktop screenshot is the whole screen; the window screenshot is the window
      const size = (file: string) => pngSize(readFileSync(join(folder, file)));
      expect(size(`desktop_${end}.png`)).toEqual(SCREEN);
      expect(size(`action_${end}.png`)).toEqual({ width: window.rect.width, height: window.rect.height });
      // the UI tree is the window's control listing: galculator's buttons by name
      const tree = JSON.parse(readFileSync(join(folder, `ui_tree_${end}.json`), 'utf8')) as {
        window: { title: string };
        controls: Array<{ role: string; name: string }>;
      };
      expect(tree.window.title).toBe(window.title);
      const buttons = tree.controls.filter((c) => /button/.test(c.role)).map((c) => c.name);
      expect(buttons).toEqual(expect.arrayContaining(['1', '2', '=', '+']));
    }
    // the reports link them
    expect(readFileSync(join(folder, 'output.md'), 'utf8')).toContain('[UI tree](ui_tree_round_0_sub_round_0_final.json)');
    expect(readFileSync(join(folder, 'report.html'), 'utf8')).toContain('href="desktop_round_0_final.png"');
  });
});
