import { FileLogSink, ProgrammaticInteractor } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { FileActionJournal, HostSession, readCheckpoint, SessionFactory, type JournalEntry, type SessionDefaults } from '../src/index.js';
import { approveTwelve, JOURNAL_REQUESTS, StepModel } from './fixtures/journal-script.js';
import { HangingDispatcher, perTestCleanup, stepLines } from './helpers.js';

const { dirs, fakeDesktop } = perTestCleanup();
const interactor = () => new ProgrammaticInteractor({ requests: [...JOURNAL_REQUESTS], confirm: approveTwelve });

/** A session that "dies" while click_input(2) is in flight: its intent is journaled, its result never is. */
async function lostAction() {
  const { desktop, dispatcher } = fakeDesktop();
  const hanging = new HangingDispatcher(dispatcher, (c) => c.tool_name === 'click_input' && c.parameters.id === '2');
  const sink = new FileLogSink({ logRoot: dirs.make(), task: 'lost' });
  void new HostSession({
    task: 'lost',
    logSink: sink,
    models: { HOST_AGENT: new StepModel() },
    dispatcher: hanging,
    interactor: interactor(),
    reports: false,
  }).run();
  await hanging.hung;
  await sink.close();
  expect(readCheckpoint(sink.folder).position).toMatchObject({ round: 0 });
  return { desktop, dispatcher, folder: sink.folder };
}

describe('SessionFactory.resume', () => {
  it('takes the journal policy for an action whose outcome is unknown: with "fail" the round ends in ERROR, ACTION_OUTCOME_UNKNOWN', async () => {
    const { desktop, dispatcher, folder } = await lostAction();
    const factory = new SessionFactory({ models: { HOST_AGENT: new StepModel() }, dispatcher, interactor: interactor(), defaults: { reports: false } });
    const outcome = await (await factory.resume(folder, { onUnknownOutcome: 'fail' })).run();
    expect(outcome.status).toBe('error');
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'ERROR', result: { code: 'ACTION_OUTCOME_UNKNOWN' } });
    expect(stepLines(folder).at(-1)!.error).toMatchObject({ code: 'ACTION_OUTCOME_UNKNOWN' });
    // click 2 was not sent again
    expect(desktop.state.display).toBe('1');
  });

  it("keeps the journal settings of the factory's defaults beside the policy, and refuses a policy for a session without a journal", async () => {
    const { dispatcher, folder } = await lostAction();
    const checkpoint = readCheckpoint(folder);
    const file = new FileActionJournal({ folder });
    const read: JournalEntry[][] = [];
    const store = { append: (entry: JournalEntry) => file.append(entry), entries: () => (read.push(file.entries()), read.at(-1)!) };
    // defaults built elsewhere (a configuration) may carry more than SessionDefaults names
    const withJournal: SessionDefaults = Object.assign({ reports: false as const }, { journal: { store } });
    const factory = new SessionFactory({ models: { HOST_AGENT: new StepModel() }, dispatcher, interactor: interactor(), defaults: withJournal });
    const outcome = await (await factory.resume(folder, { onUnknownOutcome: 'fail' })).run();
    expect(read.length).toBeGreaterThan(0);
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'ERROR', result: { code: 'ACTION_OUTCOME_UNKNOWN' } });

    const withoutJournal: SessionDefaults = Object.assign({ reports: false as const }, { journal: false });
    const off = new SessionFactory({ models: { HOST_AGENT: new StepModel() }, dispatcher, interactor: interactor(), defaults: withoutJournal });
    await expect(off.resume(checkpoint, { onUnknownOutcome: 'ask' })).rejects.toMatchObject({ code: 'SESSION_OPTIONS_INVALID' });
  });
});
