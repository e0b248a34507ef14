import { createCommand, FileLogSink, ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { HostSession, LinuxSession, readCheckpoint, type ManagedSession } from '../src/index.js';
import { app, click, CrashingModel, host, perTestCleanup, selectCalc, stepLines } from './helpers.js';

const { dirs, fakeDesktop } = perTestCleanup();
const CALC = '0x3a00004';
const TIMES_12_34 = [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')];

/**
 * Runs a session until the model is asked for reply `crashAt` (the process dies there: nothing more is written), so
 * the checkpoint is the one taken after the step before it. Returns the log folder.
 */
async function crashBefore(
  crashAt: number,
  replies: ScriptedReply[],
  build: (options: { logSink: FileLogSink; model: CrashingModel }) => ManagedSession,
): Promise<string> {
  const model = new CrashingModel(new ScriptedModel({ replies }), crashAt);
  const logSink = new FileLogSink({ logRoot: dirs.make(), task: 'window' });
  void build({ logSink, model }).run();
  await model.hung;
  await logSink.close();
  return logSink.folder;
}

/** The tool servers of a new process: the windows are still open, and nothing is selected. */
async function newProcess() {
  const made = fakeDesktop();
  const [click] = await made.dispatcher.execute([createCommand('click_input', { id: '1' }, 'action')], { target: { agent: 'LinuxAgent' } });
  expect(click).toMatchObject({ status: 'failure', error: expect.stringContaining('WINDOW_NOT_SELECTED') });
  expect(made.desktop.state.selected).toBeUndefined();
  return made;
}

describe('a resumed session selects its application window again', () => {
  it('LinuxSession: the window the LinuxAgent selected is in the checkpoint and selected again before the first resumed step', async () => {
    const script = () => [app({ function: 'select_application_window', arguments: { id: CALC, name: 'Calculator' } }), app(TIMES_12_34, { result: '408' })];
    const before = fakeDesktop();
    const folder = await crashBefore(
      1,
      script(),
      ({ logSink, model }) =>
        new LinuxSession({
          task: 'window',
          request: 'What is 12 times 34?',
          logSink,
          models: { LINUX_AGENT: model },
          dispatcher: before.dispatcher,
          interactor: new ProgrammaticInteractor(),
          reports: false,
        }),
    );
    expect(before.desktop.state.selected).toBe(CALC);
    const checkpoint = readCheckpoint(folder);
    expect(checkpoint.position).toMatchObject({ agent: 'LinuxAgent', state: 'CONTINUE' });
    expect(checkpoint.context.APPLICATION_WINDOW_INFO).toMatchObject({ kind: 'window', id: CALC, name: 'Calculator' });

    const after = await newProcess();
    const outcome = await new LinuxSession({
      task: 'window',
      models: { LINUX_AGENT: new ScriptedModel({ replies: script().slice(1) }) },
      dispatcher: after.dispatcher,
      interactor: new ProgrammaticInteractor(),
      reports: false,
      resume: { checkpoint },
    }).run();
    // the first resumed step's clicks act in the calculator
    const clicks = stepLines(folder)[1]!.actions.map((a: any) => (a.result.status === 'success' ? 'success' : a.result.error));
    expect(clicks).toEqual(TIMES_12_34.map(() => 'success'));
    expect(outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH', result: '408' }] });
    expect(after.desktop.state.selected).toBe(CALC);
    expect(after.desktop.state.display).toBe('408');
  });

  it('HostSession: the host-selected window is selected again before the AppAgent continues', async () => {
    const script = () => [selectCalc('compute 12×34'), app(TIMES_12_34, { result: '408' }), host('FINISH', { result: '408' })];
    const before = fakeDesktop();
    const folder = await crashBefore(
      1,
      script(),
      ({ logSink, model }) =>
        new HostSession({
          task: 'window',
          request: 'What is 12 times 34?',
          logSink,
          models: { HOST_AGENT: model },
          dispatcher: before.dispatcher,
          interactor: new ProgrammaticInteractor(),
          reports: false,
        }),
    );
    const checkpoint = readCheckpoint(folder);
    expect(checkpoint.position).toMatchObject({ agent: 'AppAgent/calc' });

    const after = await newProcess();
    const outcome = await new HostSession({
      task: 'window',
      models: { HOST_AGENT: new ScriptedModel({ replies: script().slice(1) }) },
      dispatcher: after.dispatcher,
      interactor: new ProgrammaticInteractor(),
      reports: false,
      resume: { checkpoint },
    }).run();
    expect(outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH', result: '408' }] });
    expect(after.desktop.state.display).toBe('408');
  });
});
