import { Blackboard, LinuxAgent, type Agent } from '@ufo-ts/agent-fsm';
import { Context, EventBus, MemoryLogSink, ProgrammaticInteractor, type CommandDispatcher } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ComposedStrategy,
  defineStepKey,
  defineStrategy,
  loggingMiddleware,
  STEP_KEYS,
  ProcessorTemplate,
  StrategyDependencyError,
  type Middleware,
  type Strategy,
} from '../src/index.js';

const nullDispatcher: CommandDispatcher = { execute: async () => [], listTools: async () => [], close: async () => {} };

function agent(logSink = new MemoryLogSink()): Agent {
  return new LinuxAgent({
    name: 'LinuxAgent',
    model: new ScriptedModel({ replies: [] }),
    dispatcher: nullDispatcher,
    interactor: new ProgrammaticInteractor(),
    events: new EventBus(),
    logSink,
    blackboard: new Blackboard(),
    processor: { process: async () => ({ status: 'FINISH' }) },
  });
}

const key = (name: string) => defineStepKey(name, z.unknown(), `The test value ${name}.`);

const provide = (name: string, phase: Strategy['phase'], provides: string[], dependsOn: string[] = [], run?: () => unknown): Strategy =>
  defineStrategy({
    name,
    phase,
    provides: provides.map(key),
    dependsOn: dependsOn.map(key),
    async execute() {
      const extra = run ? await run() : undefined;
      return { ...Object.fromEntries(provides.map((k) => [k, `${name}:${k}`])), ...(extra as object) };
    },
  });

