import type { Agent, HostAgent } from '@ufo-ts/agent-fsm';
import { appLlmStrategy, defineStepKey, hostLlmStrategy, STEP_KEYS, type StepContext, type Strategy, type ToolMode } from '@ufo-ts/processor-strategies';
import { z } from 'zod';
import { ExperienceRecordSchema, renderExamples } from './experience-schema.js';
import type { ExampleRetriever } from './retrievers.js';

/** Options of the retrieval-augmented LLM strategies. */
export interface ExamplePromptOptions {
  retriever: ExampleRetriever;
  /** How many examples go into each prompt (`RAG_EXPERIENCE_RETRIEVED_TOPK`, default 3). */
  topK?: number;
  /** How the agent asks its model (`text`, `native` tool calls, `auto`); the processor options' `toolMode`. */
  toolMode?: ToolMode;
}

/** The examples retrieved for the step's prompt. */
const EXAMPLES = defineStepKey('retrieved_examples', z.array(ExperienceRecordSchema), "The examples retrieved for the step's prompt.");

/** Runs the retrieval before the wrapped LLM strategy and leaves the examples in the step context. */
function withRetrieval<A extends Agent>(inner: Strategy<A>, options: ExamplePromptOptions, query: (step: StepContext) => string): Strategy<A> {
  return {
    name: `${inner.name}+Examples`,
    phase: inner.phase,
    dependsOn: inner.dependsOn,
    provides: inner.provides,
    failFast: inner.failFast,
    async execute(agent, step) {
      step.set(EXAMPLES, await options.retriever.retrieve(query(step), options.topK ?? 3));
      return inner.execute(agent, step);
    },
  };
}

/** The HostAgent's LLM interaction with the top-k examples for the request in its system prompt. */
export function hostLlmWithExamples(options: ExamplePromptOptions): Strategy<HostAgent> {
  const inner = hostLlmStrategy({ extraInstructions: examplesText, ...(options.toolMode ? { toolMode: options.toolMode } : {}) });
  return withRetrieval(inner, options, (step) => step.get(STEP_KEYS.request) ?? '');
}

/** The AppAgent's (two-tier) or LinuxAgent's (single-tier) LLM interaction with examples for its subtask. */
export function appLlmWithExamples(options: ExamplePromptOptions & { twoTier?: boolean; instructions?: string }): Strategy {
  const inner = appLlmStrategy({
    twoTier: options.twoTier ?? true,
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    extraInstructions: examplesText,
    ...(options.toolMode ? { toolMode: options.toolMode } : {}),
  });
  return withRetrieval(inner, options, (step) => [step.get(STEP_KEYS.subtask), step.get(STEP_KEYS.request)].filter(Boolean).join('\n'));
}

function examplesText(step: StepContext): string {
  return renderExamples(step.get(EXAMPLES) ?? []);
}
