import { FileLogSink, ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { DeferringInteractor, LinuxSession, readCheckpoint, SessionFactory } from '../src/index.js';
import { app, click, CrashingModel, perTestCleanup } from './helpers.js';

const { dirs, defer } = perTestCleanup();
function desktop() {
  const made = createFakeDesktopDispatcher();
  defer(() => made.dispatcher.close());
  return made;
}
const CALC = '0x3a00004';

describe('waiting for answers, and a single-agent session after a crash', () => {
  it('a question stops the session as waiting; resume with the answer puts it on the blackboard for the next prompt', async () => {
    const { dispatcher } = desktop();
    const replies = [
      app([], { status: 'PENDING', questions: ['Which number should I multiply 12 by?'] }),
      app([], { status: 'FINISH', result: '12 × 34 = 408' }),
    ];
    const first = await new LinuxSession({
      task: 'ask',
      logRoot: dirs.make(),
      request: 'multiply 12',
      models: { LINUX_AGENT: new ScriptedModel({ replies }) },
      dispatcher,
      interactor: new DeferringInteractor(),
    }).run();
    expect(first).toMatchObject({
      status: 'waiting',
      waitingFor: { kind: 'questions', agent: 'LinuxAgent', questions: ['Which number should I multiply 12 by?'] },
    });
    const model = new ScriptedModel({ replies: replies.slice(1) });
    const factory = new SessionFactory({ models: { LINUX_AGENT: model }, dispatcher, interactor: new DeferringInteractor() });
    const second = await (await factory.resume(first.logFolder!, { decision: { answers: ['by 34'] } })).run();
    expect(second).toMatchObject({ status: 'completed', rounds: [{ result: '12 × 34 = 408', finalState: 'FINISH' }] });
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('by 34');
    expect(readCheckpoint(first.logFolder!).blackboard.questions).toEqual([{ question: 'Which number should I multiply 12 by?', answer: 'by 34' }]);
  });

  it('a LinuxSession crashed mid-task resumes with its memory and finishes the calculation', async () => {
    const { desktop: fake, dispatcher } = desktop();
    const script = () => [
      app({ function: 'select_application_window', arguments: { id: CALC, name: 'Calculator' } }),
      app([click('1'), click('2'), click('5')]),
      app([click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
    ];
    const crashing = new CrashingModel(new ScriptedModel({ replies: script() }), 2);
    const sink = new FileLogSink({ logRoot: dirs.make(), task: 'linux-crash' });
    void new LinuxSession({
      task: 'linux-crash',
      request: 'What is 12 times 34?',
      logSink: sink,
      models: { LINUX_AGENT: crashing },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
    }).run();
    await crashing.hung;
    await sink.close();
    const model = new ScriptedModel({ replies: script().slice(2) });
    const resumed = await new SessionFactory({ models: { LINUX_AGENT: model }, dispatcher, interactor: new ProgrammaticInteractor() }).resume(sink.folder);
    const outcome = await resumed.run();
    expect(outcome).toMatchObject({ status: 'completed', steps: 3, rounds: [{ result: '408' }] });
    expect(fake.state.display).toBe('408');
    // the resumed agent remembers its previous actions
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('click_input({\\"id\\":\\"5\\"})');
  });
});
