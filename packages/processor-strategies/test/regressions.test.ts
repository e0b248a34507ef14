import { Blackboard, LinuxAgent, StepMemory } from '@ufo-ts/agent-fsm';
import { Context, EventBus, MemoryLogSink, ProgrammaticInteractor, type Command, type CommandDispatcher, type Result } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import {
  AppResponseSchema,
  createLinuxProcessor,
  defineStrategy,
  deriveActionStatus,
  executeActions,
  ProcessorTemplate,
  replyFormatText,
  STEP_KEYS,
} from '../src/index.js';

class RecordingDispatcher implements CommandDispatcher {
  readonly commands: Command[] = [];
  async execute(commands: readonly Command[]): Promise<Result[]> {
    this.commands.push(...commands);
    return commands.map((c) => ({
      status: c.tool_name === 'broken' ? 'failure' : 'success',
      call_id: c.call_id,
      error: c.tool_name === 'broken' ? 'boom' : null,
    }));
  }
  async listTools() {
    return [];
  }
  async close() {}
}

function linux(dispatcher: CommandDispatcher = new RecordingDispatcher(), safeGuard = true) {
  return new LinuxAgent({
    name: 'LinuxAgent',
    model: new ScriptedModel({ replies: [] }),
    dispatcher,
    interactor: new ProgrammaticInteractor(),
    events: new EventBus(),
    logSink: new MemoryLogSink(),
    blackboard: new Blackboard(),
    processor: { process: async () => ({ status: 'FINISH' }) },
    safeGuard,
  });
}

describe('regressions of the original engine', () => {
  it('actions with an empty function are skipped, not an assertion crash', async () => {
    const dispatcher = new RecordingDispatcher();
    const actions = AppResponseSchema.parse({
      observation: 'o',
      thought: 't',
      action: [
        { function: '', arguments: {} },
        { function: 'click_input', arguments: { id: '2' }, status: 'FINISH' },
      ],
    }).action;
    const executed = await executeActions(linux(dispatcher), actions, { agent: 'LinuxAgent' });
    expect(dispatcher.commands.map((c) => c.tool_name)).toEqual(['click_input']);
    expect(deriveActionStatus(actions, executed, undefined)).toBe('FINISH');
  });

  it('with safe-guard, a CONFIRM action and the ones after it are held, the earlier ones run', async () => {
    const dispatcher = new RecordingDispatcher();
    const agent = linux(dispatcher);
    const actions = AppResponseSchema.parse({
      observation: 'o',
      thought: 't',
      action: [
        { function: 'type_text', arguments: { text: 'hi' } },
        { function: 'send', arguments: {}, status: 'CONFIRM' },
        { function: 'close', arguments: {} },
      ],
    }).action;
    const executed = await executeActions(agent, actions, { agent: 'LinuxAgent' });
    expect(dispatcher.commands.map((c) => c.tool_name)).toEqual(['type_text']);
    expect(agent.pendingConfirmation?.actions.map((a) => a.function)).toEqual(['send', 'close']);
    expect(deriveActionStatus(actions, executed, undefined)).toBe('CONFIRM');
  });

  it('without safe-guard, CONFIRM actions run at once and count as CONTINUE', async () => {
    const dispatcher = new RecordingDispatcher();
    const actions = AppResponseSchema.parse({ observation: 'o', thought: 't', action: { function: 'send', arguments: {}, status: 'CONFIRM' } }).action;
    const executed = await executeActions(linux(dispatcher, false), actions, { agent: 'LinuxAgent' });
    expect(dispatcher.commands).toHaveLength(1);
    expect(deriveActionStatus(actions, executed, undefined)).toBe('CONTINUE');
  });

  it('status derivation: the last successful action wins; a failed action keeps CONTINUE', async () => {
    const actions = AppResponseSchema.parse({
      observation: 'o',
      thought: 't',
      action: [
        { function: 'ok', arguments: {}, status: 'FINISH' },
        { function: 'broken', arguments: {}, status: 'FINISH' },
      ],
    }).action;
    const executed = await executeActions(linux(), actions, { agent: 'LinuxAgent' });
    expect(executed.results.map((r) => r.status)).toEqual(['success', 'failure']);
    expect(deriveActionStatus(actions, executed, undefined)).toBe('FINISH');
    const onlyBroken = AppResponseSchema.parse({ observation: 'o', thought: 't', action: { function: 'broken', arguments: {}, status: 'FINISH' } }).action;
    expect(deriveActionStatus(onlyBroken, await executeActions(linux(), onlyBroken, { agent: 'LinuxAgent' }), undefined)).toBe('CONTINUE');
  });

  it('a dependency that is declared but missing at run time fails the step instead of a warning', async () => {
    const processor = new ProcessorTemplate({
      name: 'p',
      strategies: {
        DATA_COLLECTION: defineStrategy({
          name: 'Collect',
          phase: 'DATA_COLLECTION',
          provides: [STEP_KEYS.controls],
          async execute() {
            return { controls: [] };
          },
        }),
        LLM_INTERACTION: defineStrategy({
          name: 'Think',
          phase: 'LLM_INTERACTION',
          dependsOn: [STEP_KEYS.controls, STEP_KEYS.request],
          async execute() {
            return {};
          },
        }),
      },
    });
    const ctx = new Context();
    const outcome = await processor.process(linux(), ctx);
    expect(outcome.status).toBe('CONTINUE');
    const broken = new ProcessorTemplate({
      name: 'p',
      strategies: {
        LLM_INTERACTION: defineStrategy({
          name: 'Think',
          phase: 'LLM_INTERACTION',
          dependsOn: [STEP_KEYS.request, STEP_KEYS.roundStep],
          async execute() {
            return {};
          },
        }),
      },
      initialData: () => ({ round_step: undefined }),
    });
    const failed = await broken.process(linux(), ctx);
    expect(failed.status).toBe('ERROR');
    expect(String((failed.error as Error).message)).toContain('needs "round_step"');
  });

  it('memory items are independent plain records', () => {
    const a = new StepMemory();
    const b = new StepMemory();
    const item = { step: 1, agent: 'x', state: 'CONTINUE', status: 'CONTINUE', actions: [], custom: { deep: 1 } };
    a.add(item);
    item.custom.deep = 2;
    b.add({ step: 2, agent: 'y', state: 'CONTINUE', status: 'FINISH', actions: [] });
    expect(a.latest()).toMatchObject({ custom: { deep: 1 } });
    expect(Object.keys(b.latest()!)).not.toContain('custom');
  });

  it('the prompt states the reply format generated from the schema the parser uses', () => {
    const text = replyFormatText(AppResponseSchema);
    expect(text).toContain('"observation"');
    expect(text).toContain('"save_screenshot"');
    expect(createLinuxProcessor()).toBeInstanceOf(ProcessorTemplate);
  });
});
