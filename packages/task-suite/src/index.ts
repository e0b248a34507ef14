export { TaskSuiteError, type TaskSuiteErrorCode } from './errors.js';
export {
  defineTask,
  type CheckResult,
  type CheckedControl,
  type DesktopTask,
  type NoProgressCause,
  type SessionEnd,
  type StopReason,
  type TaskWorkspace,
  type Toolkit,
  type TrapSpec,
} from './task.js';
export {
  lastUserText,
  parseListedLine,
  readLastActions,
  readPromptListing,
  type ActionOutcome,
  type ListedItem,
  type PromptListing,
} from '@ufo-ts/processor-strategies';
export {
  ControlRefSchema,
  ReferenceActionSchema,
  ReferenceStepSchema,
  WindowRefSchema,
  type ControlRef,
  type ReferenceAction,
  type ReferenceStep,
  type WindowRef,
} from './grounded/reference-steps.js';
export { describeRef, findControl, findWindow, matchesControl, normalizeName } from './grounded/resolve.js';
export { GroundedModel, resolveActions, resolveStep, type ControlFinder, type GroundedModelOptions, type Resolution } from './grounded/grounded-model.js';
export { scriptedResponse as chatResponse, type ScriptedCall as GroundedCall, type ScriptedReply as GroundedReply } from '@ufo-ts/processor-strategies';
export { ImperfectModel, type ImperfectModelOptions } from './imperfect/imperfect-model.js';
export { imperfectModelFor, type ImperfectModelForOptions } from './imperfect/imperfect-model-for.js';
export { IMPERFECT_KINDS, parseModelSpec, type ImperfectKind, type ImperfectModelSpec } from './imperfect/model-spec.js';
export { hadNoEffect, readPromptNotices, type PromptNotices } from './imperfect/prompt-notices.js';
export { mulberry32, type Prng } from './imperfect/prng.js';
export { runTask, type RunTaskOptions, type TaskCacheResult, type TaskRunResult } from './run/run-task.js';
export { runComputerUseSession, type ComputerUseRunOptions, type ComputerUseRunParts } from './run/computer-use-run.js';
export {
  dispatcherLocate,
  visibleCentre,
  type DispatcherLocateOptions,
  type ScreenLocate,
  type ScreenRect,
  type ScreenSnapshot,
  type ScreenWindow,
} from './grounded/screen-locate.js';
export { ScreenReferencePlayer, type PixelSize, type ScreenAction, type ScreenReferencePlayerOptions, type ScreenReply } from './grounded/screen-player.js';
export {
  anthropicComputerInput,
  anthropicComputerMessage,
  lastImageSize,
  openAIComputerAction,
  openAIComputerResponse,
  type ComputerUseWire,
} from './grounded/screen-wire.js';
export { startScreenGroundedModel, type ScreenGroundedModel, type ScreenGroundedModelOptions } from './grounded/screen-grounded-model.js';
export type { TaskCacheUse, TaskRunCache, TaskWindow } from './run/task-run-cache.js';
export { missingPrograms, runSuite, selectTasks, type RunSuiteOptions, type SuiteRunResult } from './run/run-suite.js';
export { EvalReportSchema, evalReport, formatResultsTable, writeEvalReport, type EvalReport } from './run/eval-report.js';
export { BudgetRowSchema, ByAppTableSchema, STEP_BUDGETS, byAppHtml, byAppTable, formatByAppTable, type BudgetRow, type ByAppTable } from './run/by-app.js';
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
export { JsonTaskSchema, SetupStepSchema, type JsonTask, type SetupStep } from './json/json-task-schema.js';
export { findTaskFiles, jsonTask, loadJsonTask, loadJsonTasks, TASK_FILE_SUFFIX, type JsonDesktopTask } from './json/load-json-task.js';
export { officeTasks, officeTasksFolder } from './json/office-tasks.js';
export { TASK_SCHEMA_ID, taskJsonSchema } from './json/task-json-schema.js';
export { PLACEHOLDER_NAMES, placeholderProblems, placeholderValues, substitute, substituteDeep, type PlaceholderValues } from './json/placeholders.js';
export { describeStep, fixturePath, runSetupSteps, type SetupStepsOptions } from './json/setup-steps.js';
export {
  CellSpecSchema,
  CheckerSchema,
  ControlsCheckerSchema,
  CsvCheckerSchema,
  DocumentCheckerSchema,
  FileCheckerSchema,
  ParagraphSpecSchema,
  SettingsCheckerSchema,
  SheetCheckerSchema,
  SlideSpecSchema,
  SlidesCheckerSchema,
  type Checker,
} from './checkers/checker-schema.js';
export { runChecker, type RunCheckerOptions } from './checkers/run-checker.js';
export { csvRows } from './checkers/file-checks.js';
export { readDocument, type DocumentModel, type DocumentParagraph, type DocumentRun } from './checkers/office/document-model.js';
export { cellAddress, readWorkbook, type Sheet, type SheetCell } from './checkers/office/sheet-model.js';
export { layoutName, readSlides, type Slide } from './checkers/office/slides-model.js';
export { normalizeFormula } from './checkers/office/formula.js';
