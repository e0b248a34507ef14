import { Blackboard, LinuxAgent } from '@ufo-ts/agent-fsm';
import { Context, EventBus, MemoryLogSink, ProgrammaticInteractor, type CommandDispatcher } from '@ufo-ts/core';
import { ManualClock, ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineStepKey, defineStrategy, loggingMiddleware, ProcessorTemplate, STEP_KEYS } from '../src/index.js';

const SEEN = defineStepKey('seen', z.boolean(), 'Whether the strategy looked.');

const noDispatcher: CommandDispatcher = { execute: async () => [], listTools: async () => [], close: async () => {} };

describe('the step pipeline measures time through the Clock port', () => {
  it('phase and step durations come from the agent clock, so a simulated clock gives exact timings', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const logs = new MemoryLogSink();
    const processor = new ProcessorTemplate({
      name: 'timed',
      middleware: [loggingMiddleware()],
      strategies: {
        DATA_COLLECTION: defineStrategy({
          name: 'Look',
          phase: 'DATA_COLLECTION',
          provides: [SEEN],
          async execute() {
            clock.advance(7);
            return { seen: true };
          },
        }),
        ACTION_EXECUTION: defineStrategy({
          name: 'Act',
          phase: 'ACTION_EXECUTION',
          provides: [STEP_KEYS.status],
          async execute() {
            clock.advance(5);
            return { status: 'FINISH' };
          },
        }),
      },
    });
    const agent = new LinuxAgent({
      name: 'LinuxAgent',
      model: new ScriptedModel({ replies: [] }),
      dispatcher: noDispatcher,
      interactor: new ProgrammaticInteractor(),
      events: new EventBus(),
      logSink: logs,
      blackboard: new Blackboard(),
      processor,
      clock,
    });
    await processor.process(agent, new Context());
    expect(logs.lines.response[0]).toMatchObject({
      status: 'FINISH',
      timings: { DATA_COLLECTION: 7, ACTION_EXECUTION: 5, total: 12 },
      time: '2026-01-01T00:00:00.012Z',
    });
  });
});
