// Getting started: the real-desktop session on a hosted model, chosen from the environment. Type-checked by the
// docs test; it needs a model key and the desktop packages, so the docs test does not run it.
// #region with-model-key
import type { ChatModel } from '@ufo-ts/core';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { runOnLinuxDesktop } from './linux-desktop.js';

function modelFromEnvironment(env: NodeJS.ProcessEnv): ChatModel {
  if (env.OPENAI_API_KEY) return createOpenAIModel({ apiKey: env.OPENAI_API_KEY, model: env.UFO_MODEL ?? 'gpt-4o' });
  if (env.ANTHROPIC_API_KEY) return createAnthropicModel({ apiKey: env.ANTHROPIC_API_KEY, model: env.UFO_MODEL ?? 'claude-sonnet-4-5' });
  throw new Error('set OPENAI_API_KEY or ANTHROPIC_API_KEY');
}

const { outcome, display } = await runOnLinuxDesktop(modelFromEnvironment(process.env), 'What is 12 times 34? Use the calculator.');
console.log(`${outcome.rounds[0]?.finalState} after ${outcome.steps} steps, $${outcome.cost.toFixed(4)}; the calculator shows ${display}`);
// #endregion with-model-key
