import {
  EventBus,
  MemoryLogSink,
  ProgrammaticInteractor,
  Session,
  modelToolName,
  type Command,
  type CommandDispatcher,
  type ExecuteOptions,
  type ListToolsOptions,
  type ToolCall,
} from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AppResponseSchema,
  HostResponseSchema,
  NATIVE_TOOL_FEATURES,
  RESPOND_TOOL,
  ToolReplyError,
  appRespondSchemaFor,
  createHostAgentStack,
  createLinuxAgent,
  replyFromToolCalls,
  resolveToolMode,
  textReplyToToolCalls,
  toNativeReplies,
} from '../src/index.js';
import { toolDefinitionsFor } from '@ufo-ts/core';

const call = (name: string, args: Record<string, unknown>, id = name): ToolCall => ({ id, type: 'function', name, arguments: args });
const respond = (args: Record<string, unknown>) => call(RESPOND_TOOL, { observation: 'o', thought: 't', ...args });
const catalogue = (...names: string[]) =>
  toolDefinitionsFor(
    names.map((name) => ({ name, description: '', input_schema: { type: 'object' }, tool_type: 'action' as const, namespace: 'ns' })),
    { reserved: [RESPOND_TOOL] },
  );
const listReading = { tools: catalogue('click_input', 'ui.type'), schema: AppResponseSchema, shape: 'list' as const };

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

describe('reading a tool-call reply into the text-mode reply', () => {
  it('several action calls are several actions in order; respond gives the rest; mapped names come back', () => {
    const typed = listReading.tools.modelName('ui.type');
    expect(typed).toMatch(/^ui_type_[0-9a-f]{8}$/);
    const read = replyFromToolCalls(
      [call('click_input', { id: '1' }), call(typed, { text: 'x' }), respond({ status: 'FINISH', result: 'done' })],
      '',
      listReading,
    );
    expect(read).toEqual({
      success: true,
      value: expect.objectContaining({
        observation: 'o',
        status: 'FINISH',
        result: 'done',
        action: [
          { function: 'click_input', arguments: { id: '1' } },
          { function: 'ui.type', arguments: { text: 'x' } },
        ],
      }),
    });
  });

  it('CONFIRM holds every action of the reply; alone it is a no-op CONFIRM action', () => {
    const held = replyFromToolCalls([call('click_input', { id: '1' }), call('click_input', { id: '2' }, 'b'), respond({ status: 'CONFIRM' })], '', listReading);
    expect(held.success && (held.value as { action: unknown[]; status?: string })).toMatchObject({
      action: [{ function: 'click_input', status: 'CONFIRM' }, { function: 'click_input' }],
    });
    expect(held.success && (held.value as { status?: string }).status).toBeUndefined();
    const alone = replyFromToolCalls([respond({ status: 'CONFIRM' })], '', listReading);
    expect(alone.success && (alone.value as { action: unknown[] }).action).toEqual([{ function: '', arguments: {}, status: 'CONFIRM' }]);
  });

  it('without respond, a JSON reply text (strict structured output) stands in for it; actions written inside it are kept', () => {
    const read = replyFromToolCalls([], JSON.stringify({ observation: 'o', thought: 't', status: 'FINISH' }), listReading);
    expect(read.success && read.value).toMatchObject({ status: 'FINISH', action: [] });
    const inside = replyFromToolCalls([respond({ action: { function: 'click_input', arguments: { id: '4' } } })], '', listReading);
    expect(inside.success && inside.value).toMatchObject({ action: [{ function: 'click_input', arguments: { id: '4' } }] });
    const host = { tools: catalogue('select_application_window'), schema: HostResponseSchema, shape: 'single' as const };
    const hostInside = replyFromToolCalls([respond({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '2' } })], '', host);
    expect(hostInside.success && hostInside.value).toMatchObject({ function: 'select_application_window', arguments: { id: '2' } });
  });

  it('names each problem: no tool call, no respond, two responds, two actions for the HostAgent, a bad status', () => {
    expect(replyFromToolCalls([], 'I would click', listReading)).toEqual({ success: false, issues: [expect.stringContaining('the reply has no tool call')] });
    expect(replyFromToolCalls([call('click_input', { id: '1' })], '', listReading)).toEqual({
      success: false,
      issues: [expect.stringContaining('call respond with your observation')],
    });
    expect(replyFromToolCalls([respond({}), respond({})], '', listReading)).toEqual({ success: false, issues: ['call respond once per reply, not 2 times'] });
    const host = { tools: catalogue('select_application_window', 'run_shell'), schema: HostResponseSchema, shape: 'single' as const };
    const two = replyFromToolCalls(
      [call('select_application_window', { id: '1' }), call('run_shell', { command: 'ls' }), respond({ status: 'ASSIGN' })],
      '',
      host,
    );
    expect(two).toEqual({ success: false, issues: [expect.stringContaining('call at most one tool besides respond per reply')] });
    const one = replyFromToolCalls([call('select_application_window', { id: '1' }), respond({ status: 'ASSIGN' })], '', host);
    expect(one.success && one.value).toMatchObject({ function: 'select_application_window', arguments: { id: '1' }, status: 'ASSIGN' });
    const bad = replyFromToolCalls([respond({ status: 'MAYBE' })], '', listReading);
    expect(bad).toEqual({ success: false, issues: [expect.stringMatching(/^respond\.status: "MAYBE" is not one of /)] });
  });
});

