export { TaskSuiteError, type TaskSuiteErrorCode } from './errors.js';
export { defineTask, type CheckResult, type CheckedControl, type DesktopTask, type NoProgressCause, type SessionEnd, type StopReason, type TaskContext, type Toolkit, type TrapSpec } from './task.js';
export { lastUserText, parseListedLine, readLastActions, readPromptListing, type ActionOutcome, type ListedItem, type PromptListing } from './grounded/prompt-listing.js';
export { ControlRefSchema, ReferenceActionSchema, ReferenceStepSchema, WindowRefSchema, type ControlRef, type ReferenceAction, type ReferenceStep, type WindowRef } from './grounded/reference-steps.js';
export { describeRef, findControl, findWindow, matchesControl, normalizeName } from './grounded/resolve.js';
export { GroundedModel, resolveActions, resolveStep, type ControlFinder, type GroundedModelOptions, type Resolution } from './grounded/grounded-model.js';
export { chatResponse, type GroundedCall, type GroundedReply } from './grounded/chat-response.js';
export { ImperfectModel, type ImperfectModelOptions } from './imperfect/imperfect-model.js';
export { imperfectModelFor, type ImperfectModelForOptions } from './imperfect/imperfect-model-for.js';
export { IMPERFECT_KINDS, parseModelSpec, type ImperfectKind, type ImperfectModelSpec } from './imperfect/model-spec.js';
export { hadNoEffect, readPromptNotices, type PromptNotices } from './imperfect/prompt-notices.js';
export { mulberry32, type Prng } from './imperfect/prng.js';
export { runTask, type RunTaskOptions, type TaskRunResult } from './run/run-task.js';
export { missingPrograms, runSuite, selectTasks, type RunSuiteOptions, type SuiteRunResult } from './run/run-suite.js';
export { EvalReportSchema, evalReport, formatResultsTable, writeEvalReport, type EvalReport } from './run/eval-report.js';
export { startCpuLoad, type CpuLoad } from './run/cpu-load.js';
export {
  RobustnessCellSchema,
  RobustnessReportSchema,
  RobustnessRunSchema,
  formatRobustnessTable,
  robustnessCells,
  runRobustness,
  writeRobustnessReport,
  type RobustnessCell,
  type RobustnessModel,
  type RobustnessOptions,
  type RobustnessReport,
  type RobustnessRun,
} from './run/robustness.js';
export { fileHolds, iniValue, readUntil, someControlShows } from './tasks/checks.js';
export { PERCEPTION_TASKS, TASKS, TRAP_TASKS } from './tasks/index.js';
export { ocrText } from './tasks/perception.js';
export { cellPosition, csvCell, csvFields } from './tasks/sheet-cells.js';
export { numbersIn } from './tasks/screen-text.js';
export { KNOWN_PLATFORM_FAILURES } from './known-failures.js';
