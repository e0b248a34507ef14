import { EventBus, FileLogSink, ProgrammaticInteractor, type SensitiveAction } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher, type FakeDesktop } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferringInteractor, FileActionJournal, HostSession, readCheckpoint, type ManagedSessionOutcome } from '../src/index.js';
import { app, click, CrashingDispatcher, CrashingModel, host, RecordingDispatcher, selectCalc, selectMail, stepLines, TempDirs } from './helpers.js';

// Two rounds with every hand-off: ASSIGN, SCREENSHOT, PENDING (a question), CONFIRM approved and rejected, FAIL.
const script = () => [
  selectCalc('compute 12×34'),
  app([click('1'), click('2'), click('5', 'SCREENSHOT')]),
  app([click('3'), click('4'), click('6')]),
  app([], { status: 'PENDING', questions: ['Round the result?'] }),
  app([], { status: 'FINISH', result: '408' }),
  selectMail('email john'),
  app({ function: 'send_email', arguments: { to: 'john', body: '408' }, status: 'CONFIRM' }),
  app({ function: 'send_email', arguments: { to: 'john', body: 'again' }, status: 'CONFIRM' }),
  host('FINISH', { result: '408, emailed to john' }),
  selectCalc('frobnicate'),
  app({ function: 'frobnicate', arguments: {}, status: 'CONTINUE' }),
  app([], { status: 'FAIL', result: 'no such tool' }),
  host('FINISH', { result: 'gave up' }),
];
const REQUESTS = ['compute 12 times 34 and email it to john', 'use the frobnicator'];
const confirm = (action: SensitiveAction) => action.arguments.body === '408';
const interactor = (requests: string[]) => new ProgrammaticInteractor({ requests, answers: { 'Round the result?': 'no, exact please' }, confirm });

const dirs = new TempDirs();
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
  dirs.cleanup();
});

function desktop() {
  const made = createFakeDesktopDispatcher();
  cleanup.push(() => made.dispatcher.close());
  return made;
}

/** What must be identical between an uninterrupted run and a crashed-then-resumed one. */
function finalState(outcome: ManagedSessionOutcome, session: HostSession, fake: FakeDesktop) {
  const { ID: _id, LOG_PATH: _path, ...context } = session.context.toJSON();
  return {
    outcome: { status: outcome.status, rounds: outcome.rounds, steps: outcome.steps, cost: outcome.cost },
    context,
    desktop: { display: fake.state.display, sentEmails: fake.state.sentEmails, selected: fake.state.selected },
    blackboard: session.host.blackboard.toJSON(),
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
  };
}

async function uninterrupted() {
  const { desktop: fake, dispatcher } = desktop();
  const session = new HostSession({
    task: 'run',
    logRoot: dirs.make(),
    models: { HOST_AGENT: new ScriptedModel({ replies: script() }) },
    dispatcher,
    interactor: interactor([...REQUESTS]),
    maxRounds: 2,
  });
  const outcome = await session.run();
  return finalState(outcome, session, fake);
}

