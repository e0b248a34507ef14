import type { Agent, HostAgent } from '@ufo-ts/agent-fsm';
import type { ChatMessage, SubtaskRecord, TargetInfo } from '@ufo-ts/core';
import {
  AppResponseSchema,
  buildAppPrompt,
  buildHostPrompt,
  HostResponseSchema,
  llmStrategy,
  type StepContext,
  type Strategy,
} from '@ufo-ts/processor-strategies';
import { renderExamples, type ExperienceRecord } from './experience-schema.js';
import type { ExampleRetriever } from './retrievers.js';

/** Options of the retrieval-augmented LLM strategies. */
export interface ExamplePromptOptions {
  retriever: ExampleRetriever;
  /** How many examples go into each prompt (`RAG_EXPERIENCE_RETRIEVED_TOPK`, default 3). */
  topK?: number;
}

const EXAMPLES_KEY = 'retrieved_examples';

/** Runs the retrieval before the wrapped LLM strategy and leaves the examples in the step context. */
function withRetrieval<A extends Agent>(inner: Strategy<A>, options: ExamplePromptOptions, query: (step: StepContext) => string): Strategy<A> {
  return {
    name: `${inner.name}+Examples`,
    phase: inner.phase,
    dependsOn: inner.dependsOn,
    provides: inner.provides,
    failFast: inner.failFast,
    async execute(agent, step) {
      step.set(EXAMPLES_KEY, await options.retriever.retrieve(query(step), options.topK ?? 3));
      return inner.execute(agent, step);
    },
  };
}

function appendToSystem(messages: ChatMessage[], text: string): ChatMessage[] {
  if (!text) return messages;
  return messages.map((m, i) => (i === 0 && m.role === 'system' && typeof m.content === 'string' ? { ...m, content: `${m.content}\n\n${text}` } : m));
}

/** The HostAgent's LLM interaction with the top-k examples for the request in its system prompt. */
export function hostLlmWithExamples(options: ExamplePromptOptions): Strategy<HostAgent> {
  const inner = llmStrategy<HostAgent, unknown>({
    name: 'HostLLMInteraction',
    schema: HostResponseSchema,
    schemaName: 'host_agent_response',
    dependsOn: ['targets', 'previous_subtasks', 'request'],
    buildMessages: (agent, step, toolsText) =>
      appendToSystem(
        buildHostPrompt(agent, {
          request: step.require<string>('request'),
          targets: step.require<TargetInfo[]>('targets'),
          previousSubtasks: step.require<SubtaskRecord[]>('previous_subtasks'),
          screenshot: step.get<string>('screenshot') ?? undefined,
          toolsText,
        }),
        renderExamples(step.get<ExperienceRecord[]>(EXAMPLES_KEY) ?? []),
      ),
  });
  return withRetrieval(inner, options, (step) => step.get<string>('request') ?? '');
}

/** The AppAgent's (two-tier) or LinuxAgent's (single-tier) LLM interaction with examples for its subtask. */
export function appLlmWithExamples(options: ExamplePromptOptions & { twoTier?: boolean; instructions?: string }): Strategy {
  const twoTier = options.twoTier ?? true;
  const inner = llmStrategy<Agent, unknown>({
    name: twoTier ? 'AppLLMInteraction' : 'LinuxLLMInteraction',
    schema: AppResponseSchema,
    schemaName: 'app_agent_response',
    dependsOn: ['controls', 'request'],
    buildMessages: (agent, step, toolsText) =>
      buildAppPrompt(agent, {
        request: step.require<string>('request'),
        subtask: twoTier ? (step.get<string>('subtask') ?? '') : undefined,
        application: step.get<string>('application'),
        hostMessage: step.global.get('HOST_MESSAGE'),
        controls: step.require<TargetInfo[]>('controls'),
        windows: step.get<TargetInfo[]>('windows'),
        screenshot: step.get<string>('screenshot') ?? undefined,
        annotatedScreenshot: step.get<string>('annotated_screenshot') ?? undefined,
        toolsText,
        instructions: [options.instructions ?? '', renderExamples(step.get<ExperienceRecord[]>(EXAMPLES_KEY) ?? [])].filter(Boolean).join('\n\n'),
      }),
  });
  return withRetrieval(inner, options, (step) => [step.get<string>('subtask'), step.get<string>('request')].filter(Boolean).join('\n'));
}
