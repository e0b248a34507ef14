import { EventBus, parseTrajectory, ProgrammaticInteractor, type EngineEvent, type StepRecordInput } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { EvaluationAgent, evaluationFinishCheck, LinuxSession, SessionError } from '../src/index.js';
import { app, click, reply, stepLines, perTestCleanup } from './helpers.js';

const { dirs, fakeDesktop } = perTestCleanup();

const verdict = (complete: 'yes' | 'no' | 'unsure', reason: string) =>
  reply({ reason, sub_scores: [{ name: 'the product', evaluation: complete }], complete }, 0.002);
const userText = (model: ScriptedModel, call: number) => JSON.stringify(model.calls[call]!.messages[1]!.content);

const step = (n: number, round: number, request: string, extra: Partial<StepRecordInput> = {}): StepRecordInput => ({
  type: 'step',
  agent: 'LinuxAgent',
  agent_kind: 'LinuxAgent',
  state: 'CONTINUE',
  status: 'CONTINUE',
  session_step: n,
  round_step: n,
  round_num: round,
  request,
  actions: [],
  cost: 0.01,
  time: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('evaluationFinishCheck', () => {
  const trajectory = parseTrajectory({
    responseLog: [
      step(0, 0, 'open the calculator', { thought: 'ROUND-0-THOUGHT', status: 'FINISH' }),
      step(1, 1, 'What is 12 times 34?', { thought: 'ROUND-1-THOUGHT' }),
    ] as unknown as Record<string, unknown>[],
  });
  it('(the fixture reads without problems)', () => expect([trajectory.problems, trajectory.steps.length]).toEqual([[], 2]));

  it('passes when the evaluation says complete "yes"; the reason is its reason; only the FINISH\'s round and the FINISH are judged', async () => {
    const judge = new ScriptedModel({ replies: [verdict('yes', 'The display shows 408 (step 2).')] });
    const seen: number[] = [];
    const check = evaluationFinishCheck(new EvaluationAgent({ model: judge }), { trajectory: () => trajectory, onEvaluated: (r) => seen.push(r.cost ?? -1) });
    const v = await check({ agent: 'LinuxAgent', request: 'What is 12 times 34?', result: '408', step: 2 });
    expect(v).toEqual({ passed: true, reason: 'The display shows 408 (step 2).' });
    expect(seen).toEqual([0.002]);
    const asked = userText(judge, 0);
    expect(asked).toContain('What is 12 times 34?');
    expect(asked).toContain('ROUND-1-THOUGHT');
    expect(asked).not.toContain('ROUND-0-THOUGHT');
    // the FINISH itself, not yet in the log, is the last step the evaluator sees
    expect(asked).toMatch(/\\"step\\":2,\\"agent\\":\\"LinuxAgent\\",\\"status\\":\\"FINISH\\".*\\"result\\":\\"408\\"/);
  });

  it('fails when the evaluation says "no" or "unsure", with its reason', async () => {
    const judge = new ScriptedModel({ replies: [verdict('no', 'The display shows 12, not 408.'), verdict('unsure', 'No step shows the result.')] });
    const check = evaluationFinishCheck(new EvaluationAgent({ model: judge }), { trajectory: () => trajectory });
    expect(await check({ agent: 'LinuxAgent', request: 'What is 12 times 34?', result: '12', step: 2 })).toEqual({
      passed: false,
      reason: 'The display shows 12, not 408.',
    });
    expect(await check({ agent: 'LinuxAgent', request: 'What is 12 times 34?', result: undefined, step: 2 })).toEqual({
      passed: false,
      reason: 'No step shows the result.',
    });
  });

  it("judges a FINISH with no logged step of its request (its round's first step), and works without a trajectory", async () => {
    const judge = new ScriptedModel({ replies: [verdict('yes', 'ok'), verdict('yes', 'ok')] });
    const check = evaluationFinishCheck(new EvaluationAgent({ model: judge }), { trajectory: () => trajectory });
    await check({ agent: 'LinuxAgent', request: 'close it', result: 'closed', step: 2 });
    expect(userText(judge, 0)).not.toContain('ROUND-1-THOUGHT');
    expect(userText(judge, 0)).toContain('closed');
    await evaluationFinishCheck(new EvaluationAgent({ model: judge }))({ agent: 'LinuxAgent', request: 'close it', result: 'closed', step: 0 });
    expect(userText(judge, 1)).toContain('closed');
  });
});

describe("LinuxSession finishCheck: 'evaluation'", () => {
  it('a FINISH whose evaluation fails goes back to the model once, with the reason; the corrected FINISH passes and ends the round', async () => {
    const { desktop, dispatcher } = fakeDesktop();
    const linux = new ScriptedModel({
      replies: [
        app({ function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' } }),
        app([click('1'), click('2', 'FINISH')], { result: '12' }),
        app([click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
      ],
    });
    const judge = new ScriptedModel({
      replies: [verdict('no', 'The display shows 12: the multiplication was not done.'), verdict('yes', 'The display shows 408.')],
    });
    const events = new EventBus();
    const seen: EngineEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const outcome = await new LinuxSession({
      task: 'check',
      logRoot: dirs.make(),
      request: 'What is 12 times 34?',
      models: { LINUX_AGENT: linux, EVALUATION_AGENT: judge },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      events,
      finishCheck: 'evaluation',
    }).run();
    expect(outcome).toMatchObject({ status: 'completed', steps: 3, rounds: [{ finalState: 'FINISH', result: '408' }] });
    expect(desktop.state.display).toBe('408');
    // the model was told why, in the prompt after the failed check
    expect(JSON.stringify(linux.calls[2]!.messages)).toContain('<Finish check:>');
    expect(JSON.stringify(linux.calls[2]!.messages)).toContain('The display shows 12: the multiplication was not done.');
    const lines = stepLines(outcome.logFolder!);
    expect(lines.map((l) => l.status)).toEqual(['CONTINUE', 'CONTINUE', 'FINISH']);
    expect(lines.map((l) => l.finish_check)).toEqual([
      undefined,
      { passed: false, accepted: false, reason: 'The display shows 12: the multiplication was not done.' },
      { passed: true, accepted: true, reason: 'The display shows 408.' },
    ]);
    expect(seen.filter((e) => e.type === 'finish-check').map((e) => (e as { passed: boolean }).passed)).toEqual([false, true]);
    // the evaluator saw the steps before the FINISH (from the log) and the FINISH's result; its cost is the session's
    expect(judge.calls).toHaveLength(2);
    // with the screenshots: step 0's and the FINISH step's (saved before the check)
    const parts = judge.calls[0]!.messages[1]!.content as Array<{ type: string; text?: string }>;
    expect(parts.filter((p) => p.type === 'image')).toHaveLength(2);
    expect(parts.some((p) => p.text === 'Screenshot of step 1:')).toBe(true);
    expect(userText(judge, 0)).toContain('select_application_window');
    expect(userText(judge, 0)).toContain('\\"result\\":\\"12\\"');
    expect(userText(judge, 1)).toContain('\\"result\\":\\"408\\"');
    expect(outcome.cost).toBeCloseTo(3 * 0.01 + 2 * 0.002, 10);
  });

  it('a second FINISH in the round stands even when its evaluation fails again (the model was told once)', async () => {
    const { dispatcher } = fakeDesktop();
    const linux = new ScriptedModel({ replies: [app([], { status: 'FINISH', result: 'done' }), app([], { status: 'FINISH', result: 'done, really' })] });
    const judge = new ScriptedModel({ replies: [verdict('no', 'Nothing was done.'), verdict('no', 'Still nothing.')] });
    const outcome = await new LinuxSession({
      task: 'check-twice',
      logRoot: dirs.make(),
      request: 'What is 12 times 34?',
      models: { LINUX_AGENT: linux, EVALUATION_AGENT: judge },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      finishCheck: 'evaluation',
    }).run();
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'done, really' });
    expect(stepLines(outcome.logFolder!).map((l) => l.finish_check?.accepted)).toEqual([false, true]);
  });

  it('without the option, a FINISH is not checked', async () => {
    const { dispatcher } = fakeDesktop();
    const linux = new ScriptedModel({ replies: [app([], { status: 'FINISH', result: 'done' })] });
    const judge = new ScriptedModel({ replies: [] });
    const outcome = await new LinuxSession({
      task: 'unchecked',
      logRoot: dirs.make(),
      request: 'x',
      models: { LINUX_AGENT: linux, EVALUATION_AGENT: judge },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
    }).run();
    expect(outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(judge.calls).toHaveLength(0);
  });

  it('refuses finishCheck: "evaluation" together with linux.finishCheck', () => {
    const { dispatcher } = fakeDesktop();
    const make = () =>
      new LinuxSession({
        task: 'both',
        logRoot: dirs.make(),
        request: 'x',
        models: { LINUX_AGENT: new ScriptedModel({ replies: [] }) },
        dispatcher,
        interactor: new ProgrammaticInteractor(),
        finishCheck: 'evaluation',
        linux: { finishCheck: async () => ({ passed: true, reason: 'ok' }) },
      });
    expect(make).toThrow(SessionError);
    expect(make).toThrow('not both');
  });
});
