// A refusal in each operator mode, through the real provider adapters against a local server serving the providers'
// wire bodies (`@ufo-ts/llm-providers/testing`): OpenAI's computer tool over the Responses API (a `{ type: "refusal" }`
// content part, the openai SDK's `ResponseOutputRefusal`), Anthropic's computer tool over the Messages API
// (`stop_reason: "refusal"`, `StopReason` in `@anthropic-ai/sdk`), and a grounding dialect (UI-TARS) behind an
// OpenAI-compatible server (Chat Completions `message.refusal` with `content: null`). MODEL_REFUSED must reach
// response.log, the round result, the event stream and report.html, after one model call and with no action sent.
import { ProgrammaticInteractor, type ChatModel } from '@ufo-ts/core';
import { createAnthropicModel, createOpenAICompatibleModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { anthropicMessageBody, fixturePaths, openAIChatCompletionBody, openAIResponsesBody, startFixtureServer } from '@ufo-ts/llm-providers/testing';
import { describe, expect, it } from 'vitest';
import { createGroundingProcessor, OperatorSession, uiTarsDialect, type OperatorSessionOptions } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { perTestCleanup } from './helpers.js';
import { expectCodeEverywhere, observe } from './reply-errors-harness.js';

const { dirs, defer } = perTestCleanup();
const REFUSAL = "I'm sorry, but I can't help with that.";
const noRetry = { maxRetries: 0 } as const;

const CASES: Array<{
  mode: string;
  path: string;
  body: () => Record<string, unknown>;
  model: (url: string) => ChatModel;
  processor?: () => OperatorSessionOptions['processor'];
  sentTool?: string;
  priced: boolean;
}> = [
  {
    mode: "OpenAI's computer tool (Responses API refusal part)",
    path: fixturePaths.openAIResponses,
    body: () => openAIResponsesBody({ content: '', refusal: REFUSAL, model: 'computer-use-preview' }),
    model: (url) => createOpenAIModel({ apiKey: 'sk-test', baseUrl: `${url}/v1`, model: 'computer-use-preview', api: 'responses', retry: noRetry }),
    sentTool: 'computer_use_preview',
    priced: false,
  },
  {
    mode: "Anthropic's computer tool (stop_reason refusal)",
    path: fixturePaths.anthropicMessages,
    body: () => anthropicMessageBody({ content: '', refusal: REFUSAL, model: 'claude-sonnet-4-5' }),
    model: (url) => createAnthropicModel({ apiKey: 'sk-ant-test', baseUrl: url, model: 'claude-sonnet-4-5', retry: noRetry }),
    sentTool: 'computer',
    priced: true,
  },
  {
    mode: 'the UI-TARS grounding dialect (OpenAI-compatible server, message.refusal)',
    path: fixturePaths.openAIChat,
    body: () => openAIChatCompletionBody({ content: '', refusal: REFUSAL, model: 'ui-tars-1.5-7b' }),
    model: (url) => createOpenAICompatibleModel({ preset: 'vllm', baseUrl: url, model: 'ui-tars-1.5-7b', capabilities: { vision: true }, retry: noRetry }),
    processor: () => createGroundingProcessor({ dialect: uiTarsDialect() }),
    priced: false,
  },
];

describe.each(CASES)('an operator refusal with $mode', ({ path, body, model, processor, sentTool, priced }) => {
  it('ends the round with MODEL_REFUSED and its text everywhere, after one call, with no action sent', async () => {
    const server = await startFixtureServer({ routes: [{ path, responses: [{ json: body() }, { json: body() }] }] });
    defer(() => server.close());
    const screen = new FakeScreen();
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());

    const seen = await observe(
      (events) =>
        new OperatorSession({
          task: 'refused',
          logRoot: dirs.make(),
          request: 'delete every file',
          models: { OPERATOR: model(server.url) },
          dispatcher,
          interactor: new ProgrammaticInteractor(),
          platform: 'linux',
          events,
          ...(processor ? { processor: processor() } : {}),
        }),
    );

    expect(server.requests).toHaveLength(1);
    if (sentTool) expect(JSON.stringify((server.requests[0]!.body as { tools: unknown[] }).tools)).toContain(`"type":"${sentTool}`);
    expectCodeEverywhere(seen, 'MODEL_REFUSED', REFUSAL);
    // the refused call is paid for (a local model and a model without a listed price cost null: unknown)
    if (priced) expect(seen.steps.at(-1)!.cost).toBeGreaterThan(0);
    else expect(seen.steps.at(-1)!.cost).toBeNull();
    expect(screen.calls).toEqual([]);
  });
});
