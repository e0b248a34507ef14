import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfigText } from '@ufo-ts/config';
import { EventBus, ProgrammaticInteractor, type EngineEvent } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { spawnProgram } from './helpers/spawn.js';
import type { CliIo } from '../src/cli-io.js';
import { CliUsageError } from '../src/errors.js';
import { SESSION_OPTIONS, SESSION_OPTIONS_HELP, parseWithPositionals } from '../src/session-commands/session-options.js';
import { appProcessorOptionsFrom, progressFrom, sessionDefaultsFrom, wireSessions, type SessionWiringValues } from '../src/session-commands/session-wiring.js';

const config = (text: string) => parseConfigText(text, 'ufo.yaml', { env: {} }).config;
const io: CliIo = { stdout: () => undefined, stderr: () => undefined, env: {}, signal: new AbortController().signal };

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

describe('session.captures', () => {
  it('the sessions get the configured captures at subtask and round ends (off by default)', () => {
    expect(sessionDefaultsFrom(config('session: { captures: { uiTree: true } }\nevaluation: { session: false }\n'), {}, io).captures).toEqual({
      uiTree: true,
      desktopScreenshot: false,
    });
    expect(sessionDefaultsFrom(config('evaluation: { session: false }\n'), {}, io).captures).toEqual({ uiTree: false, desktopScreenshot: false });
  });
});

