import { defineContextKey, EventBus, ProgrammaticInteractor } from '@ufo-ts/core';
import { z } from 'zod';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { FollowerSession, HostSession, MemoryCheckpointStore, readCheckpoint, type CheckpointStore, type SessionCheckpoint } from '../src/index.js';
import { app, click, host, selectCalc, perTestCleanup } from './helpers.js';

const { dirs, defer, fakeDesktop } = perTestCleanup();

/** A store that fails on its `failAt`-th save (1-based). */
class FailingStore implements CheckpointStore {
  saves = 0;
  constructor(
    private readonly failAt: number,
    private readonly cause: Error,
  ) {}
  save(): void {
    this.saves += 1;
    if (this.saves >= this.failAt) throw this.cause;
  }
  load(): SessionCheckpoint | undefined {
    return undefined;
  }
}

describe('checkpoints are part of the session sequence', () => {
  it('a checkpoint store that throws ends the session as failed with a CheckpointWriteError carrying the cause', async () => {
    const { desktop, dispatcher } = fakeDesktop();
    const cause = new Error('ENOSPC: no space left on device');
    const store = new FailingStore(4, cause);
    const model = new ScriptedModel({
      replies: [selectCalc('type 12'), app([click('1'), click('2', 'FINISH')], { result: '12' }), host('FINISH', { result: '12' })],
    });
    const session = new HostSession({
      task: 'ckpt',
      logRoot: dirs.make(),
      request: 'type 12',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      checkpoint: store,
    });
    const outcome = await session.run();
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toMatchObject({
      name: 'CheckpointWriteError',
      code: 'CHECKPOINT_WRITE_FAILED',
      cause: { message: 'ENOSPC: no space left on device' },
    });
    // saves: round start, CONTINUE>ASSIGN, ASSIGN>AppAgent.CONTINUE, then AppAgent.CONTINUE>FINISH fails: nothing runs after it
    expect(outcome.steps).toBe(2);
    expect(desktop.state.display).toBe('12');
    expect(model.remaining).toBe(1);
  });

  it('a listener that force-cancels on a transition does not freeze the checkpoint one transition early', async () => {
    const { dispatcher } = fakeDesktop();
    const events = new EventBus();
    const store = new MemoryCheckpointStore();
    const model = new ScriptedModel({
      replies: [selectCalc('type 12'), app([click('1'), click('2', 'FINISH')], { result: '12' }), host('FINISH', { result: '12' })],
    });
    const session = new HostSession({
      task: 'ckpt',
      logRoot: dirs.make(),
      request: 'type 12',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      checkpoint: store,
      events,
    });
    events.subscribe((e) => {
      if (e.type === 'transition' && e.to === 'HostAgent.ASSIGN') session.cancel('stop', { force: true });
    });
    const outcome = await session.run();
    expect(outcome.status).toBe('cancelled');
    expect(store.checkpoint?.position).toMatchObject({ agent: 'HostAgent', state: 'ASSIGN' });
  });
});

describe('smaller engine fixes', () => {
  it("a follower round's result is the result the AppAgent returned", async () => {
    const { dispatcher } = fakeDesktop();
    const plan = { task: 'compute', object: 'Calculator', steps: ['type 12'] };
    const model = new ScriptedModel({
      replies: [
        selectCalc('check the calculator is ready'),
        app([], { status: 'FINISH', result: 'ready' }),
        app([click('1'), click('2', 'FINISH')], { result: '12' }),
      ],
    });
    const outcome = await new FollowerSession({
      task: 'follow',
      logRoot: dirs.make(),
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      plan,
    }).run();
    expect(outcome.rounds.map((r) => [r.finalState, r.result])).toEqual([
      ['FINISH', 'ready'],
      ['FINISH', '12'],
    ]);
  });

  it('HostSession: MAX_STEP cutting round 2 mid-subtask is reported incomplete, not completed', async () => {
    const { dispatcher } = fakeDesktop();
    const model = new ScriptedModel({
      replies: [selectCalc('type 1'), app(click('1', 'FINISH')), host('FINISH', { result: '1' }), selectCalc('type 2'), app(click('2'))],
    });
    const outcome = await new HostSession({
      task: 'cap',
      logRoot: dirs.make(),
      models: { HOST_AGENT: model },
      dispatcher,
      maxRounds: 2,
      maxSteps: 5,
      interactor: new ProgrammaticInteractor({ requests: ['one', 'two'] }),
    }).run();
    expect(outcome.rounds.map((r) => r.finalState)).toEqual(['FINISH', 'MAX_STEP']);
    expect(outcome.status).toBe('incomplete');
    expect(readCheckpoint(outcome.logFolder!).status).toBe('incomplete');
  });
});

describe('custom context keys', () => {
  const CLICKS = defineContextKey('MY_CLICKS', z.number().int().nonnegative(), () => 0, 'Clicks seen by my observer.');

  it('are saved in the checkpoint and restored on resume like the built-in keys', async () => {
    const { dispatcher } = fakeDesktop();
    const events = new EventBus();
    const model = new ScriptedModel({
      replies: [selectCalc('type 12'), app([click('1'), click('2', 'FINISH')], { result: '12' }), host('FINISH', { result: '12' })],
    });
    const session = new HostSession({
      task: 'keys',
      logRoot: dirs.make(),
      request: 'type 12',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      events,
      contextKeys: [CLICKS],
    });
    events.subscribe((e) => {
      if (e.type === 'command' && e.tool === 'click_input') session.context.updateKey(CLICKS, (n) => n + 1);
    });
    const outcome = await session.run();
    const checkpoint = readCheckpoint(outcome.logFolder!);
    expect(checkpoint.context.MY_CLICKS).toBe(2);
    const resumed = new HostSession({
      task: 'keys',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      contextKeys: [CLICKS],
      resume: { checkpoint: { ...checkpoint, status: 'running' } },
    });
    expect(resumed.context.getKey(CLICKS)).toBe(2);
    expect(
      () => new HostSession({ task: 'keys', models: { HOST_AGENT: model }, dispatcher, interactor: new ProgrammaticInteractor(), resume: { checkpoint } }),
    ).toThrow(/Unknown context key "MY_CLICKS"/);
  });
});
