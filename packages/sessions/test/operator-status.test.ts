import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { OperatorSession } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { reply, stepLines, TempDirs } from './helpers.js';

const dirs = new TempDirs();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  dirs.cleanup();
});

const click = { type: 'click', x: 10, y: 20 };
const op = (action: unknown, extra: Record<string, unknown> = {}) => reply({ observation: 'screen', thought: 'next', action, ...extra });

async function runOperator(replies: ScriptedReply[], interactor = new ProgrammaticInteractor()) {
  const screen = new FakeScreen();
  const dispatcher = screen.dispatcher();
  closers.push(() => dispatcher.close());
  const outcome = await new OperatorSession({
    task: 'op',
    logRoot: dirs.make(),
    request: 'do it',
    models: { OPERATOR: new ScriptedModel({ replies }) },
    dispatcher,
    interactor,
    platform: 'linux',
  }).run();
  return { outcome, screen, lines: stepLines(outcome.logFolder!) };
}

describe('OperatorSession honours the reply status that comes with an action', () => {
  it('FAIL with an action runs the action and ends the round FAIL (not CONTINUE)', async () => {
    const { outcome, screen, lines } = await runOperator([op(click, { status: 'FAIL', result: 'the button is gone' }), op(null, { status: 'FINISH' })]);
    expect(screen.calls.map((c) => c.tool)).toEqual(['click_on_coordinates']);
    expect(lines.map((l) => l.status)).toEqual(['FAIL']);
    expect(outcome.rounds).toMatchObject([{ finalState: 'FAIL', result: 'the button is gone' }]);
  });

  it('PENDING with an action runs the action, then asks the questions', async () => {
    const interactor = new ProgrammaticInteractor({ answers: ['yes'] });
    const { outcome, screen, lines } = await runOperator(
      [op(click, { status: 'PENDING', questions: ['Overwrite the file?'] }), op(null, { status: 'FINISH', result: 'done' })],
      interactor,
    );
    expect(screen.calls.map((c) => c.tool)).toEqual(['click_on_coordinates']);
    expect(interactor.asked).toEqual(['Overwrite the file?']);
    expect(lines.map((l) => l.status)).toEqual(['PENDING', 'FINISH']);
    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'done' }]);
  });

  it('FINISH with an action runs it and finishes; CONTINUE with an action continues', async () => {
    const { outcome, lines } = await runOperator([op(click), op(click, { status: 'FINISH', result: 'ok' })]);
    expect(lines.map((l) => l.status)).toEqual(['CONTINUE', 'FINISH']);
    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'ok' }]);
  });

  it('a failed action leaves the round running whatever status came with it, so the model sees the failure', async () => {
    const { lines } = await runOperator([op({ type: 'click', x: 1, y: 1, button: 'back' }, { status: 'FAIL' }), op(null, { status: 'FINISH' })]);
    expect(lines.map((l) => l.status)).toEqual(['CONTINUE', 'FINISH']);
  });
});
