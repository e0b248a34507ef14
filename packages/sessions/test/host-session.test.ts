import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus, FileLogSink, ProgrammaticInteractor, type EngineEvent } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { HostSession, readCheckpoint } from '../src/index.js';
import { app, click, host, reply, selectCalc, stepLines, perTestCleanup } from './helpers.js';

const { dirs, defer } = perTestCleanup();

function fakeDesktop() {
  const { desktop, dispatcher } = createFakeDesktopDispatcher();
  defer(() => dispatcher.close());
  return { desktop, dispatcher };
}

const verdict = (complete: string) =>
  reply({ reason: 'The result 408 was computed in step 2.', sub_scores: [{ name: 'computed 12 × 34', evaluation: complete }], complete }, 0.002);

describe('HostSession', () => {
  it('runs a round on the fake desktop, checkpoints every transition, evaluates, and writes the reports', async () => {
    const logRoot = dirs.make();
    const { desktop, dispatcher } = fakeDesktop();
    const model = new ScriptedModel({
      replies: [
        selectCalc('compute 12×34'),
        app([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
        host('FINISH', { result: '408' }),
        verdict('yes'),
      ],
    });
    const events = new EventBus();
    const seen: EngineEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const session = new HostSession({
      task: 'calc',
      logRoot,
      request: 'What is 12 times 34?',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      events,
      evaluation: { session: true },
    });
    const outcome = await session.run();

    expect(outcome).toMatchObject({ status: 'completed', kind: 'host', steps: 3, rounds: [{ result: '408', finalState: 'FINISH' }] });
    expect(desktop.state.display).toBe('408');
    expect(outcome.evaluations).toEqual([expect.objectContaining({ level: 'session', complete: 'yes', cost: 0.002 })]);
    expect(outcome.cost).toBeCloseTo(0.032, 10);
    const folder = outcome.logFolder!;
    const evalLines = readFileSync(join(folder, 'evaluation.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(evalLines).toEqual([expect.objectContaining({ type: 'evaluation', level: 'session', complete: 'yes', request: 'What is 12 times 34?' })]);
    // the evaluator saw the trajectory with the screenshots
    const evalParts = model.calls[3]!.messages[1]!.content as Array<{ type: string; text?: string }>;
    expect(evalParts.some((p) => p.text?.includes('click_input(id=\\"6\\") → success'))).toBe(true);
    expect(evalParts.filter((p) => p.type === 'image')).toHaveLength(4);

    const checkpoint = readCheckpoint(folder);
    expect(checkpoint).toMatchObject({
      status: 'completed',
      kind: 'host',
      position: null,
      rounds: [{ request: 'What is 12 times 34?', finalState: 'FINISH' }],
    });
    expect(checkpoint.agents.map((a) => [a.name, a.role])).toEqual([
      ['HostAgent', 'host'],
      ['AppAgent/calc', 'sub'],
    ]);
    expect(seen.filter((e) => e.type === 'transition')).toHaveLength(5);

    expect(readFileSync(outcome.reports.markdown!, 'utf8')).toContain('complete = **yes**');
    const html = readFileSync(outcome.reports.html!, 'utf8');
    expect(html).toContain('data-steps="3"');
    expect(html).toContain('data:image/png;base64,');
  });

  it('evaluates a session where the HostAgent finished alone, with no AppAgent step (#304/#179)', async () => {
    const logRoot = dirs.make();
    const { dispatcher } = fakeDesktop();
    const model = new ScriptedModel({
      replies: [host('FINISH', { result: 'The calculator is already open.' }), verdict('yes'), verdict('yes')],
    });
    const outcome = await new HostSession({
      task: 'open-calc',
      logRoot,
      request: 'open the calculator',
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      evaluation: { session: true, round: true },
    }).run();
    expect(outcome.status).toBe('completed');
    expect(stepLines(outcome.logFolder!).map((l) => l.agent_kind)).toEqual(['HostAgent']);
    // one round evaluation and one session evaluation, both after a host-only trajectory; their cost is counted
    expect(model.calls).toHaveLength(2 + 1);
    expect(outcome.evaluations.map((e) => e.level)).toEqual(['round', 'session']);
    expect(outcome.cost).toBeCloseTo(0.01 + 0.002 + 0.002, 10);
    const evalText = JSON.stringify(model.calls[2]!.messages);
    expect(evalText).toContain('The calculator is already open.');
    expect(evalText).not.toContain('AppAgent');
  });
});