describe('--progress and agent.progress / agent.validateBatches', () => {
  it("the processor options carry the configuration's monitor and batch validation; --progress replaces the mode only", () => {
    const configured = config('agent:\n  progress: { mode: enforce, onStuck: ask, limits: { cycle: 8 } }\n  validateBatches: false\n');
    expect(appProcessorOptionsFrom(configured, {})).toEqual({
      visual: true,
      annotate: true,
      toolMode: 'text',
      progress: { mode: 'enforce', onStuck: 'ask', limits: { repeated_no_effect: 3, no_effect_streak: 4, cycle: 8, same_screen: 6 } },
      validateBatches: false,
    });
    expect(appProcessorOptionsFrom(configured, { progress: 'off', 'tool-mode': 'native' })).toMatchObject({
      toolMode: 'native',
      progress: { mode: 'off', onStuck: 'ask', limits: { cycle: 8 } },
      validateBatches: false,
    });
    // the defaults: warn mode, batches validated
    expect(appProcessorOptionsFrom(config('{}\n'), {})).toMatchObject({ progress: { mode: 'warn', onStuck: 'fail' }, validateBatches: true });
  });

  it('an unknown --progress mode is a usage error naming the modes', () => {
    const settings = config('{}\n').agent.progress;
    expect(progressFrom('warn', settings).mode).toBe('warn');
    expect(() => progressFrom('strict', settings)).toThrow(CliUsageError);
    expect(() => progressFrom('strict', settings)).toThrow('--progress must be one of off, warn, enforce (got "strict")');
    expect(() => progressFrom('', settings)).toThrow(CliUsageError);
  });

  it('--progress is a shared session option, documented in the help', () => {
    const { values } = parseWithPositionals(['--progress', 'enforce', '--request', 'x'], { ...SESSION_OPTIONS, request: { type: 'string' } });
    expect(values.progress).toBe('enforce');
    expect(SESSION_OPTIONS_HELP).toContain('--progress off|warn|enforce');
  });

  // A LinuxAgent that keeps clicking a control that is not there: every click fails, so each step made no progress.
  async function runStuckLinuxSession(yaml: string, values: SessionWiringValues = {}) {
    const logRoot = mkdtempSync(join(tmpdir(), 'ufo-wiring-'));
    cleanups.push(() => rmSync(logRoot, { recursive: true, force: true }));
    const { dispatcher } = createFakeDesktopDispatcher();
    cleanups.push(() => dispatcher.close());
    const click = { observation: 'o', thought: 't', action: { function: 'click_input', arguments: { id: 'no-such-control' }, status: 'CONTINUE' } };
    const finish = { observation: 'o', thought: 'done', action: [], status: 'FINISH' };
    const model = new ScriptedModel({ replies: [click, click, click, click, finish].map((r) => JSON.stringify(r)) });
    const events = new EventBus();
    const seen: EngineEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const { factory } = wireSessions({
      values: { 'log-root': logRoot, ...values },
      io,
      config: config(`session: { subtaskSettleMs: 0 }\nevaluation: { session: false }\nreports: { markdown: false, html: false }\n${yaml}`),
      dispatcher,
      models: { LINUX_AGENT: model },
      interactor: new ProgrammaticInteractor(),
      events,
    });
    const session = await factory.create({ task: 'stuck', platform: 'linux', request: 'press the button' });
    const outcome = await session.run();
    return { outcome, noProgress: seen.filter((e) => e.type === 'no-progress'), prompts: model.calls.map((c) => JSON.stringify(c.messages)) };
  }

  it('a session made by wireSessions runs the configured monitor: enforce with a limit of 2 ends the round as NO_PROGRESS at step 2', async () => {
    const r = await runStuckLinuxSession('agent: { progress: { mode: enforce, limits: { repeated_no_effect: 2 } } }\n');
    expect(r.outcome.rounds[0]).toMatchObject({ finalState: 'FAIL', result: { error: 'NO_PROGRESS', detection: 'repeated_no_effect' } });
    expect(r.outcome.steps).toBe(2);
    expect(r.noProgress.length).toBeGreaterThan(0);
  });

  it('--progress off overrides the configuration: the same stuck model is neither told nor stopped', async () => {
    const r = await runStuckLinuxSession('agent: { progress: { mode: enforce, limits: { repeated_no_effect: 2 } } }\n', { progress: 'off' });
    expect(r.outcome.rounds[0]).toMatchObject({ finalState: 'FINISH' });
    expect(r.outcome.steps).toBe(5);
    expect(r.noProgress).toEqual([]);
    expect(r.prompts.some((p) => p.includes('<Progress check:>'))).toBe(false);
  });

  it('agent.progress.mode off turns the monitor off; --progress warn turns it back on: the model is told, and the session goes on', async () => {
    const off = await runStuckLinuxSession('agent: { progress: { mode: off } }\n');
    expect(off.outcome.rounds[0]).toMatchObject({ finalState: 'FINISH' });
    expect(off.noProgress).toEqual([]);
    const warn = await runStuckLinuxSession('agent: { progress: { mode: off } }\n', { progress: 'warn' });
    expect(warn.outcome.rounds[0]).toMatchObject({ finalState: 'FINISH' });
    expect(warn.noProgress.length).toBeGreaterThan(0);
    expect(warn.prompts[1]).toContain('<Progress check:>');
  });

  it('the AppAgents of the two-tier (Windows) sessions get the same processor options as the LinuxAgent', () => {
    const configured = config('agent: { toolMode: auto, progress: { mode: enforce }, validateBatches: false, host: { visual: false } }\n');
    const { dispatcher } = createFakeDesktopDispatcher();
    cleanups.push(() => dispatcher.close());
    const values: SessionWiringValues = { progress: 'off' };
    const { factory } = wireSessions({
      values,
      io,
      config: configured,
      dispatcher,
      models: {},
      interactor: new ProgrammaticInteractor(),
      events: new EventBus(),
    });
    const options = factory['options'];
    const expected = appProcessorOptionsFrom(configured, values);
    expect(expected).toMatchObject({ toolMode: 'auto', progress: { mode: 'off' }, validateBatches: false });
    expect(options.linux).toEqual(expected);
    expect(options.host?.app).toEqual(expected);
    expect(options.host?.host).toEqual({ visual: false, toolMode: 'auto' });
  });

  it('`ufo run --progress strict` is a usage error (exit 2); a bad agent.progress.mode is a configuration error naming file, line and key (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ufo-wiring-cli-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = `{ namespace: fake-desktop, transport: stdio, command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(inject('programs').fakeDesktopStdio)}] }`;
    const servers = `toolServers:\n  LinuxAgent: { default: { data_collection: [${server}], action: [${server}] } }\n`;
    writeFileSync(join(dir, 'ufo.yaml'), `session: { logRoot: ${JSON.stringify(join(dir, 'logs'))} }\nevaluation: { session: false }\n${servers}`);
    writeFileSync(join(dir, 'bad.yaml'), 'agent:\n  progress:\n    mode: strict\n');
    writeFileSync(join(dir, 'x.jsonl'), '');
    const run = (args: string[]) => {
      const program = spawnProgram(inject('programs').ufo, ['run', '--platform', 'linux', '--request', 'x', '--replay', join(dir, 'x.jsonl'), ...args]);
      cleanups.push(async () => void (await program.stop()));
      return program;
    };
    const flag = run(['--config', join(dir, 'ufo.yaml'), '--progress', 'strict']);
    expect(await flag.exited).toBe(2);
    expect(flag.stderr.join('\n')).toContain('--progress must be one of off, warn, enforce (got "strict")');
    const configured = run(['--config', join(dir, 'ufo.yaml'), '--config', join(dir, 'bad.yaml')]);
    expect(await configured.exited).toBe(2);
    expect(configured.stderr.join('\n')).toMatch(/bad\.yaml:3:11 +agent\.progress\.mode: expected one of "off" \| "warn" \| "enforce", got "strict"/);
  });
});
