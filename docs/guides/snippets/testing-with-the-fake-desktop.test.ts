// Testing with the fake desktop: a vitest test of an agent's behaviour, with a scripted model and assertions on
// what the desktop saw and what the model was asked. Run by the docs test.
// #region test
import { ProgrammaticInteractor, type ProgrammaticInteractorOptions } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { HostSession } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function fakeDesktopSession(replies: Array<Record<string, unknown>>, answers: ProgrammaticInteractorOptions = {}) {
  const { desktop, dispatcher } = createFakeDesktopDispatcher();
  cleanups.push(() => dispatcher.close());
  const model = new ScriptedModel({ replies });
  const interactor = new ProgrammaticInteractor(answers); // scripted user: answers to questions, yes/no to confirmations
  const session = new HostSession({
    task: 'calculator',
    logRoot: mkdtempSync(join(tmpdir(), 'ufo-test-')),
    request: 'What is 12 times 34?',
    models: { HOST_AGENT: model },
    dispatcher,
    interactor,
    reports: false,
  });
  return { desktop, model, interactor, session };
}

const host = (o: Record<string, unknown>) => ({ observation: 'desktop', thought: 'plan', ...o });
const app = (o: Record<string, unknown>) => ({ observation: 'calculator', thought: 'click', ...o });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });

test('the agents compute 12 × 34 on the calculator', async () => {
  const { desktop, model, session } = fakeDesktopSession([
    host({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: 'compute 12 × 34' }),
    app({ action: [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], result: '408' }),
    host({ status: 'FINISH', result: '408' }),
  ]);

  const outcome = await session.run();

  expect(outcome.status).toBe('completed');
  expect(desktop.state.display).toBe('408'); // what the app shows, not what the model claimed
  expect(desktop.state.calls).toContain('select_application_window');
  expect(model.remaining).toBe(0); // every scripted reply was used
  expect(JSON.stringify(model.calls[1]?.messages)).toContain('Calculator'); // the AppAgent's prompt named the window
});

test('an email waits for the user, who refuses it', async () => {
  const { desktop, interactor, session } = fakeDesktopSession(
    [
      host({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: 'email 408 to john' }),
      app({ action: { function: 'send_email', arguments: { to: 'john@example.com', body: '408' }, status: 'CONFIRM' } }),
      app({ status: 'FINISH', result: 'the user declined' }),
      host({ status: 'FINISH', result: 'not sent' }),
    ],
    { confirm: false },
  );

  await session.run();

  expect(interactor.confirmations.map((c) => c.approved)).toEqual([false]); // the user was asked, and said no
  expect(desktop.state.sentEmails).toEqual([]); // so nothing was sent
});
// #endregion test
