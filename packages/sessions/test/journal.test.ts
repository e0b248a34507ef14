import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus, FileLogSink, ProgrammaticInteractor, type SensitiveAction } from '@ufo-ts/core';
import { type FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import {
  DeferringInteractor,
  FileActionJournal,
  HostSession,
  readCheckpoint,
  type ActionJournal,
  type JournalEntry,
  type ManagedSessionOutcome,
  type UnknownOutcomePolicy,
} from '../src/index.js';
import { approveTwelve, JOURNAL_REQUESTS, StepModel } from './fixtures/journal-script.js';
import { DedupDevice } from './dedup-device.js';
import { HangingDispatcher, stepLines, perTestCleanup } from './helpers.js';

const { dirs, defer, fakeDesktop } = perTestCleanup();

const interactor = (requests: string[], confirm: (action: SensitiveAction) => boolean = approveTwelve) => new ProgrammaticInteractor({ requests, confirm });
const nextRound = (folder: string) => {
  const checkpoint = readCheckpoint(folder);
  return checkpoint.position ? checkpoint.position.round + 1 : checkpoint.rounds.length;
};

/** What must be the same after an uninterrupted run and after an interrupted-then-resumed one. */
function finalState(outcome: ManagedSessionOutcome, session: HostSession, desktop: FakeDesktop) {
  const { ID: _id, LOG_PATH: _path, ...context } = session.context.toJSON();
  const responseLog = readFileSync(join(outcome.logFolder!, 'response.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    outcome: { status: outcome.status, rounds: outcome.rounds, steps: outcome.steps, cost: outcome.cost },
    context,
    desktop: { display: desktop.state.display, sentEmails: desktop.state.sentEmails, selected: desktop.state.selected },
    actions: desktop.state.calls.filter((c) => c === 'click_input' || c === 'send_email'),
    steps: stepLines(outcome.logFolder!).map((l) => [
      l.agent,
      l.state,
      l.status,
      l.session_step,
      l.round_step,
      l.round_num,
      l.thought,
      l.actions.map((a: any) => `${a.function}:${a.result?.status ?? 'held'}`),
    ]),
    confirmations: responseLog.filter((l) => l.type === 'confirmation').map((l) => [l.session_step, l.approved]),
  };
}

async function uninterrupted() {
  const { desktop, dispatcher } = fakeDesktop();
  const events = new EventBus();
  let seen = 0;
  events.subscribe(() => (seen += 1));
  const session = new HostSession({
    task: 'whole',
    logRoot: dirs.make(),
    models: { HOST_AGENT: new StepModel() },
    dispatcher,
    interactor: interactor([...JOURNAL_REQUESTS]),
    maxRounds: 2,
    events,
    reports: false,
  });
  const outcome = await session.run();
  return { expected: finalState(outcome, session, desktop), events: seen };
}

describe('the action journal', () => {
  it('force-cancelled at every event and resumed, the session sends each action once and ends as an uninterrupted run', async () => {
    const { expected, events } = await uninterrupted();
    expect(expected.outcome).toMatchObject({ status: 'completed', steps: 9 });
    for (let cancelAt = 1; cancelAt <= events; cancelAt += 1) {
      const { desktop, dispatcher } = fakeDesktop();
      const bus = new EventBus();
      const first = new HostSession({
        task: 'cancel',
        logRoot: dirs.make(),
        models: { HOST_AGENT: new StepModel() },
        dispatcher,
        interactor: interactor([...JOURNAL_REQUESTS]),
        maxRounds: 2,
        events: bus,
        reports: false,
      });
      let seen = 0;
      bus.subscribe(() => {
        if (++seen === cancelAt) first.cancel('stop now', { force: true });
      });
      const stopped = await first.run();
      const folder = stopped.logFolder!;
      const checkpoint = readCheckpoint(folder);
      let state;
      if (checkpoint.status === 'completed') state = finalState(stopped, first, desktop);
      else {
        const resumed = new HostSession({
          task: 'cancel',
          models: { HOST_AGENT: new StepModel() },
          dispatcher,
          interactor: interactor(JOURNAL_REQUESTS.slice(nextRound(folder))),
          maxRounds: 2,
          reports: false,
          resume: { checkpoint },
        });
        state = finalState(await resumed.run(), resumed, desktop);
      }
      expect({ cancelAt, ...state }).toEqual({ cancelAt, ...expected });
    }
  });

  async function lostAction(policy: UnknownOutcomePolicy, confirm?: (action: SensitiveAction) => boolean) {
    const { desktop, dispatcher } = fakeDesktop();
    // the process "dies" while click_input(2) is in flight: its intent is journaled, its result never is
    const hanging = new HangingDispatcher(dispatcher, (c) => c.tool_name === 'click_input' && c.parameters.id === '2');
    const sink = new FileLogSink({ logRoot: dirs.make(), task: 'lost' });
    void new HostSession({
      task: 'lost',
      logSink: sink,
      models: { HOST_AGENT: new StepModel() },
      dispatcher: hanging,
      interactor: interactor([...JOURNAL_REQUESTS]),
      maxRounds: 2,
      reports: false,
    }).run();
    await hanging.hung;
    await sink.close();
    const model = new StepModel();
    const resumeInteractor = interactor(JOURNAL_REQUESTS.slice(nextRound(sink.folder)), confirm);
    const session = new HostSession({
      task: 'lost',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: resumeInteractor,
      maxRounds: 2,
      reports: false,
      resume: { checkpoint: readCheckpoint(sink.folder) },
      journal: { onUnknownOutcome: policy },
    });
    const outcome = await session.run();
    return { outcome, session, desktop, model, interactor: resumeInteractor };
  }

  it('an action sent without a recorded result is not sent again, and the next prompt says its outcome is unknown', async () => {
    const { desktop, model, outcome } = await lostAction('tell-model');
    // click 1 ran before the crash; click 2 never reached the desktop and was not sent again
    expect(desktop.state.calls.filter((c) => c === 'click_input')).toEqual(['click_input']);
    expect(desktop.state.display).toBe('1');
    // the replayed step did not ask the model again: the first call of the resumed session is the next step's
    const next = JSON.stringify(model.calls[0]!.messages);
    expect(next).toContain('OUTCOME_UNKNOWN');
    expect(next).toContain('check the screen');
    const line = stepLines(outcome.logFolder!).find((l) => l.actions.some((a: any) => a.arguments?.id === '2'))!;
    expect(line.actions.map((a: any) => [a.arguments.id, a.result.status])).toEqual([
      ['1', 'success'],
      ['2', 'failure'],
    ]);
  });

  it('with onUnknownOutcome "ask", an approved action is sent again once and the session ends as an uninterrupted run', async () => {
    const { expected } = await uninterrupted();
    const { desktop, outcome, session, interactor: asked } = await lostAction('ask', (action) => action.function === 'click_input' || approveTwelve(action));
    expect(asked.confirmations[0]).toMatchObject({ action: { function: 'click_input', arguments: { id: '2' } }, approved: true });
    expect(finalState(outcome, session, desktop)).toEqual(expected);
  });

  it('with onUnknownOutcome "ask" and no one at hand, the session waits for the answer (not an ERROR); approved on resume, the action is sent again once', async () => {
    const { expected } = await uninterrupted();
    const { desktop, dispatcher } = fakeDesktop();
    const hanging = new HangingDispatcher(dispatcher, (c) => c.tool_name === 'click_input' && c.parameters.id === '2');
    const sink = new FileLogSink({ logRoot: dirs.make(), task: 'deferred' });
    void new HostSession({
      task: 'deferred',
      logSink: sink,
      models: { HOST_AGENT: new StepModel() },
      dispatcher: hanging,
      interactor: interactor([...JOURNAL_REQUESTS]),
      maxRounds: 2,
      reports: false,
    }).run();
    await hanging.hung;
    await sink.close();
    const waiting = await new HostSession({
      task: 'deferred',
      models: { HOST_AGENT: new StepModel() },
      dispatcher,
      interactor: new DeferringInteractor({ requests: JOURNAL_REQUESTS.slice(nextRound(sink.folder)) }),
      maxRounds: 2,
      reports: false,
      resume: { checkpoint: readCheckpoint(sink.folder) },
      journal: { onUnknownOutcome: 'ask' },
    }).run();
    expect(waiting).toMatchObject({ status: 'waiting', waitingFor: { kind: 'confirmation', actions: [{ function: 'click_input', arguments: { id: '2' } }] } });
    expect(desktop.state.calls.filter((c) => c === 'click_input')).toEqual(['click_input']);
    const resumed = new HostSession({
      task: 'deferred',
      models: { HOST_AGENT: new StepModel() },
      dispatcher,
      interactor: interactor(JOURNAL_REQUESTS.slice(nextRound(sink.folder))),
      maxRounds: 2,
      reports: false,
      resume: { checkpoint: readCheckpoint(sink.folder), decision: { approve: true } },
      journal: { onUnknownOutcome: 'ask' },
    });
    expect(finalState(await resumed.run(), resumed, desktop)).toEqual(expected);
  });

  it('each action goes out under its journaled command id; an approved re-send after resume reuses it, and a de-duplicating device answers from its cache', async () => {
    const { expected } = await uninterrupted();
    const { desktop, dispatcher } = fakeDesktop();
    // click_input(2) runs on the device, and the session "dies" before its reply arrives
    const device = new DedupDevice(dispatcher, (c) => c.tool_name === 'click_input' && c.parameters.id === '2');
    const sink = new FileLogSink({ logRoot: dirs.make(), task: 'dedup' });
    void new HostSession({
      task: 'dedup',
      logSink: sink,
      models: { HOST_AGENT: new StepModel() },
      dispatcher: device,
      interactor: interactor([...JOURNAL_REQUESTS]),
      maxRounds: 2,
      reports: false,
    }).run();
    await device.lost;
    await sink.close();
    const journal = new FileActionJournal({ folder: sink.folder }).entries();
    const intents = journal.filter((e) => e.type === 'intent');
    expect(intents.map((e) => e.command_id)).toEqual(device.received);
    expect(new Set(device.received).size).toBe(device.received.length);
    const lostId = intents.at(-1)!.command_id!;
    const session = new HostSession({
      task: 'dedup',
      models: { HOST_AGENT: new StepModel() },
      dispatcher: device,
      interactor: interactor(JOURNAL_REQUESTS.slice(nextRound(sink.folder)), () => true),
      maxRounds: 2,
      reports: false,
      resume: { checkpoint: readCheckpoint(sink.folder) },
      journal: { onUnknownOutcome: 'ask' },
    });
    const outcome = await session.run();
    expect(device.repeats).toEqual([lostId]);
    expect(finalState(outcome, session, desktop)).toEqual(expected);
    const resent = new FileActionJournal({ folder: sink.folder }).entries().filter((e) => e.type === 'intent' && e.command_id === lostId);
    expect(resent).toHaveLength(2);
  });

  it('with onUnknownOutcome "fail", the step fails naming the action and the round ends in ERROR', async () => {
    const { desktop, outcome } = await lostAction('fail');
    expect(outcome.status).toBe('error');
    expect(outcome.rounds[0]?.finalState).toBe('ERROR');
    const failed = stepLines(outcome.logFolder!).at(-1)!;
    expect(failed.error.message).toContain('The outcome of click_input({"id":"2"}) is unknown');
    // the documented code, not the failed strategy's wrapper, in response.log and the round result
    expect(failed.error.code).toBe('ACTION_OUTCOME_UNKNOWN');
    expect(outcome.rounds[0]?.result).toMatchObject({ code: 'ACTION_OUTCOME_UNKNOWN' });
    expect(desktop.state.display).toBe('1');
  });

  it('a journal that cannot be written ends the session with JournalWriteError; the command is not sent', async () => {
    const { desktop, dispatcher } = fakeDesktop();
    const journal: ActionJournal = {
      append: (entry: JournalEntry) => {
        if (entry.type === 'intent') throw new Error('EROFS: read-only file system');
      },
      entries: () => [],
    };
    const outcome = await new HostSession({
      task: 'ro',
      logRoot: dirs.make(),
      models: { HOST_AGENT: new StepModel() },
      dispatcher,
      interactor: interactor([...JOURNAL_REQUESTS]),
      maxRounds: 2,
      reports: false,
      journal: { store: journal },
    }).run();
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toMatchObject({ code: 'JOURNAL_WRITE_FAILED', cause: { message: 'EROFS: read-only file system' } });
    expect(desktop.state.calls).not.toContain('click_input');
  });

  it('the file journal drops a line a crash cut short, reopens after close, and rejects a corrupt line in the middle', async () => {
    const { appendFileSync, writeFileSync } = await import('node:fs');
    const folder = dirs.make();
    const journal = new FileActionJournal({ folder });
    journal.append({ type: 'intent', step: 0, seq: 0, call_id: 'c1', tool: 'click_input', arguments: { id: '1' }, agent: 'AppAgent' });
    journal.close();
    journal.append({ type: 'result', step: 0, seq: 0, result: { status: 'success', call_id: 'c1' } });
    journal.close();
    appendFileSync(journal.path, '{"type":"intent","step":1,"se');
    expect(journal.entries().map((e) => e.type)).toEqual(['intent', 'result']);
    journal.close();
    journal.append({ type: 'intent', step: 1, seq: 0, call_id: 'c2', tool: 'click_input', arguments: { id: '2' }, agent: 'AppAgent' });
    expect(journal.entries().map((e) => [e.type, e.step])).toEqual([
      ['intent', 0],
      ['result', 0],
      ['intent', 1],
    ]);
    journal.close();
    writeFileSync(journal.path, 'not json\n{"type":"result","step":0,"seq":0,"result":{"status":"success","call_id":"c1"}}\n');
    expect(() => journal.entries()).toThrow(expect.objectContaining({ code: 'JOURNAL_INVALID' }));
  });
});
