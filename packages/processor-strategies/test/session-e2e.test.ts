import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus, FileLogSink, ProgrammaticInteractor, Session, type EngineEvent } from '@ufo-ts/core';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostAgentStack } from '../src/index.js';
import { scriptedModelFor, TOOL_MODES } from './tool-modes.js';

const reply = (o: Record<string, unknown>) => ({ content: JSON.stringify(o), cost: 0.01, usage: { inputTokens: 100, outputTokens: 20 } });
const host = (status: string, extra: Record<string, unknown> = {}) =>
  reply({ observation: 'desktop', thought: `host ${status}`, status, plan: ['next'], comment: 'c', ...extra });
const app = (action: unknown, extra: Record<string, unknown> = {}) =>
  reply({ observation: 'window', thought: 'app thinks', action, plan: ['p1', 'p2'], comment: 'app comment', ...extra });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });

const script = [
  // round 0
  host('ASSIGN', { function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: 'compute 12×34' }),
  app([click('1'), click('2'), click('5', 'SCREENSHOT')]),
  app([click('3'), click('4'), click('6')]),
  app([], { status: 'PENDING', questions: ['Round the result?'] }),
  app([], { status: 'FINISH', result: '408' }),
  host('ASSIGN', { function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: 'email john' }),
  app({ function: 'send_email', arguments: { to: 'john', body: '408' }, status: 'CONFIRM' }),
  app({ function: 'send_email', arguments: { to: 'john', body: 'again' }, status: 'CONFIRM' }),
  host('FINISH', { result: '408, emailed to john' }),
  // round 1
  host('ASSIGN', { function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: 'frobnicate' }),
  app({ function: 'frobnicate', arguments: {}, status: 'CONTINUE' }),
  app([], { status: 'FAIL', result: 'no such tool' }),
  host('FINISH', { result: 'gave up' }),
];

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

