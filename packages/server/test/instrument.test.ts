import type { ChatModel, CommandDispatcher, EventBus } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import type { InstrumentedTask, SessionInstrumentation } from '../src/index.js';
import { hitlPerTest } from './helpers/hitl-server.js';

const hitl = hitlPerTest();
const ENDED = ['completed', 'failed', 'cancelled', 'budget_exceeded'];

/** One instrumented run: what it was told, what went through its wrappers, and how often it was detached. */
interface Run {
  task: InstrumentedTask;
  modelCalls: number;
  toolNames: string[];
  engineEvents: number;
  detached: number;
}

/** An instrumentation that counts what passes through the model and dispatcher it wraps. */
function countingInstrumentation(runs: Run[]): SessionInstrumentation {
  return (events: EventBus, task) => {
    const run: Run = { task, modelCalls: 0, toolNames: [], engineEvents: 0, detached: 0 };
    runs.push(run);
    const unsubscribe = events.subscribe(() => void run.engineEvents++);
    return {
      model: (model: ChatModel): ChatModel => ({
        provider: model.provider,
        modelId: model.modelId,
        complete: (request) => {
          run.modelCalls += 1;
          return model.complete(request);
        },
      }),
      dispatcher: <D extends CommandDispatcher>(dispatcher: D): D =>
        new Proxy(dispatcher, {
          get(target, property) {
            if (property === 'execute') {
              return (commands: Parameters<D['execute']>[0], options: Parameters<D['execute']>[1]) => {
                run.toolNames.push(...commands.map((c) => c.tool_name));
                return target.execute(commands, options);
              };
            }
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        }),
      detach: () => {
        run.detached += 1;
        unsubscribe();
      },
    };
  };
}

describe("instrument: every built-in session run goes through the server's instrumentation", () => {
  it('wraps the model and the device dispatcher of a task, and detaches once when it ends', async () => {
    const runs: Run[] = [];
    const s = await hitl.start({ logRoot: hitl.logRoot(), instrument: countingInstrumentation(runs) });
    await hitl.device(s, 'dev-instr');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-instr', request: 'keep clicking', task_name: 'instr-1', budget: { max_steps: 4 } });
    const done = await s.waitForStatus('instr-1', ENDED);
    expect(done.status).toBe('budget_exceeded');
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run.task).toMatchObject({ taskName: 'instr-1', sessionId: done.session_id, clientId: 'dev-instr', platform: 'linux' });
    // four steps thought (selecting the window, then three clicks); the fifth call was refused by the budget before
    // it reached the wrapped model
    expect(run.modelCalls).toBe(4);
    expect(run.toolNames.filter((name) => name === 'click_input')).toHaveLength(3);
    expect(run.engineEvents).toBeGreaterThan(0);
    expect(run.detached).toBe(1);
  });

  it('a task that waits for a person is detached when it parks, and its resumed run is instrumented again', async () => {
    const runs: Run[] = [];
    const s = await hitl.start({ logRoot: hitl.logRoot(), approval: { mode: 'wait' }, instrument: countingInstrumentation(runs) });
    await hitl.device(s, 'dev-instr-wait');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-instr-wait', request: 'press one, carefully', task_name: 'instr-wait' });
    const waiting = await s.waitForStatus('instr-wait', ['waiting']);
    expect(runs.map((r) => r.detached)).toEqual([1]);
    const answer = await s.api('POST', '/api/tasks/instr-wait/approve', { pending_id: waiting.waiting.pending_id });
    expect(answer.status).toBe(202);
    expect((await s.waitForStatus('instr-wait', ENDED)).status).toBe('completed');
    expect(runs).toHaveLength(2);
    expect(runs[1]!.toolNames).toContain('click_input');
    expect(runs.map((r) => r.detached)).toEqual([1, 1]);
  });
});
