import { Blackboard, LinuxAgent, type Agent } from '@ufo-ts/agent-fsm';
import { Context, EventBus, MemoryLogSink, ProgrammaticInteractor, type CommandDispatcher } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineStepKey, defineStrategy, ProcessorTemplate, STEP_KEYS, StepContext, StepValueError, StrategyDependencyError } from '../src/index.js';

const nullDispatcher: CommandDispatcher = { execute: async () => [], listTools: async () => [], close: async () => {} };

function agent(): Agent {
  return new LinuxAgent({
    name: 'LinuxAgent',
    model: new ScriptedModel({ replies: [] }),
    dispatcher: nullDispatcher,
    interactor: new ProgrammaticInteractor(),
    events: new EventBus(),
    logSink: new MemoryLogSink(),
    blackboard: new Blackboard(),
    processor: { process: async () => ({ status: 'FINISH' }) },
  });
}

const RETRIES = defineStepKey('retries', z.number().int().nonnegative(), 'How often the step retried.');
const LABELS = defineStepKey('labels', z.array(z.object({ id: z.string(), text: z.string() })), 'Labels read from the screen.');

describe('step keys', () => {
  it('a strategy that depends on a key no earlier strategy provides fails when the processor is built', () => {
    const reader = defineStrategy({ name: 'Reader', phase: 'LLM_INTERACTION', dependsOn: [STEP_KEYS.request, RETRIES], execute: async () => ({}) });
    const build = () => new ProcessorTemplate({ name: 'p', strategies: { LLM_INTERACTION: reader } });
    expect(build).toThrow(StrategyDependencyError);
    expect(build).toThrow(expect.objectContaining({ code: 'STRATEGY_DEPENDENCY_MISSING', strategy: 'Reader', key: 'retries' }));
    const writer = defineStrategy({ name: 'Writer', phase: 'DATA_COLLECTION', provides: [RETRIES], execute: async () => ({ retries: 0 }) });
    expect(() => new ProcessorTemplate({ name: 'p', strategies: { DATA_COLLECTION: writer, LLM_INTERACTION: reader } })).not.toThrow();
  });

  it('a provided value of the wrong shape fails the step with a StepValueError naming the strategy and the key', async () => {
    const liar = defineStrategy({
      name: 'Liar',
      phase: 'DATA_COLLECTION',
      provides: [LABELS],
      // the compile-time check is bypassed on purpose: the processor must still catch the value at run time
      execute: async () => ({ labels: [{ id: 1, text: 'OK' }] }) as never,
    });
    const seen: unknown[] = [];
    const after = defineStrategy({
      name: 'After',
      phase: 'LLM_INTERACTION',
      dependsOn: [LABELS],
      execute: async (_a, step) => (seen.push(step.get(LABELS)), {}),
    });
    const outcome = await new ProcessorTemplate({ name: 'p', strategies: { DATA_COLLECTION: liar, LLM_INTERACTION: after } }).process(agent(), new Context());
    expect(outcome.status).toBe('ERROR');
    expect(outcome.error).toBeInstanceOf(StepValueError);
    expect(outcome.error).toMatchObject({ code: 'STEP_VALUE_INVALID', strategy: 'Liar', key: 'labels' });
    expect((outcome.error as StepValueError).issues.join('\n')).toContain('0.id');
    expect(seen).toEqual([]);
  });

  it('a value set on the step instead of returned is checked the same way', async () => {
    const setter = defineStrategy({
      name: 'Setter',
      phase: 'DATA_COLLECTION',
      provides: [RETRIES],
      execute: async (_a, step) => {
        step.set(RETRIES, -1);
        return {};
      },
    });
    const outcome = await new ProcessorTemplate({ name: 'p', strategies: { DATA_COLLECTION: setter } }).process(agent(), new Context());
    expect(outcome.error).toMatchObject({ code: 'STEP_VALUE_INVALID', strategy: 'Setter', key: 'retries' });
  });

  it('reads and writes are typed by the key', () => {
    const step = new StepContext(new Context(), { retries: 2, request: 'open the editor' });
    expectTypeOf(step.get(RETRIES)).toEqualTypeOf<number | undefined>();
    expectTypeOf(step.require(STEP_KEYS.request)).toEqualTypeOf<string>();
    expectTypeOf(step.get(LABELS)).toEqualTypeOf<Array<{ id: string; text: string }> | undefined>();
    expect(step.get(RETRIES)).toBe(2);
    expect(step.require(STEP_KEYS.request)).toBe('open the editor');
    // @ts-expect-error: RETRIES holds a number
    step.set(RETRIES, 'three');
    // @ts-expect-error: the value a strategy returns for a provided key is typed by the key
    defineStrategy({ name: 'Typed', phase: 'DATA_COLLECTION', provides: [RETRIES], execute: async () => ({ retries: 'three' }) });
  });
});
