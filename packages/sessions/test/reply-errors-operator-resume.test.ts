// An action of unknown outcome, then resume, for an operator driven through a provider's computer tool (Anthropic's
// and OpenAI's call shapes, scripted) and through a grounding dialect (UI-TARS replies, scripted): the process
// "dies" while the second click is in flight. Resumed
// with `fail`, the round ends with ACTION_OUTCOME_UNKNOWN in response.log, the round result, the event stream and
// report.html; with `tell-model`, the model is told and the session goes on. Neither sends the first click again.
import { FileLogSink, ProgrammaticInteractor, type ModelFeatures, type ToolCall } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { createGroundingProcessor, OperatorSession, readCheckpoint, uiTarsDialect, type UnknownOutcomePolicy } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { HangingDispatcher, perTestCleanup } from './helpers.js';
import { expectCodeEverywhere, observe } from './reply-errors-harness.js';

const { dirs, defer } = perTestCleanup();

const features = (computerTool: 'anthropic' | 'openai'): ModelFeatures => ({ toolCalls: true, parallelToolCalls: true, strictSchema: false, computerTool });
const CALLS: Record<'anthropic' | 'openai', (n: number, x: number, y: number) => ToolCall> = {
  anthropic: (n, x, y) => ({ id: `toolu_${n}`, type: 'computer', name: 'computer', arguments: { action: 'left_click', coordinate: [x, y] } }),
  openai: (n, x, y) => ({ id: `call_${n}`, type: 'computer', name: 'computer_use_preview', arguments: { type: 'click', button: 'left', x, y } }),
};

describe.each(['anthropic', 'openai'] as const)('an operator on the %s computer tool resumed after an action of unknown outcome', (provider) => {
  const twoClicks = (): ScriptedReply => ({ content: 'Clicking twice.', toolCalls: [CALLS[provider](1, 40, 40), CALLS[provider](2, 200, 120)] });
  const done: ScriptedReply = { content: 'Done: both buttons were handled.' };

  /** Runs until the second click is in flight and never comes back. */
  async function dieOnSecondClick(screen: FakeScreen) {
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());
    let clicks = 0;
    const hanging = new HangingDispatcher(dispatcher, (c) => c.tool_name === 'click_on_coordinates' && ++clicks === 2);
    const logSink = new FileLogSink({ logRoot: dirs.make(), task: 'operator-unknown' });
    const model = new ScriptedModel({ replies: [twoClicks(), done], features: features(provider) });
    void new OperatorSession({
      task: 'operator-unknown',
      logSink,
      request: 'press both buttons',
      models: { OPERATOR: model },
      dispatcher: hanging,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
    }).run();
    await hanging.hung;
    await logSink.close();
    expect(screen.calls.filter((c) => c.tool === 'click_on_coordinates')).toHaveLength(1);
    return logSink.folder;
  }

  async function resumeWith(policy: UnknownOutcomePolicy, replies: ScriptedReply[]) {
    const screen = new FakeScreen();
    const checkpoint = readCheckpoint(await dieOnSecondClick(screen));
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());
    const model = new ScriptedModel({ replies, features: features(provider) });
    const seen = await observe(
      (events) =>
        new OperatorSession({
          task: 'operator-unknown',
          models: { OPERATOR: model },
          dispatcher,
          interactor: new ProgrammaticInteractor(),
          platform: 'linux',
          events,
          resume: { checkpoint },
          journal: { onUnknownOutcome: policy },
        }),
    );
    return { seen, model, clicks: screen.calls.filter((c) => c.tool === 'click_on_coordinates') };
  }

  it('fail: ACTION_OUTCOME_UNKNOWN everywhere; the first click is not sent again and is in the failed step', async () => {
    const { seen, model, clicks } = await resumeWith('fail', []);
    expectCodeEverywhere(seen, 'ACTION_OUTCOME_UNKNOWN', 'click_on_coordinates');
    expect(model.calls).toHaveLength(0);
    expect(clicks).toHaveLength(1);
    const failed = seen.steps.at(-1)!;
    expect(failed.actions.map((a: any) => [a.function, a.result?.status])).toEqual([
      ['click_on_coordinates', 'success'],
      ['click_on_coordinates', 'failure'],
    ]);
  });

  it('tell-model: the second click is not sent again; the model reads that its outcome is unknown and finishes', async () => {
    const { seen, model, clicks } = await resumeWith('tell-model', [done]);
    expect(seen.outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH' }] });
    expect(clicks).toHaveLength(1);
    expect(model.calls).toHaveLength(1);
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('OUTCOME_UNKNOWN');
  });
});

describe('an operator on the UI-TARS grounding dialect resumed after an action of unknown outcome', () => {
  const clickAt = (x: number, y: number) => `Thought: Press the button.\nAction: click(start_box='<|box_start|>(${x},${y})<|box_end|>')`;
  const finished = "Thought: Both buttons were handled.\nAction: finished(content='done')";

  async function resumeWith(policy: UnknownOutcomePolicy, replies: string[]) {
    const screen = new FakeScreen();
    const before = screen.dispatcher();
    defer(() => before.close());
    let clicks = 0;
    const hanging = new HangingDispatcher(before, (c) => c.tool_name === 'click_on_coordinates' && ++clicks === 2);
    const logSink = new FileLogSink({ logRoot: dirs.make(), task: 'grounding-unknown' });
    const first = new ScriptedModel({ replies: [clickAt(100, 100), clickAt(600, 600), finished] });
    void new OperatorSession({
      task: 'grounding-unknown',
      logSink,
      request: 'press both buttons',
      models: { OPERATOR: first },
      dispatcher: hanging,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
      processor: createGroundingProcessor({ dialect: uiTarsDialect() }),
    }).run();
    await hanging.hung;
    await logSink.close();
    expect(screen.calls.filter((c) => c.tool === 'click_on_coordinates')).toHaveLength(1);

    const after = screen.dispatcher();
    defer(() => after.close());
    const model = new ScriptedModel({ replies });
    const seen = await observe(
      (events) =>
        new OperatorSession({
          task: 'grounding-unknown',
          models: { OPERATOR: model },
          dispatcher: after,
          interactor: new ProgrammaticInteractor(),
          platform: 'linux',
          events,
          resume: { checkpoint: readCheckpoint(logSink.folder) },
          journal: { onUnknownOutcome: policy },
          processor: createGroundingProcessor({ dialect: uiTarsDialect() }),
        }),
    );
    return { seen, model, clicks: screen.calls.filter((c) => c.tool === 'click_on_coordinates') };
  }

  it('fail: ACTION_OUTCOME_UNKNOWN everywhere; no click is sent again', async () => {
    const { seen, model, clicks } = await resumeWith('fail', []);
    expectCodeEverywhere(seen, 'ACTION_OUTCOME_UNKNOWN', 'click_on_coordinates');
    expect(model.calls).toHaveLength(0);
    expect(clicks).toHaveLength(1);
    expect(seen.steps.at(-1)!.actions.map((a: any) => [a.function, a.result?.status])).toEqual([['click_on_coordinates', 'failure']]);
  });

  it('tell-model: the click is not sent again; the model reads that its outcome is unknown and finishes', async () => {
    const { seen, model, clicks } = await resumeWith('tell-model', [finished]);
    expect(seen.outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH', result: 'done' }] });
    expect(clicks).toHaveLength(1);
    expect(model.calls).toHaveLength(1);
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('OUTCOME_UNKNOWN');
  });
});
