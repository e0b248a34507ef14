export { PHASES, type Phase } from './framework/phases.js';
export {
  RefusedReplyError,
  StepStatusError,
  StepValueError,
  StrategyDependencyError,
  StrategyFailedError,
  StrategyProvidesError,
  ToolReplyError,
  type RefusedReplyErrorOptions,
  type StrategyErrorCode,
} from './framework/errors.js';
export { StepContext, type PhaseResult, type StepOutput } from './framework/step-context.js';
export { defineStepKey, type StepKey, type StepKeyValue, type StepValues } from './framework/step-key.js';
export { STEP_KEYS } from './framework/step-keys.js';
export { defineStrategy, type Strategy, type StrategySpec } from './framework/strategy.js';
export { ComposedStrategy, type ComposedStrategyOptions } from './framework/composed-strategy.js';
export type { Middleware, StepSummary } from './framework/middleware.js';
export { COMMON_INITIAL_KEYS, ProcessorTemplate, validateChain, type ProcessorOptions } from './framework/processor.js';
export { loggingMiddleware } from './framework/logging-middleware.js';
export { finalizeAppStep, finalizeHostStep, finalizeStep } from './framework/finalize.js';
export { selectedWindowOf } from './framework/selected-window.js';
export {
  ACTION_STATUSES,
  APP_REPLY_STATUSES,
  ActionSchema,
  AppResponseSchema,
  HostResponseSchema,
  appResponseSchemaFor,
  type Action,
  type AppResponse,
  type HostResponse,
} from './schemas/responses.js';
export { RESPOND_TOOL, HostRespondSchema, appRespondSchemaFor } from './schemas/respond-schemas.js';
export { nativeReplyText, replyFormatText } from './prompts/schema-text.js';
export { chatMessages, labelledImage, lastActionsParts, lastActionsText, previousPlan, quoteUntrusted, targetsText } from './prompts/prompt-parts.js';
export { buildHostPrompt, type HostPromptInput } from './prompts/host-prompt.js';
export { buildAppPrompt, type AppPromptInput } from './prompts/app-prompt.js';
export { listFromResult, runTool, toTargetInfo } from './strategies/tool-results.js';
export {
  screenshotStrategy,
  targetListStrategy,
  thirdPartyTargetsStrategy,
  type ScreenshotStrategyOptions,
  type TargetListStrategyOptions,
} from './strategies/data-collection.js';
export { llmStrategy, redactImages, type LlmStrategyOptions, type ReplyFormat } from './strategies/llm-interaction.js';
export { NATIVE_TOOL_FEATURES, resolveToolMode, type ToolMode } from './strategies/tool-mode.js';
export { replyFromToolCalls, type ActionShape, type ToolReplyReading, type ToolReplyResult } from './strategies/tool-reply.js';
export {
  nativeToolRequest,
  readNativeReply,
  type NativeReply,
  type NativeToolRequest,
  type NativeToolRequestOptions,
  type ReadNativeReplyOptions,
} from './strategies/native-tool-request.js';
export { refusalOf } from './strategies/reply-refusal.js';
export { textReplyToToolCalls, toNativeReplies, type TextReplyToToolCallsOptions } from './strategies/text-to-tool-calls.js';
export { appLlmStrategy, hostLlmStrategy, type AppLlmStrategyOptions, type HostLlmStrategyOptions } from './strategies/agent-llm-strategies.js';
export {
  actionRepresentation,
  deriveActionStatus,
  executeActions,
  type ActionGuard,
  type ActionGuardVerdict,
  type ExecutedActions,
} from './strategies/action-execution.js';
export { appActionStrategy, memoryUpdateStrategy, type AppActionStrategyOptions } from './strategies/app-strategies.js';
export { SELECT_WINDOW_TOOL, hostActionStrategy } from './strategies/host-strategies.js';
export { DEFAULT_DATA_TOOLS, type DataToolNames } from './processors/tool-names.js';
export { createHostProcessor, type HostProcessorOptions } from './processors/host-processor.js';
export { BATCH_INSTRUCTIONS, appInstructionsFor, createAppProcessor, createLinuxProcessor, type AppProcessorOptions } from './processors/app-processor.js';
export { createHostAgentStack, createLinuxAgent, type HostAgentStackOptions, type LinuxAgentOptions } from './processors/agent-stack.js';
export { progressCheckStrategy } from './progress/progress-check-strategy.js';
export { latestAssessment, progressHistory, progressOf } from './progress/progress-history.js';
export {
  FinishVerdictSchema,
  finishCheckStrategy,
  latestFinishCheck,
  type FinishCheck,
  type FinishCheckInput,
  type FinishCheckRecord,
  type FinishVerdict,
} from './progress/finish-check.js';
export { batchTargetGuard, type BatchGuard, type BatchTargetGuardOptions } from './progress/batch-target-guard.js';
export { onTrackSections } from './progress/progress-prompt.js';
export { whenReperceiving } from './progress/reperceive.js';
export {
  lastUserText,
  parseListedLine,
  readLastActions,
  readPromptListing,
  type ActionOutcome,
  type ListedItem,
  type PromptListing,
} from './prompts/prompt-listing-reader.js';
export { scriptedResponse, type ScriptedCall, type ScriptedReply } from './strategies/scripted-response.js';
