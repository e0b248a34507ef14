import { describe, expect, it } from 'vitest';
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, type Context, type RoundAgent, type RoundState } from '../src/index.js';

/** A one-agent machine: WORK runs a "step" (counted) and ends after `stepsPerRound`. */
function counterAgent(stepsPerRound: number): RoundAgent & { reset(): void } {
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
      ctx.recordStep(0.5);
      done += 1;
      ctx.set('ROUND_RESULT', `did ${done}`);
    },
    nextState: () => (done >= stepsPerRound ? finish : work),
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

describe('Session', () => {
  it('asks for requests until the interactor has none, recording request and result per round', async () => {
    const agent = counterAgent(2);
    const events = new EventBus();
    const kinds: string[] = [];
    events.subscribe((e) => kinds.push(e.type));
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      events,
      maxRounds: 10,
      interactor: new ProgrammaticInteractor({ requests: ['one', 'two'] }),
      startAgent: () => (agent.reset(), agent),
    });
    const outcome = await session.run();
    expect(outcome.rounds).toEqual([
      { request: 'one', result: 'did 2', finalState: 'FINISH' },
      { request: 'two', result: 'did 2', finalState: 'FINISH' },
    ]);
    expect(outcome.steps).toBe(4);
    expect(outcome.cost).toBe(2);
    expect(kinds.filter((k) => k === 'round-start')).toHaveLength(2);
    expect(kinds.at(-1)).toBe('session-end');
  });

  it('stops at MAX_ROUND and at MAX_STEP, whichever comes first', async () => {
    const agent = counterAgent(3);
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      maxRounds: 5,
      maxSteps: 4,
      interactor: new ProgrammaticInteractor({ requests: ['a', 'b', 'c'] }),
      startAgent: () => (agent.reset(), agent),
    });
    const outcome = await session.run();
    expect(outcome.steps).toBe(4);
    expect(outcome.rounds.map((r) => r.finalState)).toEqual(['FINISH', 'MAX_STEP']);
    expect(session.isFinished()).toBe(true);
  });

  it('cancel() ends the running round between steps', async () => {
    const agent = counterAgent(1000);
    const session = new Session({
      task: 't',
      logSink: new MemoryLogSink(),
      request: 'forever',
      maxSteps: 10_000,
      interactor: new ProgrammaticInteractor(),
      startAgent: () => agent,
    });
    session.events.subscribe((e) => {
      if (e.type === 'round-start') setTimeout(() => session.cancel(), 5);
    });
    const slowHandle = agent.state.handle;
    (agent.state as { handle: RoundState['handle'] }).handle = async (a, c) => {
      await new Promise((r) => setTimeout(r, 1));
      return slowHandle(a, c);
    };
    const outcome = await session.run();
    expect(outcome.rounds[0]?.finalState).toBe('CANCELLED');
    expect(outcome.steps).toBeLessThan(1000);
  });
});