describe('resume', () => {
  it('after a crash at any model call, the resumed session ends in the same state as an uninterrupted run', async () => {
    const expected = await uninterrupted();
    expect(expected.outcome).toMatchObject({ status: 'completed', steps: 13 });
    for (let crashAt = 0; crashAt < script().length; crashAt += 1) {
      const { desktop: fake, dispatcher } = desktop();
      const logRoot = dirs.make();
      const crashing = new CrashingModel(new ScriptedModel({ replies: script() }), crashAt);
      const sink = new FileLogSink({ logRoot, task: 'crash' });
      const first = new HostSession({
        task: 'crash',
        logSink: sink,
        models: { HOST_AGENT: crashing },
        dispatcher,
        interactor: interactor([...REQUESTS]),
        maxRounds: 2,
        events: new EventBus(),
      });
      void first.run();
      await crashing.hung;
      await sink.close(); // the process is gone: nothing more reaches the disk

      const checkpoint = readCheckpoint(sink.folder);
      expect(checkpoint.status).toBe('running');
      const nextRound = checkpoint.position ? checkpoint.position.round + 1 : checkpoint.rounds.length;
      const resumed = new HostSession({
        task: 'crash',
        models: { HOST_AGENT: new ScriptedModel({ replies: script().slice(crashAt) }) },
        dispatcher,
        interactor: interactor(REQUESTS.slice(nextRound)),
        maxRounds: 2,
        resume: { checkpoint },
      });
      const outcome = await resumed.run();
      expect(outcome.logFolder).toBe(sink.folder);
      expect({ crashAt, ...finalState(outcome, resumed, fake) }).toEqual({ crashAt, ...expected });
      expect(readCheckpoint(sink.folder).status).toBe('completed');
    }
  });

  it('after a crash inside any command (data collection, action, confirmed action, snapshot), resume ends in the same state, or says the outcome is unknown', async () => {
    const expected = await uninterrupted();
    const counting = new CrashingDispatcher(desktop().dispatcher, -1);
    await new HostSession({
      task: 'count',
      logRoot: dirs.make(),
      models: { HOST_AGENT: new ScriptedModel({ replies: script() }) },
      dispatcher: counting,
      interactor: interactor([...REQUESTS]),
      maxRounds: 2,
    }).run();
    expect(counting.calls).toBeGreaterThan(30);
    let unknown = 0;
    for (let crashAt = 0; crashAt < counting.calls; crashAt += 1) {
      const { desktop: fake, dispatcher } = desktop();
      const crashing = new CrashingDispatcher(dispatcher, crashAt);
      const model = new ScriptedModel({ replies: script() });
      const sink = new FileLogSink({ logRoot: dirs.make(), task: 'crash' });
      void new HostSession({
        task: 'crash',
        logSink: sink,
        models: { HOST_AGENT: model },
        dispatcher: crashing,
        interactor: interactor([...REQUESTS]),
        maxRounds: 2,
      }).run();
      await crashing.hung;
      await sink.close();
      const checkpoint = readCheckpoint(sink.folder);
      const nextRound = checkpoint.position ? checkpoint.position.round + 1 : checkpoint.rounds.length;
      // the model answered every call whose step completed, and the interrupted step's call when it is journaled
      const journal = new FileActionJournal({ folder: sink.folder }).entries().filter((e) => e.step === checkpoint.journalStep);
      const answered = checkpoint.agents.reduce((n, a) => n + a.steps, 0) + (journal.some((e) => e.type === 'reply') ? 1 : 0);
      const sentWithoutResult = journal.filter((e) => e.type === 'intent' && !journal.some((r) => r.type === 'result' && r.seq === e.seq));
      const recording = new RecordingDispatcher(dispatcher);
      const resumedModel = new ScriptedModel({ replies: script().slice(answered) });
      const resumed = new HostSession({
        task: 'crash',
        models: { HOST_AGENT: resumedModel },
        dispatcher: recording,
        interactor: interactor(REQUESTS.slice(nextRound)),
        maxRounds: 2,
        resume: { checkpoint },
      });
      const outcome = await resumed.run();
      if (sentWithoutResult.length === 0) {
        expect({ crashAt, ...finalState(outcome, resumed, fake) }).toEqual({ crashAt, ...expected });
        continue;
      }
      // the documented case: an action was sent and its result never came back; it is not sent again, and the
      // next prompt says its outcome is unknown
      unknown += 1;
      const [lost] = sentWithoutResult as Array<{ tool: string; arguments: Record<string, unknown> }>;
      const resent = recording.sent.filter((c) => c.tool === lost!.tool && JSON.stringify(c.arguments) === JSON.stringify(lost!.arguments));
      // a resume re-selects the application window on purpose (idempotent); every other action stays unsent
      if (lost!.tool !== 'select_application_window') expect({ crashAt, resent }).toEqual({ crashAt, resent: [] });
      expect(JSON.stringify(resumedModel.calls[0]?.messages)).toContain('OUTCOME_UNKNOWN');
    }
    expect(unknown).toBeGreaterThan(0);
  });

  it('a sensitive action waits for a person, and `resume` with approval runs it exactly once', async () => {
    const { desktop: fake, dispatcher } = desktop();
    const replies = [
      selectMail('email john'),
      app({ function: 'send_email', arguments: { to: 'john', body: '408' }, status: 'CONFIRM' }),
      app([], { status: 'FINISH', result: 'sent' }),
      host('FINISH', { result: 'emailed' }),
    ];
    const model = new ScriptedModel({ replies });
    const first = await new HostSession({
      task: 'mail',
      logRoot: dirs.make(),
      request: 'email 408 to john',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new DeferringInteractor(),
    }).run();
    expect(first.status).toBe('waiting');
    expect(first.waitingFor).toEqual({
      kind: 'confirmation',
      agent: 'AppAgent/mail',
      actions: [{ function: 'send_email', arguments: { to: 'john', body: '408' } }],
      reason: 'app thinks',
    });
    expect(fake.state.sentEmails).toEqual([]);
    const checkpoint = readCheckpoint(first.logFolder!);
    expect(checkpoint).toMatchObject({ status: 'waiting', position: { agent: 'AppAgent/mail', state: 'CONFIRM' } });

    const second = await new HostSession({
      task: 'mail',
      models: { HOST_AGENT: new ScriptedModel({ replies: replies.slice(2) }) },
      dispatcher,
      interactor: new DeferringInteractor(),
      resume: { checkpoint, decision: { approve: true } },
    }).run();
    expect(second).toMatchObject({ status: 'completed', steps: 4, rounds: [{ finalState: 'FINISH', result: 'emailed' }] });
    expect(fake.state.sentEmails).toEqual([{ to: 'john', body: '408' }]);
    const confirmations = stepLines(first.logFolder!);
    expect(confirmations.map((l) => l.status)).toEqual(['ASSIGN', 'CONFIRM', 'FINISH', 'FINISH']);
  });

  it('a rejected action is never run and the subtask ends REJECTED', async () => {
    const { desktop: fake, dispatcher } = desktop();
    const replies = [
      selectMail('email john'),
      app({ function: 'send_email', arguments: { to: 'john', body: '408' }, status: 'CONFIRM' }),
      host('FINISH', { result: 'not sent' }),
    ];
    const first = await new HostSession({
      task: 'mail',
      logRoot: dirs.make(),
      request: 'email 408 to john',
      models: { HOST_AGENT: new ScriptedModel({ replies }) },
      dispatcher,
      interactor: new DeferringInteractor(),
    }).run();
    const second = await new HostSession({
      task: 'mail',
      models: { HOST_AGENT: new ScriptedModel({ replies: replies.slice(2) }) },
      dispatcher,
      interactor: new DeferringInteractor(),
      resume: { checkpoint: readCheckpoint(first.logFolder!), decision: { approve: false } },
    }).run();
    expect(second.status).toBe('completed');
    expect(fake.state.sentEmails).toEqual([]);
    expect(second.rounds[0]!.finalState).toBe('FINISH');
  });
});
