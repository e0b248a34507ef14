// @ts-check
// A custom provider through the AI SDK adapter. Any vercel/ai provider model (here @ai-sdk/openai) becomes the
// engine's ChatModel with `new AiSdkChatModel({ model })`, and runs a LinuxSession on the fake desktop: select the
// calculator, press 1 2 × 3 4 =. With OPENAI_API_KEY set it talks to OpenAI; without, to a local server on
// 127.0.0.1 that speaks OpenAI's wire format and plays the model's two replies.
import { createOpenAI } from '@ai-sdk/openai';
import { AiSdkChatModel } from '@ufo-ts/ai-sdk';
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { LinuxSession } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { startLocalOpenAi } from './local-openai-server.mjs';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const { desktop, dispatcher } = createFakeDesktopDispatcher();
const calculator = desktop.windows.find((w) => w.root_name === 'calc');
const click = (/** @type {string} */ id, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const live = Boolean(process.env.OPENAI_API_KEY);
const local = live
  ? undefined
  : await startLocalOpenAi([
      JSON.stringify({
        observation: 'The desktop shows a calculator and a mail window.',
        thought: 'Open the calculator first.',
        action: { function: 'select_application_window', arguments: { id: calculator?.id, name: calculator?.title } },
        plan: ['type 12*34 and ='],
        comment: '',
      }),
      JSON.stringify({
        observation: 'The calculator is selected.',
        thought: 'Press 1 2 × 3 4 =.',
        action: [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')],
        plan: [],
        comment: '',
        result: '408',
      }),
    ]);

const openai = createOpenAI(local ? { baseURL: local.baseURL, apiKey: 'local-test-key' } : {});
const model = new AiSdkChatModel({
  model: openai.chat(process.env.OPENAI_MODEL ?? 'gpt-4o-mini'),
  // What the model can do (the AI SDK does not say). Strict structured output: the session's JSON replies are
  // constrained to its schema. `toolCalls: true` would let the strategies use native tool calls instead.
  features: { toolCalls: false, parallelToolCalls: false, strictSchema: true },
  price: { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075 },
});
say(`model: ${model.provider} ${model.modelId} (${live ? 'OpenAI' : `local wire-format server at ${local?.baseURL}`})`);

let failed = true;
try {
  const session = new LinuxSession({
    task: `ai-sdk-provider-${Date.now()}`,
    logRoot: 'logs',
    request: 'Compute 12*34 with the calculator.',
    models: { LINUX_AGENT: model },
    dispatcher,
    interactor: new ProgrammaticInteractor(),
    maxSteps: 10,
    reports: false,
  });
  session.events.subscribe((e) => e.type === 'step-end' && say(`step ${e.step}: ${e.agent} ${e.state} → ${e.status} ($${e.cost.toFixed(6)})`));
  const outcome = await session.run();
  say(
    `outcome: ${outcome.status}, result ${JSON.stringify(outcome.rounds[0]?.result)}; the calculator shows ${desktop.state.display}; logs: ${outcome.logFolder}`,
  );
  failed = outcome.status !== 'completed' || desktop.state.display !== '408';
  if (local) {
    // what reached the wire: OpenAI's strict json_schema response format, the prompt with the screenshot
    const first = /** @type {{ response_format?: { type?: string } }} */ (local.requests[0]);
    failed ||= local.requests.length !== 2 || first.response_format?.type !== 'json_schema';
  }
} finally {
  await dispatcher.close();
  await local?.close();
}
if (failed) {
  console.error('ai-sdk-provider example failed');
  process.exit(1);
}
