import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, type EngineEvent, type SessionOutcome } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedModelFor, TOOL_MODES, type TestToolMode } from './tool-modes.js';
import {
  appResponseSchemaFor,
  createHostAgentStack,
  createLinuxAgent,
  defineStrategy,
  loggingMiddleware,
  ProcessorTemplate,
  replyFormatText,
  STEP_KEYS,
} from '../src/index.js';

const host = (status: string, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: `host ${status}`, status, ...extra });
const assign = host('ASSIGN', { function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: 'compute' });
const app = (extra: Record<string, unknown>) => ({ observation: 'window', thought: 'app', ...extra });

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

interface Run {
  outcome: SessionOutcome;
  session: Session;
  logs: MemoryLogSink;
  interactor: ProgrammaticInteractor;
  transitions: string[];
  model: ScriptedModel;
}

async function runIn(
  kind: 'host' | 'linux',
  replies: Array<Record<string, unknown>>,
  interactorOptions: ConstructorParameters<typeof ProgrammaticInteractor>[0] = {},
  mode: TestToolMode = 'text',
): Promise<Run> {
  const { dispatcher } = createFakeDesktopDispatcher();
  cleanup.push(() => dispatcher.close());
  const model = scriptedModelFor(mode, replies);
  const interactor = new ProgrammaticInteractor({ requests: ['do it'], ...interactorOptions });
  const events = new EventBus();
  const transitions: string[] = [];
  events.subscribe((e: EngineEvent) => {
    if (e.type === 'transition') transitions.push(`${e.from}>${e.to}`);
  });
  const logs = new MemoryLogSink();
  const services = { model, dispatcher, interactor, events, logSink: logs };
  const agent = kind === 'host' ? createHostAgentStack({ ...services, toolMode: 'auto' }) : createLinuxAgent({ ...services, toolMode: 'auto' });
  const session = new Session({ task: 't', logSink: logs, dispatcher, interactor, events, maxSteps: 12, startAgent: () => (agent.reset(), agent) });
  const outcome = await session.run();
  return { outcome, session, logs, interactor, transitions, model };
}

const run = (
  kind: 'host' | 'linux',
  replies: Array<Record<string, unknown>>,
  interactorOptions: ConstructorParameters<typeof ProgrammaticInteractor>[0] = {},
) => runIn(kind, replies, interactorOptions);

const stepLines = (logs: MemoryLogSink) => logs.lines.response.filter((l) => l.type === 'step');

describe.each(TOOL_MODES)('every status a reply can carry is honoured (%s tool mode)', (mode) => {
  const run = (
    kind: 'host' | 'linux',
    replies: Array<Record<string, unknown>>,
    interactorOptions: ConstructorParameters<typeof ProgrammaticInteractor>[0] = {},
  ) => runIn(kind, replies, interactorOptions, mode);
  it('AppAgent: FAIL on a no-op action archives the subtask as FAIL, not FINISH', async () => {
    const r = await run('host', [assign, app({ action: { function: '', status: 'FAIL' }, result: 'no such button' }), host('FINISH')]);
    expect(r.session.context.get('PREVIOUS_SUBTASKS')).toEqual([{ subtask: 'compute', status: 'FAIL', agent: 'AppAgent/calc', result: 'no such button' }]);
    expect(r.transitions).toContain('AppAgent.CONTINUE>AppAgent.FAIL');
  });

  it('AppAgent: PENDING on a no-op action asks its questions, and the answer reaches the next prompt', async () => {
    const r = await run(
      'host',
      [assign, app({ action: { function: '', status: 'PENDING' }, questions: ['Which number?'] }), app({ action: [], status: 'FINISH' }), host('FINISH')],
      { answers: { 'Which number?': 'forty-two' } },
    );
    expect(r.interactor.asked).toEqual(['Which number?']);
    expect(JSON.stringify(r.model.calls[2]!.messages)).toContain('forty-two');
  });

  it('AppAgent: SCREENSHOT and CONFIRM on a no-op action go through those states', async () => {
    const r = await run('host', [
      assign,
      app({ action: { function: '', status: 'SCREENSHOT' } }),
      app({ action: { function: '', status: 'CONFIRM' } }),
      app({ action: [], status: 'FINISH' }),
      host('FINISH'),
    ]);
    expect(r.transitions.slice(2, 6)).toEqual([
      'AppAgent.CONTINUE>AppAgent.SCREENSHOT',
      'AppAgent.SCREENSHOT>AppAgent.CONFIRM',
      'AppAgent.CONFIRM>AppAgent.CONTINUE',
      'AppAgent.CONTINUE>AppAgent.FINISH',
    ]);
    expect(r.interactor.confirmations).toEqual([]);
  });

  it('AppAgent: a top-level status is honoured; with no status at all a no-op step finishes', async () => {
    const failTop = await run('host', [assign, app({ action: { function: '' }, status: 'FAIL' }), host('FINISH')]);
    expect(failTop.session.context.get('PREVIOUS_SUBTASKS')[0]?.status).toBe('FAIL');
    const bare = await run('host', [assign, app({ action: { function: '' } }), host('FINISH')]);
    expect(bare.session.context.get('PREVIOUS_SUBTASKS')[0]?.status).toBe('FINISH');
  });

  it('AppAgent: a top-level status after actions that all ran is honoured when the actions carry none', async () => {
    const r = await run('host', [assign, app({ action: { function: 'click_input', arguments: { id: '1' } }, status: 'FINISH', result: '1' }), host('FINISH')]);
    expect(r.session.context.get('PREVIOUS_SUBTASKS')[0]?.status).toBe('FINISH');
  });

  it('LinuxAgent: FAIL on a no-op action ends the round as FAIL', async () => {
    const r = await run('linux', [app({ action: { function: '', status: 'FAIL' }, result: 'cannot' })]);
    expect(r.outcome.rounds[0]).toMatchObject({ finalState: 'FAIL', result: 'cannot' });
  });

  it('LinuxAgent: top-level PENDING and no-op CONFIRM', async () => {
    const r = await run(
      'linux',
      [app({ status: 'PENDING', questions: ['Sure?'] }), app({ action: { function: '', status: 'CONFIRM' } }), app({ status: 'FINISH' })],
      {
        answers: ['yes'],
      },
    );
    expect(r.interactor.asked).toEqual(['Sure?']);
    expect(r.transitions).toEqual([
      'LinuxAgent.CONTINUE>LinuxAgent.PENDING',
      'LinuxAgent.PENDING>LinuxAgent.CONTINUE',
      'LinuxAgent.CONTINUE>LinuxAgent.CONFIRM',
      'LinuxAgent.CONFIRM>LinuxAgent.CONTINUE',
      'LinuxAgent.CONTINUE>LinuxAgent.FINISH',
    ]);
    expect(r.outcome.rounds[0]?.finalState).toBe('FINISH');
  });

  it('HostAgent: FAIL and PENDING with no function', async () => {
    const r = await run('host', [host('PENDING', { function: '', questions: ['Which app?'] }), host('FAIL', { function: '', result: 'no app' })], {
      answers: ['none'],
    });
    expect(r.interactor.asked).toEqual(['Which app?']);
    expect(r.outcome.rounds[0]).toMatchObject({ finalState: 'FAIL', result: 'no app' });
  });
});

