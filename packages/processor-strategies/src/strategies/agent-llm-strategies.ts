import type { Agent, HostAgent } from '@ufo-ts/agent-fsm';
import type { ChatMessage } from '@ufo-ts/core';
import type { StepContext } from '../framework/step-context.js';
import { STEP_KEYS } from '../framework/step-keys.js';
import type { Strategy } from '../framework/strategy.js';
import { buildAppPrompt } from '../prompts/app-prompt.js';
import { buildHostPrompt } from '../prompts/host-prompt.js';
import { appRespondSchemaFor, HostRespondSchema } from '../schemas/respond-schemas.js';
import { appResponseSchemaFor, HostResponseSchema } from '../schemas/responses.js';
import { llmStrategy } from './llm-interaction.js';
import type { ToolMode } from './tool-mode.js';

/** Options of {@link hostLlmStrategy}. */
export interface HostLlmStrategyOptions {
  /** Text appended to the system prompt of each step (retrieved examples, notes); empty adds nothing. */
  extraInstructions?: (step: StepContext) => string;
  /**
   * `text` (default): tools rendered in the prompt, a JSON reply. `native`: each action is a tool call and the rest
   * of the reply a `respond` call (one action per step for the HostAgent). `auto`: native when the model reports
   * native tool calls, several per reply (`model.features.toolCalls` and `parallelToolCalls`).
   */
  toolMode?: ToolMode;
  /** Native tool mode: re-asks after an unreadable tool-call reply before the step fails (default 1). */
  replyRetries?: number;
}

/** The HostAgent's LLM interaction: the host prompt (screenshot, windows and agents, past subtasks) and its reply. */
export function hostLlmStrategy(options: HostLlmStrategyOptions = {}): Strategy<HostAgent> {
  return llmStrategy<HostAgent, unknown>({
    name: 'HostLLMInteraction',
    schema: HostResponseSchema,
    schemaName: 'host_agent_response',
    dependsOn: [STEP_KEYS.targets, STEP_KEYS.previousSubtasks, STEP_KEYS.request],
    responseKey: STEP_KEYS.hostResponse,
    native: { respondSchema: HostRespondSchema, shape: 'single' },
    ...modeOptions(options),
    buildMessages: (agent, step, toolsText, replyFormat) =>
      appendToSystem(
        buildHostPrompt(agent, {
          request: step.require(STEP_KEYS.request),
          targets: step.require(STEP_KEYS.targets),
          previousSubtasks: step.require(STEP_KEYS.previousSubtasks),
          screenshot: step.get(STEP_KEYS.screenshot) ?? undefined,
          toolsText,
          replyFormat,
        }),
        options.extraInstructions?.(step) ?? '',
      ),
  });
}

/** Options of {@link appLlmStrategy}. */
export interface AppLlmStrategyOptions {
  /** Two-tier AppAgent (works on the host's subtask) or single-tier LinuxAgent (default true). */
  twoTier?: boolean;
  /** Fixed extra system instructions (platform notes, an agent's introduction). */
  instructions?: string;
  /** Per-step text added after `instructions` (retrieved examples, notes); empty adds nothing. */
  extraInstructions?: (step: StepContext) => string;
  /**
   * `text` (default): tools rendered in the prompt, a JSON reply. `native`: each action is a tool call (several run
   * in order) and the rest of the reply a `respond` call. `auto`: native when the model reports native tool calls.
   */
  toolMode?: ToolMode;
  /** Native tool mode: re-asks after an unreadable tool-call reply before the step fails (default 1). */
  replyRetries?: number;
}

/** The AppAgent's (two-tier) or LinuxAgent's (single-tier) LLM interaction: the app prompt and its reply. */
export function appLlmStrategy(options: AppLlmStrategyOptions = {}): Strategy {
  const twoTier = options.twoTier ?? true;
  return llmStrategy<Agent, unknown>({
    name: twoTier ? 'AppLLMInteraction' : 'LinuxLLMInteraction',
    schema: (agent) => appResponseSchemaFor(agent.machine.stateNames),
    schemaName: 'app_agent_response',
    dependsOn: [STEP_KEYS.controls, STEP_KEYS.request],
    responseKey: STEP_KEYS.appResponse,
    native: { respondSchema: (agent) => appRespondSchemaFor(agent.machine.stateNames), shape: 'list' },
    ...modeOptions(options),
    buildMessages: (agent, step, toolsText, replyFormat) =>
      buildAppPrompt(agent, {
        request: step.require(STEP_KEYS.request),
        subtask: twoTier ? (step.get(STEP_KEYS.subtask) ?? '') : undefined,
        application: step.get(STEP_KEYS.application),
        hostMessage: step.global.get('HOST_MESSAGE'),
        controls: step.require(STEP_KEYS.controls),
        controlNotes: step.get(STEP_KEYS.controlsNotes),
        windows: step.get(STEP_KEYS.windows),
        screenshot: step.get(STEP_KEYS.screenshot) ?? undefined,
        annotatedScreenshot: step.get(STEP_KEYS.annotatedScreenshot) ?? undefined,
        toolsText,
        replyFormat,
        instructions: [options.instructions ?? '', options.extraInstructions?.(step) ?? ''].filter(Boolean).join('\n\n'),
      }),
  });
}

function modeOptions(options: { toolMode?: ToolMode; replyRetries?: number }): { toolMode?: ToolMode; replyRetries?: number } {
  return { ...(options.toolMode ? { toolMode: options.toolMode } : {}), ...(options.replyRetries !== undefined ? { replyRetries: options.replyRetries } : {}) };
}

function appendToSystem(messages: ChatMessage[], text: string): ChatMessage[] {
  if (!text) return messages;
  return messages.map((m, i) => (i === 0 && m.role === 'system' && typeof m.content === 'string' ? { ...m, content: `${m.content}\n\n${text}` } : m));
}