describe('turning text-mode replies into tool calls', () => {
  it('keeps the status the text reply produces, drops no-op actions and converts a whole script', () => {
    expect(
      textReplyToToolCalls({
        observation: 'o',
        thought: 't',
        action: [
          { function: 'click_input', arguments: { id: '1' }, status: 'CONTINUE' },
          { function: 'click_input', arguments: { id: '2' }, status: 'SCREENSHOT' },
        ],
      }),
    ).toEqual([
      { id: 'call_1', type: 'function', name: 'click_input', arguments: { id: '1' } },
      { id: 'call_2', type: 'function', name: 'click_input', arguments: { id: '2' } },
      { id: 'call_3', type: 'function', name: 'respond', arguments: { observation: 'o', thought: 't', status: 'SCREENSHOT' } },
    ]);
    expect(textReplyToToolCalls({ observation: 'o', thought: 't', action: { function: '', status: 'FAIL' } }).at(-1)!.arguments.status).toBe('FAIL');
    expect(textReplyToToolCalls({ observation: 'o', thought: 't', action: { function: 'x', arguments: {} }, status: 'FINISH' }).at(-1)!.arguments.status).toBe(
      'FINISH',
    );
    expect(
      textReplyToToolCalls({ observation: 'o', thought: 't', status: 'ASSIGN', function: 'select_application_window', arguments: { id: '1' } }).map(
        (c) => c.name,
      ),
    ).toEqual(['select_application_window', 'respond']);
    expect(textReplyToToolCalls({ observation: 'o', thought: 't', action: { function: 'ui.type', arguments: {} } })[0]!.name).toBe(modelToolName('ui.type'));
    const script = toNativeReplies([
      'not json',
      { content: '{"observation":"o","thought":"t"}', cost: 0.5 },
      { observation: 'o', thought: 't', status: 'FINISH' },
    ]);
    expect(script[0]).toBe('not json');
    expect(script[1]).toMatchObject({ content: '', cost: 0.5, toolCalls: [{ id: 'call_2_1', name: 'respond' }] });
    expect(script[2]).toMatchObject({ content: '', toolCalls: [{ id: 'call_3_1', name: 'respond', arguments: { status: 'FINISH' } }] });
  });

  it('the respond schema offers the statuses of the agent table, CONFIRM included', () => {
    const schema = appRespondSchemaFor(['CONTINUE', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM', 'ERROR']);
    expect(schema.shape).not.toHaveProperty('action');
    expect(schema.safeParse({ observation: 'o', thought: 't', status: 'CONFIRM' }).success).toBe(true);
    expect(schema.safeParse({ observation: 'o', thought: 't', status: 'SCREENSHOT' }).success).toBe(false);
    expect(appRespondSchemaFor(['CONTINUE', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM', 'ERROR'])).toBe(schema);
  });
});

/** Offers the fake desktop's `click_input` as `ui.click` (a name a model rejects) and maps it back when run. */
class DottedDispatcher implements CommandDispatcher {
  readonly executed: string[] = [];
  constructor(private readonly inner: CommandDispatcher) {}
  async listTools(options: ListToolsOptions) {
    return (await this.inner.listTools(options)).map((t) => (t.name === 'click_input' ? { ...t, name: 'ui.click' } : t));
  }
  execute(commands: readonly Command[], options: ExecuteOptions) {
    this.executed.push(...commands.map((c) => c.tool_name));
    return this.inner.execute(
      commands.map((c) => (c.tool_name === 'ui.click' ? { ...c, tool_name: 'click_input' } : c)),
      options,
    );
  }
  close() {
    return this.inner.close();
  }
}

function linuxSession(model: ScriptedModel, dispatcher: CommandDispatcher, toolMode: 'text' | 'native' | 'auto' = 'auto') {
  const logSink = new MemoryLogSink();
  const interactor = new ProgrammaticInteractor({ requests: ['do it'] });
  const events = new EventBus();
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, toolMode });
  return { logSink, session: new Session({ task: 't', logSink, dispatcher, interactor, events, maxSteps: 5, startAgent: () => (agent.reset(), agent) }) };
}

describe('native tool mode in a session', () => {
  it('auto picks native only for a model with tool calls; native can be forced', () => {
    expect(resolveToolMode('auto', new ScriptedModel({ replies: [] }))).toBe('text');
    expect(resolveToolMode('auto', new ScriptedModel({ replies: [], features: NATIVE_TOOL_FEATURES }))).toBe('native');
    // One call per reply cannot carry an action and the respond call together: such a model stays in text mode.
    const oneCallPerReply = { toolCalls: true, parallelToolCalls: false, strictSchema: true };
    expect(resolveToolMode('auto', new ScriptedModel({ replies: [], features: oneCallPerReply }))).toBe('text');
    expect(resolveToolMode(undefined, new ScriptedModel({ replies: [], features: NATIVE_TOOL_FEATURES }))).toBe('text');
    expect(resolveToolMode('native', new ScriptedModel({ replies: [] }))).toBe('native');
  });

  it('a dotted tool name is offered under a valid name and dispatched under its own', async () => {
    const fake = createFakeDesktopDispatcher();
    const dispatcher = new DottedDispatcher(fake.dispatcher);
    cleanup.push(() => dispatcher.close());
    const model = new ScriptedModel({
      features: NATIVE_TOOL_FEATURES,
      replies: toNativeReplies([
        { observation: 'o', thought: 't', action: { function: 'select_application_window', arguments: { id: '0x3a00004' } } },
        {
          observation: 'o',
          thought: 't',
          action: [
            { function: 'ui.click', arguments: { id: '1' } },
            { function: 'ui.click', arguments: { id: '6' } },
          ],
          status: 'FINISH',
          result: 'ok',
        },
      ]),
    });
    const { session } = linuxSession(model, dispatcher);
    const outcome = await session.run();
    const offered = model.calls[1]!.tools!.map((t) => (t.type === 'function' ? t.name : ''));
    expect(offered).toContain(modelToolName('ui.click'));
    expect(offered).not.toContain('ui.click');
    expect(dispatcher.executed.filter((n) => n === 'ui.click')).toHaveLength(2);
    expect(fake.desktop.state.calls.filter((n) => n === 'click_input')).toHaveLength(2);
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'ok' });
  });

  it('an unreadable reply is re-asked with a tool result per call and the problems; the second answer is used', async () => {
    const { dispatcher } = createFakeDesktopDispatcher();
    cleanup.push(() => dispatcher.close());
    const model = new ScriptedModel({
      features: NATIVE_TOOL_FEATURES,
      replies: [
        { content: '', toolCalls: [call('click_input', { id: '1' }, 'c1')] },
        { content: '', toolCalls: [respond({ status: 'FINISH', result: 'fine' })], cost: 0.25 },
      ],
      defaultCost: 0.5,
    });
    const { session, logSink } = linuxSession(model, dispatcher);
    const outcome = await session.run();
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'fine' });
    const reask = model.calls[1]!.messages.slice(-3);
    expect(reask[0]).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'c1' }] });
    expect(reask[1]).toMatchObject({ role: 'tool', toolCallId: 'c1', isError: true });
    expect(reask[2]).toMatchObject({ role: 'user', content: expect.stringContaining('call respond with your observation') });
    expect(logSink.lines.response[0]).toMatchObject({ cost: 0.75, status: 'FINISH', actions: [] });
  });

  it('after the re-asks a ToolReplyError ends the step in ERROR', async () => {
    const { dispatcher } = createFakeDesktopDispatcher();
    cleanup.push(() => dispatcher.close());
    const model = new ScriptedModel({ features: NATIVE_TOOL_FEATURES, replies: ['no tools', 'still no tools'] });
    const { session, logSink } = linuxSession(model, dispatcher);
    const outcome = await session.run();
    expect(outcome.rounds[0]?.finalState).toBe('ERROR');
    expect(logSink.lines.response[0]).toMatchObject({ status: 'ERROR', error: { message: expect.stringContaining('after 2 attempts') } });
    expect(new ToolReplyError(['x'], 1).code).toBe('MODEL_REPLY_INVALID');
  });

  it('a strict-schema model gets the respond schema as structured output and may answer without a tool call', async () => {
    const { dispatcher } = createFakeDesktopDispatcher();
    cleanup.push(() => dispatcher.close());
    const model = new ScriptedModel({
      features: { ...NATIVE_TOOL_FEATURES, strictSchema: true },
      replies: [{ observation: 'o', thought: 'nothing to do', status: 'FINISH', result: 'already' }],
    });
    const { session } = linuxSession(model, dispatcher);
    const outcome = await session.run();
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'already' });
    expect(model.calls[0]).toMatchObject({ toolChoice: 'auto', schemaName: 'app_agent_response_respond' });
    expect(model.calls[0]!.schema).toBeDefined();
  });

  it('the HostAgent in native mode hands a subtask over with one action call and respond', async () => {
    const { dispatcher, desktop } = createFakeDesktopDispatcher();
    cleanup.push(() => dispatcher.close());
    const model = new ScriptedModel({
      features: NATIVE_TOOL_FEATURES,
      replies: toNativeReplies([
        {
          observation: 'd',
          thought: 't',
          status: 'ASSIGN',
          function: 'select_application_window',
          arguments: { id: '1', name: 'Calculator' },
          current_subtask: 'compute',
        },
        { observation: 'w', thought: 't', action: [{ function: 'click_input', arguments: { id: '1' } }], status: 'FINISH', result: '1' },
        { observation: 'd', thought: 't', status: 'FINISH', result: 'done' },
      ]),
    });
    const logSink = new MemoryLogSink();
    const interactor = new ProgrammaticInteractor({ requests: ['do it'] });
    const events = new EventBus();
    const host = createHostAgentStack({ model, dispatcher, interactor, events, logSink, toolMode: 'native' });
    const outcome = await new Session({ task: 't', logSink, dispatcher, interactor, events, maxSteps: 5, startAgent: () => (host.reset(), host) }).run();
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'done' });
    expect(desktop.state.selected).toBe('0x3a00004');
    expect(model.calls[0]!.parallelToolCalls).toBe(true);
    expect(String(model.calls[0]!.messages[0]!.content)).toContain('Call at most one tool besides respond');
  });
});