describe('a prompt offers only the statuses the agent accepts; unknown values are named', () => {
  it('the LinuxAgent prompt does not advertise SCREENSHOT; the AppAgent prompt does', async () => {
    expect(replyFormatText(appResponseSchemaFor(['CONTINUE', 'PENDING', 'CONFIRM', 'FINISH', 'FAIL', 'ERROR']))).not.toContain('SCREENSHOT');
    const r = await run('linux', [app({ status: 'FINISH' })]);
    const system = String(r.model.calls[0]!.messages[0]!.content);
    expect(system).toContain('"PENDING"');
    expect(system).not.toContain('SCREENSHOT');
    const h = await run('host', [assign, app({ status: 'FINISH' }), host('FINISH')]);
    expect(String(h.model.calls[1]!.messages[0]!.content)).toContain('"SCREENSHOT"');
  });

  it('LinuxAgent replying SCREENSHOT: ERROR, named in the error, the response.log line and the round result', async () => {
    const r = await run('linux', [app({ action: { function: '', status: 'SCREENSHOT' } })]);
    const expected = 'action.status: "SCREENSHOT" is not one of CONTINUE, FINISH, FAIL, PENDING, CONFIRM';
    const [line] = stepLines(r.logs);
    expect(line).toMatchObject({ status: 'ERROR', error: { message: expect.stringContaining(expected) } });
    expect(r.outcome.rounds[0]?.finalState).toBe('ERROR');
    expect((r.outcome.rounds[0]?.result as { error: string }).error).toContain(expected);
  });

  it('an action-level status "MAYBE" is reported naming the field, the value and the allowed set', async () => {
    const r = await run('host', [assign, app({ action: { function: 'click_input', arguments: { id: '1' }, status: 'MAYBE' } })]);
    const expected = 'action.status: "MAYBE" is not one of CONTINUE, SCREENSHOT, FINISH, FAIL, PENDING, CONFIRM';
    const line = stepLines(r.logs).find((l) => l.agent_kind === 'AppAgent');
    expect(line).toMatchObject({ status: 'ERROR', error: { message: expect.stringContaining(expected) } });
    expect((r.outcome.rounds[0]?.result as { error: string }).error).toContain(expected);
  });

  it('a custom processor status the table lacks ends the step in ERROR with a StepStatusError, logged', async () => {
    const { dispatcher } = createFakeDesktopDispatcher();
    cleanup.push(() => dispatcher.close());
    const logs = new MemoryLogSink();
    const processor = new ProcessorTemplate({
      name: 'custom',
      middleware: [loggingMiddleware()],
      strategies: {
        ACTION_EXECUTION: defineStrategy({
          name: 'Say',
          phase: 'ACTION_EXECUTION',
          provides: [STEP_KEYS.status],
          async execute() {
            return { status: 'SCREENSHOT' };
          },
        }),
      },
    });
    const interactor = new ProgrammaticInteractor({ requests: ['x'] });
    const events = new EventBus();
    const agent = createLinuxAgent({ model: new ScriptedModel({ replies: [] }), dispatcher, interactor, events, logSink: logs, processor });
    const session = new Session({ task: 't', logSink: logs, interactor, events, startAgent: () => (agent.reset(), agent) });
    const outcome = await session.run();
    expect(stepLines(logs)[0]).toMatchObject({
      status: 'ERROR',
      error: { code: 'STEP_STATUS_UNKNOWN', message: expect.stringContaining('status: "SCREENSHOT" is not one of CONTINUE') },
    });
    expect(outcome.rounds[0]?.finalState).toBe('ERROR');
  });
});
