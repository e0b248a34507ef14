import { describe, expect, it } from 'vitest';
import {
  EventBus,
  MemoryLogSink,
  ProgrammaticInteractor,
  Session,
  UfoError,
  type Context,
  type RoundAgent,
  type RoundRecorder,
  type RoundState,
} from '../src/index.js';

/** WORK runs `steps` steps (the last one may call `onLastStep`), then FINISH, a round and subtask end. */
function agentOf(steps: number, hooks: { onLastStep?: () => void; result?: (round: number) => unknown } = {}): RoundAgent & { reset(): void } {
  let done = 0;
  const finish: RoundState = {
    name: 'FINISH',
    agentKind: 'Test',
    handle: async () => {},
    nextState: () => finish,
    nextAgent: (a) => a,
    isRoundEnd: () => true,
    isSubtaskEnd: () => true,
  };
  const work: RoundState = {
    name: 'WORK',
    agentKind: 'Test',
    handle: async (_a, ctx: Context) => {
      ctx.recordStep(0);
      done += 1;
      const result = hooks.result?.(ctx.get('CURRENT_ROUND_ID'));
      if (result !== undefined) ctx.set('ROUND_RESULT', result);
      if (done === steps) hooks.onLastStep?.();
    },
    nextState: () => (done >= steps ? finish : work),
    nextAgent: (a) => a,
    isRoundEnd: () => false,
    isSubtaskEnd: () => false,
  };
  let state = work;
  const agent: RoundAgent & { reset(): void } = {
    name: 'tester',
    kind: 'Test',
    status: 'OK',
    get state() {
      return state;
    },
    setState: (s) => {
      state = s;
    },
    handle: (ctx) => state.handle(agent, ctx),
    reset: () => {
      state = work;
      done = 0;
    },
  };
  return agent;
}

describe('Round: the order of a transition', () => {
  it('a cancel during the last step of a round that reaches FINISH records FINISH, not CANCELLED', async () => {
    let session!: Session;
    const agent = agentOf(2, { onLastStep: () => session.cancel() });
    session = new Session({ task: 't', logSink: new MemoryLogSink(), request: 'r', interactor: new ProgrammaticInteractor(), startAgent: () => agent });
    const outcome = await session.run();
    expect(outcome.rounds[0]?.finalState).toBe('FINISH');
  });

  it('the transition event comes after the subtask-end bookkeeping, so listeners read the updated counter', async () => {
    const events = new EventBus();
    const agent = agentOf(1);
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      request: 'r',
      events,
      interactor: new ProgrammaticInteractor(),
      startAgent: () => agent,
    });
    const seen: Array<{ to: string; subtasks: number; state: string }> = [];
    events.subscribe((e) => {
      if (e.type === 'transition') seen.push({ to: e.to, subtasks: session.context.currentRoundSubtaskAmount, state: agent.state.name });
    });
    await session.run();
    expect(seen).toEqual([{ to: 'Test.FINISH', subtasks: 1, state: 'FINISH' }]);
  });

  it('transition events carry the session id, the round and both ends as data', async () => {
    const events = new EventBus();
    const agent = agentOf(1);
    const session = new Session({
      task: 't',
      id: 's-1',
      logSink: new MemoryLogSink(),
      request: 'r',
      events,
      interactor: new ProgrammaticInteractor(),
      startAgent: () => agent,
    });
    const seen: unknown[] = [];
    events.subscribe((e) => {
      if (e.type === 'transition') seen.push({ sessionId: e.sessionId, round: e.round, source: e.source, target: e.target });
    });
    await session.run();
    expect(seen).toEqual([
      {
        sessionId: 's-1',
        round: 0,
        source: { agent: 'tester', agentKind: 'Test', state: 'WORK' },
        target: { agent: 'tester', agentKind: 'Test', state: 'FINISH' },
      },
    ]);
  });

  it("a round starts with an empty result, not the previous round's", async () => {
    const agent = agentOf(1, { result: (round) => (round === 0 ? 'first' : undefined) });
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      maxRounds: 2,
      interactor: new ProgrammaticInteractor({ requests: ['a', 'b'] }),
      startAgent: () => (agent.reset(), agent),
    });
    const outcome = await session.run();
    expect(outcome.rounds.map((r) => r.result)).toEqual(['first', '']);
  });
});

describe('Round: the recorder is part of the sequence', () => {
  it('writes before each matching event, with the position after the transition', async () => {
    const events = new EventBus();
    const order: string[] = [];
    events.subscribe((e) => order.push(`event:${e.type}`));
    const recorder: RoundRecorder = {
      roundStarted: (p) => void order.push(`record:start ${p.agent}.${p.state}`),
      stepStarting: (p) => void order.push(`record:step ${p.state}`),
      transitioned: (t, p) => void order.push(`record:transition ${t.from.state}>${t.to.state} at ${p.state}`),
      roundEnded: (end) => void order.push(`record:end ${end.finalState}`),
    };
    const agent = agentOf(2);
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      request: 'r',
      events,
      recorder,
      interactor: new ProgrammaticInteractor(),
      startAgent: () => agent,
    });
    await session.run();
    expect(order).toEqual([
      'event:session-start',
      'record:start tester.WORK',
      'event:round-start',
      'record:step WORK',
      'record:transition WORK>WORK at WORK',
      'event:transition',
      'record:step WORK',
      'record:transition WORK>FINISH at FINISH',
      'event:transition',
      'record:end FINISH',
      'event:round-end',
      'event:session-end',
    ]);
  });

  it('a recorder that throws ends the session with its error; nothing is swallowed', async () => {
    const events = new EventBus();
    const ends: Array<string | undefined> = [];
    events.subscribe((e) => {
      if (e.type === 'session-end') ends.push(e.error);
    });
    const failure = new UfoError('CHECKPOINT_WRITE_FAILED', 'disk full');
    const recorder: RoundRecorder = {
      roundStarted: () => {},
      transitioned: async () => {
        throw failure;
      },
      roundEnded: () => {},
    };
    const agent = agentOf(3);
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      request: 'r',
      events,
      recorder,
      interactor: new ProgrammaticInteractor(),
      startAgent: () => agent,
    });
    await expect(session.run()).rejects.toBe(failure);
    expect(session.context.get('SESSION_STEP')).toBe(1);
    expect(ends).toEqual(['disk full']);
  });
});
