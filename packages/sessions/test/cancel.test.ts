import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus, ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { HostSession, readCheckpoint } from '../src/index.js';
import { app, click, host, selectCalc, SlowModel, perTestCleanup } from './helpers.js';

const { dirs, defer } = perTestCleanup();

const script = () => [selectCalc('compute'), app([click('1'), click('2', 'FINISH')], { result: '12' }), host('FINISH', { result: '12' })];

function setup(ms: number) {
  const made = createFakeDesktopDispatcher();
  defer(() => made.dispatcher.close());
  const events = new EventBus();
  const model = new SlowModel(new ScriptedModel({ replies: script() }), ms);
  const session = new HostSession({
    task: 'cancel',
    logRoot: dirs.make(),
    request: 'type 12',
    models: { HOST_AGENT: model },
    dispatcher: made.dispatcher,
    interactor: new ProgrammaticInteractor(),
    events,
  });
  return { ...made, events, model, session };
}

function lines(folder: string) {
  return readFileSync(join(folder, 'response.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('cancel', () => {
  it('mid-step: the step finishes, the logs and the checkpoint stay consistent, and resume completes the task', async () => {
    const { desktop, dispatcher, events, session } = setup(150);
    events.subscribe((e) => {
      if (e.type === 'step-start' && e.step === 1) session.cancel('Ctrl+C');
    });
    const outcome = await session.run();
    expect(outcome.status).toBe('cancelled');
    const logged = lines(outcome.logFolder!);
    expect(logged.map((l) => [l.session_step, l.status])).toEqual([
      [0, 'ASSIGN'],
      [1, 'FINISH'],
    ]);
    const checkpoint = readCheckpoint(outcome.logFolder!);
    // stopped between the AppAgent's FINISH step and its archive: resume does the subtask-end bookkeeping
    expect(checkpoint).toMatchObject({
      status: 'cancelled',
      position: { agent: 'AppAgent/calc', state: 'FINISH' },
      context: { ROUND_SUBTASK_AMOUNT: { '0': 0 } },
    });
    expect(desktop.state.display).toBe('12');

    const resumed = await new HostSession({
      task: 'cancel',
      models: { HOST_AGENT: new ScriptedModel({ replies: script().slice(2) }) },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      resume: { checkpoint },
    }).run();
    expect(resumed).toMatchObject({ status: 'completed', steps: 3, rounds: [{ result: '12', finalState: 'FINISH' }] });
    expect(readCheckpoint(outcome.logFolder!).context).toMatchObject({
      ROUND_SUBTASK_AMOUNT: { '0': 1 },
      PREVIOUS_SUBTASKS: [{ subtask: 'compute', status: 'FINISH', result: '12' }],
    });
  });

  it('forced (second Ctrl+C): the model call in flight is aborted at once and the checkpoint stays at the last transition', async () => {
    const { events, session } = setup(60_000);
    events.subscribe((e) => {
      if (e.type === 'step-start' && e.step === 0)
        setTimeout(() => {
          session.cancel('Ctrl+C');
          session.cancel('Ctrl+C', { force: true });
        }, 20);
    });
    const started = Date.now();
    const outcome = await session.run();
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(outcome.status).toBe('cancelled');
    // the aborted step is still one complete, parseable line
    expect(lines(outcome.logFolder!).map((l) => l.status)).toEqual(['ERROR']);
    expect(readCheckpoint(outcome.logFolder!)).toMatchObject({
      status: 'cancelled',
      position: { agent: 'HostAgent', state: 'CONTINUE' },
      context: { SESSION_STEP: 0 },
    });
  });
});
