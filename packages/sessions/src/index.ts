export { CheckpointWriteError, HumanInputRequiredError, JournalWriteError, SessionError, type HumanInputRequest, type SessionErrorCode } from './errors.js';
export { modelFor, type SessionModelRole, type SessionModels } from './runtime/session-models.js';
export { HeldLogSink } from './runtime/held-log-sink.js';
export { AbortableModel } from './runtime/abortable-model.js';
export { countLogLines, rollBackLogs } from './runtime/log-rollback.js';
export { DeferringInteractor, type DeferringInteractorOptions } from './runtime/deferring-interactor.js';
export { ResumeInteractor, type ResumeDecision, type ResumeInteractorOptions } from './runtime/resume-interactor.js';
export {
  AgentCheckpointSchema,
  AssignmentSchema,
  CheckpointStatusSchema,
  SessionCheckpointSchema,
  WaitingForSchema,
  type AgentCheckpoint,
  type CheckpointStatus,
  type SessionCheckpoint,
  type SessionCheckpointInput,
  type WaitingFor,
} from './checkpoint/checkpoint-schema.js';
export {
  CHECKPOINT_FILE,
  FileCheckpointStore,
  MemoryCheckpointStore,
  parseCheckpoint,
  readCheckpoint,
  type CheckpointStore,
} from './checkpoint/checkpoint-store.js';
export { applyAgentCheckpoint, captureAgent, restoreBlackboard } from './checkpoint/agent-checkpoint.js';
export { ResumableContext } from './checkpoint/resumable-context.js';
export {
  IntentEntrySchema,
  JournalEntrySchema,
  ReplyEntrySchema,
  ResultEntrySchema,
  type IntentEntry,
  type JournalEntry,
  type JournalRecord,
  type ReplyEntry,
  type ResultEntry,
} from './journal/journal-entry.js';
export { FileActionJournal, JOURNAL_FILE, MemoryActionJournal, type ActionJournal, type FileActionJournalOptions } from './journal/action-journal.js';
export { JournalCursor, type RecordedCommand } from './journal/journal-cursor.js';
export { JournalingModel, type ReplayAwareModel } from './journal/journaling-model.js';
export { JournalingDispatcher, REPEATABLE_TOOLS, type JournalingDispatcherOptions } from './journal/journaling-dispatcher.js';
export { ActionOutcomeUnknownError, outcomeUnknownText, UNKNOWN_OUTCOME_POLICIES, type UnknownOutcomePolicy } from './journal/unknown-outcome.js';
export { EvaluationAgent, evaluationRecord, type EvaluationAgentOptions, type EvaluationInput, type EvaluationResult } from './evaluation/evaluation-agent.js';
export { evaluationFinishCheck, type EvaluationFinishCheckOptions } from './evaluation/evaluation-finish-check.js';
export { buildEvaluationPrompt, type EvaluationPromptInput } from './evaluation/evaluation-prompt.js';
export { stepEvidence } from './evaluation/step-evidence.js';
export type { ActionCacheStore } from './action-cache/action-cache-store.js';
export { ActionCache, type ActionCacheOptions, type CacheLookup, type CacheUse } from './action-cache/action-cache.js';
export { UncachedModel } from './action-cache/uncached-model.js';
export { cacheKey, cacheKeyParts, normalizeRequest } from './action-cache/cache-key.js';
export { fillTemplate, fillValues, placeholdersIn, templateValues, toTemplate } from './action-cache/cache-variables.js';
export {
  CacheKeyPartsSchema,
  CachedRunSchema,
  CachedStepSchema,
  RecordedEffectSchema,
  TargetDescriptionSchema,
  WindowSignatureSchema,
  type CacheKeyParts,
  type CachedRun,
  type CachedRunInput,
  type CachedStep,
  type RecordedEffect,
  type TargetDescription,
  type WindowSignature,
} from './action-cache/cached-run-schema.js';
export { FileActionCacheStore } from './action-cache/file-action-cache-store.js';
export { CONTROL_ID_ARGUMENT, recordSteps } from './action-cache/record-steps.js';
export { CachedRunModel, type CacheStepEvent, type CachedRunModelOptions } from './action-cache/cached-run-model.js';
export { resolveTarget, type ListedControl, type TargetMiss, type TargetResolution } from './action-cache/resolve-target.js';
export {
  LISTING_TOOL,
  playCachedRun,
  type PlayCachedRunOptions,
  type ReplayDivergence,
  type ReplayOutcome,
  type ReplayedStep,
} from './action-cache/cached-run-player.js';
export {
  ExperienceExampleSchema,
  ExperienceRecordSchema,
  ExperienceSummarySchema,
  experienceText,
  renderExamples,
  type ExperienceExample,
  type ExperienceRecord,
  type ExperienceRecordInput,
  type ExperienceSummary,
} from './experience/experience-schema.js';
export { ExperienceStore, loadDemonstrations, type ExperienceStoreOptions } from './experience/experience-store.js';
export {
  ExperienceSummarizer,
  partitionSubtasks,
  type ExperienceSummarizerOptions,
  type ExperienceSummaryResult,
  type SubtaskTrajectory,
} from './experience/experience-summarizer.js';
export {
  EmbeddingRetriever,
  KeywordRetriever,
  cosine,
  createExampleRetriever,
  type EmbeddingModel,
  type EmbeddingRetrieverOptions,
  type ExampleRetriever,
} from './experience/retrievers.js';
export { appLlmWithExamples, hostLlmWithExamples, type ExamplePromptOptions } from './experience/retrieval-strategies.js';
export type {
  EvaluationSettings,
  ExamplesSettings,
  ExperienceSettings,
  JournalSettings,
  ManagedSessionOptions,
  ManagedSessionOutcome,
  ManagedSessionStatus,
  ReportSettings,
  ResumeOptions,
  SaveExperienceMode,
  SessionActionCache,
  SessionCacheOutcome,
} from './managed/managed-session-options.js';
export { prepareRuntime, type SessionRuntime } from './managed/session-runtime.js';
export { sessionTrajectory, type SessionTrajectory } from './managed/session-trajectory.js';
export { ManagedRound } from './managed/managed-round.js';
export { ManagedSession, type AgentsCheckpoint, type ManagedSessionSpec } from './managed/managed-session.js';
export { SingleAgentSession } from './managed/single-agent-session.js';
export { LINUX_UI_TREE_TOOL } from './managed/session-captures.js';
export { HostStackTracker, buildHostStack, type HostStackOptions } from './sessions/host-stack.js';
export { HostSession, type HostSessionOptions } from './sessions/host-session.js';
export { LinuxSession, type LinuxSessionOptions } from './sessions/linux-session.js';
export { FollowerPlanSchema, hostRequestOf, parseFollowerPlan, readFollowerPlan, type FollowerPlan } from './sessions/follower-plan.js';
export { FollowerSession, type FollowerSessionOptions } from './sessions/follower-session.js';
export { OperatorSession, usesComputerTool, type OperatorSessionOptions } from './sessions/operator-session.js';
export { createComputerUseProcessor, type ComputerUseProcessorOptions } from './operator/computer-use-processor.js';
export { readComputerToolCall, scaleComputerAction, type ComputerToolRequest } from './operator/computer-tool-call.js';
export { DEFAULT_MAX_DISPLAY, computerDisplaySize, scalePngDataUrl, toScreenPoint, type PixelSize } from './operator/display-scaling.js';
export { ComputerActionSchema, OperatorResponseSchema, ZOOM_UNSUPPORTED, type ComputerAction, type OperatorResponse } from './operator/computer-action.js';
export { mapActionPoints, type ActionPoint } from './operator/computer-action-points.js';
export { ComputerActionUnsupportedError } from './operator/computer-action-unsupported.js';
export { fromAnthropicComputerAction } from './operator/anthropic-computer-action.js';
export {
  LINUX_OPERATOR_TOOLS,
  WINDOWS_OPERATOR_TOOLS,
  escapePywinauto,
  keysText,
  mapComputerAction,
  type MappedToolCall,
  type OperatorToolMapping,
} from './operator/operator-tools.js';
export { OperatorAgent, type OperatorAgentOptions } from './operator/operator-agent.js';
export { buildOperatorPrompt, type OperatorPromptInput } from './operator/operator-prompt.js';
export { createOperatorProcessor, type OperatorProcessorOptions } from './operator/operator-processor.js';
export { SessionPool, type PoolResult, type RunnableSession, type SessionJob, type SessionPoolOptions } from './pool/session-pool.js';
export { RequestFileSchema, readRequestFile, type BatchTask, type RequestFile } from './batch/request-file.js';
export { BatchTaskStatusSchema, TaskStatusFile, type BatchTaskStatus } from './batch/task-status-file.js';
export { FromFileSession, type FromFileSessionOptions } from './batch/from-file-session.js';
export { BatchRun, type BatchOutcome, type BatchRunOptions } from './batch/batch-run.js';
export {
  SessionFactory,
  detectPlatform,
  type FactoryResumeOptions,
  type SessionDefaults,
  type SessionFactoryOptions,
  type SessionMode,
  type SessionPlatform,
  type SessionSpec,
} from './factory/session-factory.js';
export type {
  GroundingContext,
  GroundingDialect,
  GroundingEnd,
  GroundingFailure,
  GroundingParse,
  GroundingProblem,
  GroundingProblemKind,
  GroundingPromptOptions,
  GroundingStep,
  ScreenPoint,
} from './operator/grounding/grounding-dialect.js';
export { IMAGE_PIXELS, RELATIVE_1000, readPoint, type CoordinateSpace, type PointReading } from './operator/grounding/coordinate-space.js';
export { QWEN25_RESIZE, QWEN3_RESIZE, alignedImageSize, smartResize, type SmartResizeLimits } from './operator/grounding/image-size.js';
export { uiTarsDialect, type UiTarsDialectOptions } from './operator/grounding/ui-tars-dialect.js';
export { qwen25VlDialect } from './operator/grounding/qwen25-vl-dialect.js';
export { qwen3VlDialect } from './operator/grounding/qwen3-vl-dialect.js';
export { pixelJsonDialect } from './operator/grounding/pixel-json-dialect.js';
export { GROUNDING_DIALECTS, groundingDialect } from './operator/grounding/dialect-registry.js';
export { groundingReaskText } from './operator/grounding/reask-text.js';
export { createGroundingProcessor, type GroundingProcessorOptions } from './operator/grounding/grounding-processor.js';
