// A refusal and an invalid reply in each tool mode of an application agent (JSON text; native tool calls with strict
// structured output; native tool calls without it), through the real provider adapters against a local server that
// serves the providers' wire bodies (`@ufo-ts/llm-providers/testing`): OpenAI Chat Completions `message.refusal` with
// `content: null` (the openai SDK's `ChatCompletionMessage.refusal`) and Anthropic Messages `stop_reason: "refusal"`
// (`StopReason` in `@anthropic-ai/sdk`). Each typed code must reach response.log, the round result, the event stream
// and report.html.
import { ProgrammaticInteractor, type ChatModel } from '@ufo-ts/core';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import {
  anthropicMessageBody,
  fixturePaths,
  openAIChatCompletionBody,
  startFixtureServer,
  type FixtureResponse,
  type FixtureServer,
} from '@ufo-ts/llm-providers/testing';
import { describe, expect, it } from 'vitest';
import { LinuxSession } from '../src/index.js';
import { perTestCleanup } from './helpers.js';
import { expectCodeEverywhere, observe } from './reply-errors-harness.js';

const { dirs, defer, fakeDesktop } = perTestCleanup();

const REFUSAL = "I'm sorry, but I can't help with that.";
const noRetry = { maxRetries: 0 } as const;

interface Mode {
  mode: string;
  toolMode: 'text' | 'native';
  path: string;
  model: (url: string) => ChatModel;
  refusal: () => Record<string, unknown>;
  /** A reply the mode cannot read: no JSON in text mode, no tool call in native mode. */
  invalid: () => Record<string, unknown>;
  /** Model calls before MODEL_REPLY_INVALID: the reply and its re-ask. */
  invalidCalls: number;
  /** Cost of one call at the server's usage (10 in, 5 out) and the model's price. */
  callCost: number;
}

const openAI = (url: string) => createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'gpt-4o', retry: noRetry, structuredOutputRetries: 1 });
const anthropic = (url: string) =>
  createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: url, model: 'claude-sonnet-4-5', retry: noRetry, structuredOutputRetries: 1 });
const GPT_4O_CALL = (10 * 2.5 + 5 * 10) / 1e6;
const SONNET_CALL = (10 * 3 + 5 * 15) / 1e6;

const MODES: Mode[] = [
  {
    mode: 'JSON text (OpenAI Chat Completions)',
    toolMode: 'text',
    path: fixturePaths.openAIChat,
    model: openAI,
    refusal: () => openAIChatCompletionBody({ content: '', refusal: REFUSAL }),
    invalid: () => openAIChatCompletionBody({ content: 'I will click the button now.' }),
    invalidCalls: 2,
    callCost: GPT_4O_CALL,
  },
  {
    mode: 'JSON text (Anthropic Messages)',
    toolMode: 'text',
    path: fixturePaths.anthropicMessages,
    model: anthropic,
    refusal: () => anthropicMessageBody({ content: '', refusal: REFUSAL }),
    invalid: () => anthropicMessageBody({ content: 'I will click the button now.' }),
    invalidCalls: 2,
    callCost: SONNET_CALL,
  },
  {
    mode: 'native tool calls with strict structured output (OpenAI gpt-4o)',
    toolMode: 'native',
    path: fixturePaths.openAIChat,
    model: openAI,
    refusal: () => openAIChatCompletionBody({ content: '', refusal: REFUSAL }),
    invalid: () => openAIChatCompletionBody({ content: '', toolCalls: [{ id: 'call_1', name: 'no_such_tool', arguments: {} }] }),
    invalidCalls: 2,
    callCost: GPT_4O_CALL,
  },
  {
    mode: 'native tool calls without strict output (Anthropic claude-sonnet-4-5)',
    toolMode: 'native',
    path: fixturePaths.anthropicMessages,
    model: anthropic,
    refusal: () => anthropicMessageBody({ content: '', refusal: REFUSAL }),
    invalid: () => anthropicMessageBody({ content: 'I will click the button now.' }),
    invalidCalls: 2,
    callCost: SONNET_CALL,
  },
];

async function serve(path: string, responses: FixtureResponse[]): Promise<FixtureServer> {
  const server = await startFixtureServer({ routes: [{ path, responses }] });
  defer(() => server.close());
  return server;
}

function run(mode: Mode, model: ChatModel) {
  const { dispatcher, desktop } = fakeDesktop();
  return {
    desktop,
    observed: observe(
      (events) =>
        new LinuxSession({
          task: 'reply-errors',
          logRoot: dirs.make(),
          request: 'What is 12 times 34?',
          models: { LINUX_AGENT: model },
          dispatcher,
          interactor: new ProgrammaticInteractor(),
          events,
          linux: { toolMode: mode.toolMode },
        }),
    ),
  };
}

describe.each(MODES)('$mode', (mode) => {
  it('a refusal ends the round at once with MODEL_REFUSED and its text, everywhere, and its cost counts', async () => {
    const server = await serve(mode.path, [{ json: mode.refusal() }, { json: mode.refusal() }]);
    const { desktop, observed } = run(mode, mode.model(server.url));
    const seen = await observed;

    expect(server.requests).toHaveLength(1);
    expectCodeEverywhere(seen, 'MODEL_REFUSED', REFUSAL);
    expect(seen.steps.at(-1)!.cost).toBeCloseTo(mode.callCost, 12);
    expect(seen.outcome.cost).toBeCloseTo(mode.callCost, 12);
    expect(desktop.state.display).toBe('0');
  });

  it('an invalid reply is asked again, then ends the round with MODEL_REPLY_INVALID everywhere; every attempt is paid for', async () => {
    const server = await serve(mode.path, [{ json: mode.invalid() }]);
    const { desktop, observed } = run(mode, mode.model(server.url));
    const seen = await observed;

    expect(server.requests).toHaveLength(mode.invalidCalls);
    expectCodeEverywhere(seen, 'MODEL_REPLY_INVALID');
    expect(seen.steps.at(-1)!.cost).toBeCloseTo(mode.invalidCalls * mode.callCost, 12);
    expect(desktop.state.display).toBe('0');
  });
});
