// Native tool mode through real provider adapters against a local HTTP server: the OpenAI Chat Completions adapter
// (the real `openai` SDK) and the Anthropic Messages adapter (the real `@anthropic-ai/sdk`). The replies are built by
// @ufo-ts/llm-providers' wire fixtures, whose shapes follow the providers' API references: OpenAI's chat completion
// object (`choices[].message.tool_calls` with `function.arguments` as a JSON string, `finish_reason: "tool_calls"`)
// and Anthropic's message object (`content[]` `tool_use` blocks with `input`, `stop_reason: "tool_use"`).
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { anthropicMessageBody, openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '@ufo-ts/llm-providers/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createLinuxAgent } from '../src/index.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const respond = (id: string, args: Record<string, unknown>) => ({
  id,
  name: 'respond',
  arguments: { observation: 'The calculator is listed.', thought: 'Go on.', ...args },
});

describe('native tool mode through the OpenAI Chat Completions adapter', () => {
  it('sends the catalogue and respond as function tools, reads tool calls and a strict structured final answer', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/chat/completions',
          responses: [
            {
              json: openAIChatCompletionBody({
                content: '',
                toolCalls: [{ id: 'call_a1', name: 'select_application_window', arguments: { id: '0x3a00004' } }, respond('call_a2', {})],
              }),
            },
            {
              json: openAIChatCompletionBody({
                content: '',
                toolCalls: [
                  { id: 'call_b1', name: 'click_input', arguments: { id: '1' } },
                  { id: 'call_b2', name: 'click_input', arguments: { id: '6' } },
                  respond('call_b3', { status: 'CONTINUE', plan: ['read the display'] }),
                ],
              }),
            },
            {
              json: openAIChatCompletionBody({
                content: JSON.stringify({ observation: 'The display shows the result.', thought: 'Done.', status: 'FINISH', result: 'done' }),
              }),
            },
          ],
        },
      ],
    });
    const model = createOpenAIModel({
      apiKey: 'sk-test',
      baseUrl: `${server.url}/v1`,
      model: 'gpt-4o',
      retry: { initialDelayMs: 1, maxDelayMs: 5, jitter: 0 },
    });
    expect(model.features).toMatchObject({ toolCalls: true, strictSchema: true });
    const { dispatcher, desktop } = createFakeDesktopDispatcher();
    const logSink = new MemoryLogSink();
    const interactor = new ProgrammaticInteractor({ requests: ['press 1 then 6'] });
    const events = new EventBus();
    const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, toolMode: 'auto' });
    const outcome = await new Session({ task: 't', logSink, dispatcher, interactor, events, maxSteps: 5, startAgent: () => (agent.reset(), agent) }).run();
    await dispatcher.close();

    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'done' });
    expect(desktop.state.selected).toBe('0x3a00004');
    expect(desktop.state.calls.filter((c) => c === 'click_input')).toHaveLength(2);

    const bodies = server.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies).toHaveLength(3);
    const tools = bodies[0]!.tools as Array<{ type: string; function: { name: string; parameters: { properties: Record<string, unknown> } } }>;
    expect(tools.map((t) => t.function.name)).toEqual(expect.arrayContaining(['click_input', 'select_application_window', 'respond']));
    expect(Object.keys(tools.find((t) => t.function.name === 'respond')!.function.parameters.properties)).toEqual(
      expect.arrayContaining(['observation', 'thought', 'status', 'plan', 'result']),
    );
    expect(tools.find((t) => t.function.name === 'respond')!.function.parameters.properties).not.toHaveProperty('action');
    expect(bodies[0]).toMatchObject({ tool_choice: 'auto', parallel_tool_calls: true, response_format: { type: 'json_schema' } });
    const system = (bodies[0]!.messages as Array<{ role: string; content: unknown }>)[0]!;
    expect(JSON.stringify(system.content)).toContain('Reply with tool calls only');

    const steps = logSink.lines.response.filter((l) => l.type === 'step');
    expect(steps.map((s) => s.status)).toEqual(['CONTINUE', 'CONTINUE', 'FINISH']);
    expect((steps[1]!.tool_calls as Array<{ id: string }>).map((c) => c.id)).toEqual(['call_b1', 'call_b2', 'call_b3']);
    expect(steps[2]!.tool_calls).toEqual([]);
  });
});

describe('native tool mode through the Anthropic Messages adapter', () => {
  it('asks for at least one tool call (no strict schema) and runs the tool_use blocks in order', async () => {
    server = await startFixtureServer({
      routes: [
        {
          path: '/v1/messages',
          responses: [
            {
              json: anthropicMessageBody({
                content: '',
                toolCalls: [{ id: 'toolu_01', name: 'select_application_window', arguments: { id: '0x3a00004' } }, respond('toolu_02', {})],
              }),
            },
            {
              json: anthropicMessageBody({
                content: '',
                toolCalls: [{ id: 'toolu_03', name: 'click_input', arguments: { id: '1' } }, respond('toolu_04', { status: 'FINISH', result: 'pressed' })],
              }),
            },
          ],
        },
      ],
    });
    const model = createAnthropicModel({
      apiKey: 'sk-ant-test',
      baseUrl: server.url,
      model: 'claude-sonnet-4-5',
      retry: { initialDelayMs: 1, maxDelayMs: 5, jitter: 0 },
    });
    expect(model.features).toMatchObject({ toolCalls: true, strictSchema: false });
    const { dispatcher, desktop } = createFakeDesktopDispatcher();
    const logSink = new MemoryLogSink();
    const interactor = new ProgrammaticInteractor({ requests: ['press 1'] });
    const events = new EventBus();
    const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, toolMode: 'auto' });
    const outcome = await new Session({ task: 't', logSink, dispatcher, interactor, events, maxSteps: 5, startAgent: () => (agent.reset(), agent) }).run();
    await dispatcher.close();

    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'pressed' });
    expect(desktop.state.calls.filter((c) => c === 'click_input')).toHaveLength(1);
    const bodies = server.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.tool_choice).toMatchObject({ type: 'any' });
    const tools = bodies[0]!.tools as Array<{ name: string; input_schema: { properties: Record<string, unknown> } }>;
    expect(tools.find((t) => t.name === 'respond')!.input_schema.properties).toHaveProperty('status');
    expect(tools.map((t) => t.name)).toContain('click_input');
  });
});