describe('ProcessorTemplate', () => {
  it('refuses at construction a strategy whose dependency nothing provides, naming both', () => {
    expect(
      () =>
        new ProcessorTemplate({
          name: 'p',
          strategies: {
            DATA_COLLECTION: provide('Collect', 'DATA_COLLECTION', ['screenshot']),
            LLM_INTERACTION: provide('Think', 'LLM_INTERACTION', ['response'], ['screenshot', 'controls']),
          },
        }),
    ).toThrow(expect.objectContaining({ code: 'STRATEGY_DEPENDENCY_MISSING', strategy: 'Think', key: 'controls' }));
    expect(() => new ProcessorTemplate({ name: 'p', strategies: { LLM_INTERACTION: provide('Think', 'LLM_INTERACTION', [], ['request']) } })).not.toThrow();
  });

  it('rejects a strategy registered under another phase', () => {
    expect(() => new ProcessorTemplate({ name: 'p', strategies: { MEMORY_UPDATE: provide('X', 'SETUP', []) } })).toThrow(StrategyDependencyError);
  });

  it('runs phases in order, grows the local context, and calls middleware before/after (reverse) and onError', async () => {
    const order: string[] = [];
    const mw = (name: string): Middleware => ({
      name,
      beforeProcess: () => void order.push(`before:${name}`),
      afterProcess: (_a, _s, summary) => void order.push(`after:${name}:${summary.status}`),
      onError: () => void order.push(`error:${name}`),
    });
    const seen: unknown[] = [];
    const processor = new ProcessorTemplate({
      name: 'p',
      strategies: {
        CLEANUP: defineStrategy({
          name: 'Clean',
          phase: 'CLEANUP',
          dependsOn: [STEP_KEYS.status],
          async execute(_a, step) {
            seen.push(step.get(STEP_KEYS.response));
            order.push('CLEANUP');
            return {};
          },
        }),
        DATA_COLLECTION: provide('Collect', 'DATA_COLLECTION', ['screenshot'], [], () => void order.push('DATA_COLLECTION')),
        LLM_INTERACTION: provide('Think', 'LLM_INTERACTION', ['response'], ['screenshot'], () => void order.push('LLM_INTERACTION')),
        ACTION_EXECUTION: provide('Act', 'ACTION_EXECUTION', ['status'], ['response'], () => (order.push('ACTION_EXECUTION'), { status: 'FINISH' })),
      },
      middleware: [mw('a'), mw('b')],
    });
    const outcome = await processor.process(agent(), new Context());
    expect(outcome).toEqual({ status: 'FINISH' });
    expect(order).toEqual(['before:a', 'before:b', 'DATA_COLLECTION', 'LLM_INTERACTION', 'ACTION_EXECUTION', 'CLEANUP', 'after:b:FINISH', 'after:a:FINISH']);
    expect(seen).toEqual(['Think:response']);
  });

  it('a fail-fast strategy that throws ends the step in ERROR, still counted and logged', async () => {
    const logSink = new MemoryLogSink();
    const context = new Context();
    const processor = new ProcessorTemplate({
      name: 'p',
      strategies: {
        LLM_INTERACTION: defineStrategy({
          name: 'Think',
          phase: 'LLM_INTERACTION',
          async execute() {
            throw new Error('reply is not JSON');
          },
        }),
        MEMORY_UPDATE: provide('Remember', 'MEMORY_UPDATE', ['memory_item']),
      },
      middleware: [loggingMiddleware()],
      finalize: (_a, step) => step.global.recordStep(null),
    });
    const outcome = await processor.process(agent(logSink), context);
    expect(outcome.status).toBe('ERROR');
    expect((outcome.error as Error).message).toBe('Strategy "Think" failed in LLM_INTERACTION: reply is not JSON');
    expect(context.get('SESSION_STEP')).toBe(1);
    expect(logSink.lines.response).toHaveLength(1);
    expect(logSink.lines.response[0]).toMatchObject({
      status: 'ERROR',
      error: { code: 'STRATEGY_FAILED', phase: 'LLM_INTERACTION', message: expect.stringContaining('reply is not JSON') },
    });
  });

  it('a soft strategy failure skips the rest but keeps the status the earlier phases set', async () => {
    const ran: string[] = [];
    const processor = new ProcessorTemplate({
      name: 'p',
      strategies: {
        LLM_INTERACTION: provide('Think', 'LLM_INTERACTION', ['status'], [], () => ({ status: 'CONTINUE' })),
        ACTION_EXECUTION: defineStrategy({
          name: 'Act',
          phase: 'ACTION_EXECUTION',
          failFast: false,
          async execute() {
            throw new Error('click missed');
          },
        }),
        MEMORY_UPDATE: provide('Remember', 'MEMORY_UPDATE', [], [], () => void ran.push('memory')),
      },
    });
    const outcome = await processor.process(agent(), new Context());
    expect(outcome).toEqual({ status: 'CONTINUE' });
    expect(ran).toEqual([]);
  });

  it('a strategy that does not provide what it declared is an error', async () => {
    const processor = new ProcessorTemplate({
      name: 'p',
      strategies: {
        DATA_COLLECTION: defineStrategy({
          name: 'Liar',
          phase: 'DATA_COLLECTION',
          provides: [STEP_KEYS.screenshot],
          async execute() {
            return {};
          },
        }),
      },
    });
    const outcome = await processor.process(agent(), new Context());
    expect(outcome.status).toBe('ERROR');
    expect(outcome.error).toMatchObject({ code: 'STRATEGY_PROVIDES_MISSING', keys: ['screenshot'] });
  });

  it('ComposedStrategy merges its parts (each sees the earlier ones) and declares the union', async () => {
    const composed = new ComposedStrategy({
      name: 'Both',
      phase: 'DATA_COLLECTION',
      strategies: [provide('A', 'DATA_COLLECTION', ['a']), provide('B', 'DATA_COLLECTION', ['b'], ['a'])],
    });
    expect(composed.provides.map((k) => k.name)).toEqual(['a', 'b']);
    expect(composed.dependsOn).toEqual([]);
    const processor = new ProcessorTemplate({
      name: 'p',
      strategies: { DATA_COLLECTION: composed, LLM_INTERACTION: provide('Think', 'LLM_INTERACTION', ['status'], ['a', 'b'], () => ({ status: 'FINISH' })) },
    });
    expect((await processor.process(agent(), new Context())).status).toBe('FINISH');
    expect(await composed.execute(agent(), new (await import('../src/index.js')).StepContext(new Context()))).toEqual({ a: 'A:a', b: 'B:b' });
  });
});
