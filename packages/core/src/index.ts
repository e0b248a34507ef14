export {
  UFO_ERROR_CODES,
  UfoError,
  errorCode,
  errorMessage,
  errorResult,
  isUfoError,
  serializeError,
  type SerializedError,
  type UfoErrorCode,
  type UfoErrorOptions,
} from './errors.js';
export {
  CommandSchema,
  ResultSchema,
  ResultStatusSchema,
  ToolInfoSchema,
  ToolTypeSchema,
  createCommand,
  type Command,
  type CommandInput,
  type Result,
  type ResultStatus,
  type ToolInfo,
  type ToolType,
} from './command.js';
export { EventBus, type EngineEvent, type EngineEventListener } from './events.js';
export { parseJsonReply, parseStructuredReply, type StructuredReplyResult } from './json-reply.js';
export { describeReplyIssues } from './reply-issues.js';
export { decodeImageDataUrl, findImageDataUrl } from './data-url.js';
export { SubtaskRecordSchema, TargetInfoSchema, type SubtaskRecord, type TargetInfo } from './target-info.js';
export { CONTEXT_KEYS, isContextKey, type ContextKey, type ContextValue, type ContextValues } from './context-keys.js';
export { defineContextKey, type CustomContextKey } from './custom-context-key.js';
export { Context, type ContextJSON, type ContextOptions } from './context.js';
export { ActionRecordSchema, StepRecordSchema, type ActionRecord, type StepRecord, type StepRecordInput } from './step-record.js';
export type { RoundAgent, RoundState, StepRunOptions } from './fsm.js';
export { Round, type RoundOptions, type RoundOutcome } from './round.js';
export { Session, type SessionOptions, type SessionOutcome, type SessionRoundRecord } from './session.js';
export { captureSnapshot, type SnapshotOptions } from './snapshot.js';
export type { CaptureTool, CaptureToolRun } from './capture-tool.js';
export { captureUiTree, UiTreeSchema, type UiTreeCaptureOptions } from './ui-tree-capture.js';
export {
  captureEndSnapshots,
  DEFAULT_CAPTURE_TOOLS,
  endSnapshotFileNames,
  type CaptureTools,
  type EndSnapshotFiles,
  type EndSnapshotOptions,
  type EndSnapshotPaths,
  type RoundCaptures,
} from './end-snapshots.js';
export {
  ChatMessageSchema,
  ChatRoleSchema,
  ComputerToolSchema,
  ContentPartSchema,
  FinishReasonSchema,
  FunctionToolSchema,
  ImagePartSchema,
  ReplyCacheSchema,
  TextPartSchema,
  ToolCallSchema,
  ToolChoiceSchema,
  ToolDefinitionSchema,
  UsageSchema,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type ChatRole,
  type ComputerTool,
  type ContentPart,
  type FinishReason,
  type FunctionTool,
  type ImagePart,
  type ModelFeatures,
  type ReplyCache,
  type TextPart,
  type ToolCall,
  type ToolChoice,
  type ToolDefinition,
  type Usage,
} from './ports/chat-model.js';
export type { CommandDispatcher, CommandProgress, DispatchTarget, ExecuteOptions, ListToolsOptions } from './ports/command-dispatcher.js';
export type { Interactor, QuestionAnswer, SensitiveAction } from './ports/interactor.js';
export { systemClock, type Clock } from './ports/clock.js';
export { clockInterval, clockTimeout, type StopTimer } from './clock-timers.js';
export type { LogSink, LogStream } from './ports/log-sink.js';
export type { RoundEnd, RoundPosition, RoundRecorder, RoundTransition } from './ports/round-recorder.js';
export { DEFAULT_LOG_ROOT, isInsideFolder, resolveArtifactPath, resolveLogFolder, sanitizeTaskName, timestampTaskName } from './logs/log-folder.js';
export { FileLogSink, type FileLogSinkOptions } from './logs/file-log-sink.js';
export { MemoryLogSink } from './logs/memory-log-sink.js';
export { ProgrammaticInteractor, type ProgrammaticInteractorOptions } from './interactors/programmatic-interactor.js';
export { ConsoleInteractor, type ConsoleInteractorOptions } from './interactors/console-interactor.js';
export { TOOL_BLOCK_SEPARATOR, exampleArguments, exampleValue, renderToolsForPrompt } from './render-tools-for-prompt.js';
export { MODEL_TOOL_NAME, modelToolName, toolDefinitionsFor, type ModelToolSet, type ToolDefinitionsOptions } from './tool-definitions.js';
export {
  ConfirmationRecordSchema,
  EvaluationRecordSchema,
  EvaluationSubScoreSchema,
  EvaluationVerdictSchema,
  actionResultText,
  actionText,
  computeTotals,
  finishCheckText,
  progressText,
  escapeHtml,
  formatCost,
  formatDuration,
  imageDataUrlFromFolder,
  imageMediaType,
  parseTrajectory,
  readTrajectory,
  renderHtmlReport,
  trajectoryFilePath,
  trajectoryToMarkdown,
  valueText,
  writeHtmlReport,
  writeMarkdownReport,
  type ConfirmationRecord,
  type EndCaptures,
  type EvaluationRecord,
  type EvaluationRecordInput,
  type EvaluationSubScore,
  type EvaluationVerdict,
  type HtmlReportOptions,
  type StepScreenshots,
  type SubtaskCaptures,
  type Trajectory,
  type TrajectoryInput,
  type TrajectoryProblem,
  type TrajectoryRound,
  type TrajectoryStep,
  type TrajectoryTotals,
} from './trajectory/index.js';
export {
  ActionEvidenceSchema,
  DetectionKindSchema,
  NoProgressCauseSchema,
  NoProgressResultSchema,
  ProgressAssessmentSchema,
  ProgressLevelSchema,
  ProgressModeSchema,
  ProgressRecordSchema,
  ProgressSettingsSchema,
  StepEvidenceSchema,
  isNoProgressResult,
  type ActionEvidence,
  type DetectionKind,
  type NoProgressCause,
  type NoProgressResult,
  type ProgressAssessment,
  type ProgressLevel,
  type ProgressMode,
  type ProgressRecord,
  type ProgressSettings,
  type ProgressSettingsInput,
  type StepEvidence,
} from './progress/progress-schemas.js';
export { assessProgress } from './progress/assess-progress.js';
export { progressNotice, type ProgressNoticeInput } from './progress/progress-notice.js';
export { screenDigest, stepEvidence, type StepObservation } from './progress/step-evidence.js';
export { failureCode, likelyCause, listedStates } from './progress/likely-cause.js';
