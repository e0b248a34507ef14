// An action whose outcome is unknown, then resume, in each tool mode of an application agent (JSON text; native tool
// calls with and without strict structured output): a LinuxSession computing 12×34 "dies" while the × key is in
// flight (its intent is journaled, its result never is). A new process resumes from the checkpoint with each
// `onUnknownOutcome` policy. The resumed session selects the calculator window again, never repeats the clicks
// whose results are journaled, and, per policy, tells the model, sends × again after asking, or fails the round
// with ACTION_OUTCOME_UNKNOWN, which must reach response.log, the round result, the event stream and report.html.
import { FileLogSink, ProgrammaticInteractor, type ModelFeatures } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { NATIVE_TOOL_FEATURES, toNativeReplies } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher, type FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { LinuxSession, readCheckpoint, type UnknownOutcomePolicy } from '../src/index.js';
import { app, click, HangingDispatcher, perTestCleanup, RecordingDispatcher } from './helpers.js';
import { expectCodeEverywhere, observe } from './reply-errors-harness.js';

const { dirs, defer } = perTestCleanup();
const CALC = '0x3a00004';
// keys of the fake calculator: 1, 2, × (id 5), 3, 4, = (id 6)
const TIMES_12_34 = [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')];
const REST_AFTER_TIMES = [click('3'), click('4'), click('6', 'FINISH')];

interface Mode {
  mode: string;
  toolMode: 'text' | 'native';
  features?: ModelFeatures;
}
const MODES: Mode[] = [
  { mode: 'JSON text replies', toolMode: 'text' },
  { mode: 'native tool calls with strict structured output', toolMode: 'native', features: { ...NATIVE_TOOL_FEATURES, strictSchema: true } },
  { mode: 'native tool calls without strict output', toolMode: 'native', features: NATIVE_TOOL_FEATURES },
];

const scripted = (mode: Mode, replies: ScriptedReply[]) =>
  new ScriptedModel({
    replies: mode.toolMode === 'native' ? toNativeReplies(replies as unknown as Array<Record<string, unknown>>) : replies,
    ...(mode.features ? { features: mode.features } : {}),
  });

function linux(mode: Mode, parts: Partial<ConstructorParameters<typeof LinuxSession>[0]>) {
  return new LinuxSession({
    task: 'unknown',
    request: 'What is 12 times 34?',
    interactor: new ProgrammaticInteractor(),
    linux: { toolMode: mode.toolMode },
    ...parts,
  } as ConstructorParameters<typeof LinuxSession>[0]);
}

/** Runs until × is in flight and never comes back: the process dies there. Returns the desktop and the log folder. */
async function dieWhileTimesIsInFlight(mode: Mode) {
  const { desktop, dispatcher } = createFakeDesktopDispatcher();
  defer(() => dispatcher.close());
  const hanging = new HangingDispatcher(dispatcher, (c) => c.tool_name === 'click_input' && c.parameters.id === '5');
  const logSink = new FileLogSink({ logRoot: dirs.make(), task: 'unknown' });
  const model = scripted(mode, [
    app({ function: 'select_application_window', arguments: { id: CALC, name: 'Calculator' } }),
    app(TIMES_12_34, { result: '408' }),
  ]);
  void linux(mode, { logSink, models: { LINUX_AGENT: model }, dispatcher: hanging }).run();
  await hanging.hung;
  await logSink.close();
  expect(desktop.state.display).toBe('12');
  return { desktop, folder: logSink.folder };
}

/** The tool servers of a new process over the same machine: the calculator still shows 12, nothing is selected. */
function newProcess(desktop: FakeDesktop) {
  desktop.state.selected = undefined;
  const { dispatcher } = createFakeDesktopDispatcher(desktop);
  defer(() => dispatcher.close());
  return new RecordingDispatcher(dispatcher);
}

async function resume(mode: Mode, policy: UnknownOutcomePolicy, replies: ScriptedReply[], confirm?: boolean) {
  const { desktop, folder } = await dieWhileTimesIsInFlight(mode);
  const checkpoint = readCheckpoint(folder);
  expect(checkpoint.context.APPLICATION_WINDOW_INFO).toMatchObject({ id: CALC });
  const recording = newProcess(desktop);
  const model = scripted(mode, replies);
  const interactor = new ProgrammaticInteractor(confirm === undefined ? {} : { confirm });
  const seen = await observe((events) =>
    linux(mode, { models: { LINUX_AGENT: model }, dispatcher: recording, interactor, events, resume: { checkpoint }, journal: { onUnknownOutcome: policy } }),
  );
  const clicks = recording.sent.filter((c) => c.tool === 'click_input').map((c) => c.arguments.id);
  // the window chosen before the crash is selected again before the resumed step
  expect(recording.sent[0]).toMatchObject({ tool: 'select_application_window', arguments: { id: CALC } });
  expect(desktop.state.selected).toBe(CALC);
  return { desktop, seen, model, clicks, interactor, selected: recording.sent.filter((c) => c.tool === 'select_application_window') };
}

describe.each(MODES)('an action of unknown outcome, then resume, with $mode', (mode) => {
  it('fail: the round ends with ACTION_OUTCOME_UNKNOWN everywhere; nothing is sent again; the failed step logs its actions', async () => {
    const { desktop, seen, clicks, selected } = await resume(mode, 'fail', []);
    expectCodeEverywhere(seen, 'ACTION_OUTCOME_UNKNOWN', 'click_input');
    expect(seen.outcome.status).toBe('error');
    // the window is selected again; no click is sent again, × included
    expect(selected).toEqual([expect.objectContaining({ arguments: expect.objectContaining({ id: CALC }) })]);
    expect(desktop.state.selected).toBe(CALC);
    expect(clicks).toEqual([]);
    expect(desktop.state.display).toBe('12');
    const failed = seen.steps.at(-1)!;
    expect(failed.actions.map((a: any) => [a.arguments.id, a.result?.status])).toEqual([
      ['1', 'success'],
      ['2', 'success'],
      ['5', 'failure'],
      ['3', 'skipped'],
      ['4', 'skipped'],
      ['6', 'skipped'],
    ]);
    expect(failed.actions[2].result.error).toContain('ACTION_OUTCOME_UNKNOWN');
  });

  it('tell-model: × is not sent again, its result says the outcome is unknown, the model is told and goes on; 408', async () => {
    const { desktop, seen, model, clicks } = await resume(mode, 'tell-model', [app([click('5'), ...REST_AFTER_TIMES], { result: '408' })]);
    expect(seen.outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH', result: '408' }] });
    const [resumed, next] = seen.steps.slice(-2);
    expect(resumed!.actions.map((a: any) => [a.arguments.id, a.result?.status])).toEqual(expect.arrayContaining([['5', 'failure']]));
    expect(resumed!.actions.find((a: any) => a.arguments.id === '5').result.error).toContain('OUTCOME_UNKNOWN');
    expect(next!.status).toBe('FINISH');
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('OUTCOME_UNKNOWN');
    // 1 and 2 were not sent again; × only when the model chose to
    expect(clicks).toEqual(['5', '3', '4', '6']);
    expect(desktop.state.display).toBe('408');
  });

  it('ask, approved: × is sent again and the step goes on; no other key is repeated; 408', async () => {
    const { desktop, seen, model, clicks, interactor } = await resume(mode, 'ask', [], true);
    expect(interactor.confirmations).toEqual([expect.objectContaining({ approved: true, action: expect.objectContaining({ function: 'click_input' }) })]);
    expect(seen.outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH', result: '408' }] });
    expect(model.calls).toHaveLength(0);
    expect(clicks).toEqual(['5', '3', '4', '6']);
    expect(desktop.state.display).toBe('408');
  });

  it('ask, declined: × is not sent; the model is told, as with tell-model', async () => {
    const { desktop, seen, model, clicks } = await resume(mode, 'ask', [app([click('5'), ...REST_AFTER_TIMES], { result: '408' })], false);
    expect(seen.outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH', result: '408' }] });
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('OUTCOME_UNKNOWN');
    expect(clicks).toEqual(['5', '3', '4', '6']);
    expect(desktop.state.display).toBe('408');
  });
});