describe.each(TOOL_MODES)('a two-round HostAgent → AppAgent session on a real MCP server (%s tool mode)', (mode) => {
  it('runs every state and hand-off, and logs every step', async () => {
    const logRoot = mkdtempSync(join(tmpdir(), 'ufo-e2e-'));
    cleanup.push(() => rmSync(logRoot, { recursive: true, force: true }));
    const { desktop, dispatcher } = createFakeDesktopDispatcher();
    cleanup.push(() => dispatcher.close());
    const model = scriptedModelFor(mode, script);
    const interactor = new ProgrammaticInteractor({
      requests: ['compute 12 times 34 and email it to john', 'use the frobnicator'],
      answers: { 'Round the result?': 'no, exact please' },
      confirm: [true, false],
    });
    const events = new EventBus();
    const seen: EngineEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const logSink = new FileLogSink({ logRoot, task: 'e2e/../../escape attempt' });
    const hostAgent = createHostAgentStack({ model, dispatcher, interactor, events, logSink, toolMode: 'auto' });
    const session = new Session({
      task: 'e2e',
      logSink,
      dispatcher,
      interactor,
      events,
      maxRounds: 2,
      startAgent: () => (hostAgent.reset(), hostAgent),
    });

    const outcome = await session.run();

    const transitions = seen.filter((e) => e.type === 'transition').map((e) => `${e.from}>${e.to}`);
    expect(transitions).toEqual([
      'HostAgent.CONTINUE>HostAgent.ASSIGN',
      'HostAgent.ASSIGN>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.SCREENSHOT',
      'AppAgent.SCREENSHOT>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.PENDING',
      'AppAgent.PENDING>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.FINISH',
      'AppAgent.FINISH>HostAgent.CONTINUE',
      'HostAgent.CONTINUE>HostAgent.ASSIGN',
      'HostAgent.ASSIGN>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.CONFIRM',
      'AppAgent.CONFIRM>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.CONFIRM',
      'AppAgent.CONFIRM>AppAgent.FINISH',
      'AppAgent.FINISH>HostAgent.CONTINUE',
      'HostAgent.CONTINUE>HostAgent.FINISH',
      // round 1
      'HostAgent.CONTINUE>HostAgent.ASSIGN',
      'HostAgent.ASSIGN>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.FAIL',
      'AppAgent.FAIL>HostAgent.CONTINUE',
      'HostAgent.CONTINUE>HostAgent.FINISH',
    ]);
    const agents = seen.filter((e) => e.type === 'step-start').map((e) => (e.type === 'step-start' ? e.agent : ''));
    expect(agents).toEqual([
      'HostAgent',
      'AppAgent/calc',
      'AppAgent/calc',
      'AppAgent/calc',
      'AppAgent/calc',
      'HostAgent',
      'AppAgent/mail',
      'AppAgent/mail',
      'HostAgent',
      'HostAgent',
      'AppAgent/calc',
      'AppAgent/calc',
      'HostAgent',
    ]);

    // outcome, counters and cost
    expect(outcome.rounds).toEqual([
      { request: 'compute 12 times 34 and email it to john', result: '408, emailed to john', finalState: 'FINISH' },
      { request: 'use the frobnicator', result: 'gave up', finalState: 'FINISH' },
    ]);
    expect(outcome.steps).toBe(13);
    expect(outcome.cost).toBeCloseTo(0.13, 10);
    expect(session.context.get('ROUND_STEP')).toEqual({ '0': 9, '1': 4 });
    expect(session.context.get('ROUND_SUBTASK_AMOUNT')).toEqual({ '0': 2, '1': 1 });
    expect(model.remaining).toBe(0);

    // the desktop really changed, the confirmed email was sent once, the rejected one never
    expect(desktop.state.display).toBe('408');
    expect(desktop.state.sentEmails).toEqual([{ to: 'john', body: '408' }]);
    expect(interactor.asked).toEqual(['Round the result?']);
    expect(interactor.confirmations.map((c) => c.approved)).toEqual([true, false]);

    // PENDING answers reach the next prompt; an unknown tool's failure reaches the model
    const promptText = (i: number) => JSON.stringify(model.calls[i]!.messages);
    expect(promptText(4)).toContain('no, exact please');
    expect(promptText(11)).toMatch(/frobnicate.*failure: TOOL_UNKNOWN/);

    // the host saw windows numbered 1..N; the tool got the real (X-style) window ids
    expect(promptText(0)).toContain('[1] \\"Calculator\\"');
    expect(desktop.state.calls.filter((c) => c === 'select_application_window')).toHaveLength(3);
    expect(desktop.state.selected).toBe('0x3a00004');

    // archived subtasks
    expect(session.context.get('PREVIOUS_SUBTASKS')).toEqual([
      expect.objectContaining({ subtask: 'compute 12×34', status: 'FINISH', result: '408' }),
      expect.objectContaining({ subtask: 'email john', status: 'REJECTED' }),
      expect.objectContaining({ subtask: 'frobnicate', status: 'FAIL', result: 'no such tool' }),
    ]);

    // response.log: one line per step with the model's reasoning, plus the two confirmation records
    expect(logSink.folder.startsWith(logRoot)).toBe(true);
    const lines = readFileSync(join(logSink.folder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const steps = lines.filter((l) => l.type === 'step');
    expect(steps).toHaveLength(13);
    expect(steps.map((l) => l.session_step)).toEqual([...Array(13).keys()]);
    for (const line of steps) {
      expect(line).toMatchObject({
        observation: expect.any(String),
        thought: expect.any(String),
        plan: expect.any(Array),
        comment: expect.any(String),
        cost: 0.01,
      });
      expect(line.timings.total).toBeGreaterThan(0);
    }
    expect(steps[1]).toMatchObject({
      agent: 'AppAgent/calc',
      state: 'CONTINUE',
      status: 'SCREENSHOT',
      subtask: 'compute 12×34',
      tokens: { input: 100, output: 20 },
    });
    expect(steps[1].actions.map((a: { result: { status: string } }) => a.result.status)).toEqual(['success', 'success', 'success']);
    expect(steps[6]).toMatchObject({ status: 'CONFIRM', actions: [{ function: 'send_email' }] });
    expect(steps[6].actions[0].result).toBeUndefined();
    expect(lines.filter((l) => l.type === 'confirmation').map((l) => l.approved)).toEqual([true, false]);
    const requests = readFileSync(join(logSink.folder, 'request.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(requests).toHaveLength(13);

    // the mode really was the one under test: tool definitions and tool calls in native mode, JSON text otherwise
    expect(model.calls.map((c) => c.tools !== undefined)).toEqual(Array(13).fill(mode === 'native'));
    if (mode === 'native') {
      expect(model.calls[1]!.tools!.map((t) => (t.type === 'function' ? t.name : t.type))).toEqual(
        expect.arrayContaining(['click_input', 'send_email', 'respond']),
      );
      expect(model.calls[1]!.toolChoice).toBe('required');
      expect(String(model.calls[1]!.messages[0]!.content)).not.toContain('Tool name: click_input');
      expect(steps[1].tool_calls.map((c: { name: string }) => c.name)).toEqual(['click_input', 'click_input', 'click_input', 'respond']);
      expect(steps[0].tool_calls.map((c: { name: string }) => c.name)).toEqual(['select_application_window', 'respond']);
      expect(requests[1]).toMatchObject({ tool_mode: 'native', tools: expect.arrayContaining(['click_input', 'respond']) });
    } else {
      expect(String(model.calls[1]!.messages[0]!.content)).toContain('Tool name: click_input');
      expect(steps.every((l) => l.tool_calls === undefined)).toBe(true);
      expect(requests[1].tool_mode).toBeUndefined();
    }
  });
});
