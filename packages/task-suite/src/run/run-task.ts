import {
  createCommand,
  EventBus,
  FileLogSink,
  isNoProgressResult,
  MemoryLogSink,
  parseTrajectory,
  ProgrammaticInteractor,
  readTrajectory,
  Session,
  type ChatModel,
  type LogSink,
  type ProgressSettingsInput,
  type Result,
  type SessionOutcome,
  type StepRecord,
} from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer, startDesktop, type Desktop, type LinuxToolServer } from '@ufo-ts/platform-linux';
import { createLinuxAgent, type AppProcessorOptions, type FinishVerdict } from '@ufo-ts/processor-strategies';
import type { TaskCacheUse, TaskRunCache, TaskWindow } from './task-run-cache.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TaskSuiteError } from '../errors.js';
import { GroundedModel } from '../grounded/grounded-model.js';
import type { CheckResult, DesktopTask, SessionEnd, StopReason, TaskWorkspace } from '../task.js';
import { createTaskWorkspace } from './task-workspace.js';
import { runComputerUseSession, type ComputerUseRunOptions } from './computer-use-run.js';

/** Options of {@link runTask}. */
export interface RunTaskOptions {
  /**
   * The model that drives the agent. Default: a {@link GroundedModel} playing the task's reference solution
   * against the prompts the engine sends.
   */
  model?: (task: DesktopTask, ctx: TaskWorkspace) => ChatModel;
  /**
   * The engine's progress monitor for the agent (default `{ mode: 'enforce' }`: the suite is where a model is kept
   * on track; `{ mode: 'off' }` measures a model without it).
   */
  progress?: ProgressSettingsInput;
  /** Check each action of a multi-action reply after the first against the live UI before it runs (default true). */
  validateBatches?: boolean;
  /** Use the task's checker as the session's finish check: a FINISH whose check fails goes back to the model once (default true). */
  finishCheck?: boolean;
  /** The default reference player puts consecutive steps whose controls are all listed into one reply (default false). */
  batchReplies?: boolean;
  /** Session logs (screenshots, prompts, replies) go in a folder per task under this root; kept in memory otherwise. */
  logRoot?: string;
  /** The log folder's name under `logRoot` (default: the task id). */
  logName?: string;
  /**
   * `text` (default): the agent renders its tools in the prompt and the model answers JSON. `native`: the agent
   * runs in native tool mode and the default grounded model answers with tool calls. A given `model` is used as
   * it is, in the mode given here.
   */
  toolMode?: 'text' | 'native';
  /** Called with each finished engine step (for progress output). */
  onStep?: (step: { task: string; step: number; status: string }) => void;
  /**
   * Replay a cached run of the task when there is one (the model is asked only for a step the replay cannot take)
   * and record the run when its check passed. The task's folder is the variable `dir`, so a cached run serves each
   * run's own folder.
   */
  cache?: TaskRunCache;
  /**
   * The desktop the task runs on, beside the task's own settings: another screen size, or environment variables
   * for every app (a GTK theme `GTK_THEME`, a font scale `GDK_DPI_SCALE`); the task's own `env` wins on a clash.
   */
  desktop?: { width?: number; height?: number; env?: Record<string, string> };
  /**
   * Run the task in computer-use mode: an OperatorSession driven through the model's computer tool (screenshots
   * only, no control listing) instead of a LinuxAgent; same set-up and checker. Without `model`, the task's
   * reference solution is played against the live accessibility tree and answered in `wire`'s format (OpenAI
   * Responses `computer_call`, Anthropic Messages `tool_use`) from a local server, through the engine's real
   * provider adapters. The computer-use step has no finish check (the checker runs after the session);
   * `toolMode`, `batchReplies`, `validateBatches`, `progress` and `cache` do not apply.
   */
  computerUse?: ComputerUseRunOptions;
}

/** The outcome of one task run. */
export interface TaskRunResult {
  id: string;
  app: string;
  toolkit: string;
  /** What the checker found in the real state. */
  passed: boolean;
  /** Engine steps used. */
  steps: number;
  /** Wall time of the run (set-up, session and check), ms. */
  ms: number;
  /** Model cost in USD (0 for the grounded model). */
  cost: number;
  /** The checker's reading, or why the run failed. */
  detail: string;
  /** The error that ended the session (a reference missing from the prompt, a failed set-up), if any. */
  error?: string;
  /** The session's log folder, when logs were written. */
  logFolder?: string;
  /** Calls to the model (the grounded player's waits included). */
  modelCalls: number;
  /** Why the session stopped (absent when it never started: set-up failed). */
  stopReason?: StopReason;
  /** The progress monitor's judgements during the session (each `no-progress` event). */
  noProgressEvents: number;
  /** The FINISH checks made, and how many failed (a failed one goes back to the model once). */
  finishChecks: { made: number; failed: number };
  /** When the monitor ended the session: what it detected and the likely cause. */
  noProgress?: SessionEnd['noProgress'];
  /** With a cache: what it did (`hit`, `healed`, `miss`) and whether the run was recorded. */
  cache?: TaskCacheResult;
}

/** What the action cache did in a task run ({@link RunTaskOptions.cache}). */
export interface TaskCacheResult extends TaskCacheUse {
  /** Whether this run was recorded (it passed its check). */
  saved: boolean;
}

const LINUX_SERVERS = {
  data_collection: [{ namespace: 'linux', transport: 'in-process' as const, factory: 'linux' }],
  action: [{ namespace: 'linux', transport: 'in-process' as const, factory: 'linux' }],
};

function dispatcherFor(linux: LinuxToolServer): LocalCommandDispatcher {
  return new LocalCommandDispatcher({ config: { LinuxAgent: { default: LINUX_SERVERS } }, factories: { linux: () => linux.createServer() } });
}

/** The result of a task before anything ran: not passed, nothing counted. */
export function emptyTaskResult(task: DesktopTask): TaskRunResult {
  return {
    id: task.id,
    app: task.app,
    toolkit: task.toolkit,
    passed: false,
    steps: 0,
    ms: 0,
    cost: 0,
    detail: '',
    modelCalls: 0,
    noProgressEvents: 0,
    finishChecks: { made: 0, failed: 0 },
  };
}

/**
 * Runs one task on a fresh private desktop: set-up, a LinuxAgent session with the task's request and step
 * budget, then the checker reading the real state. Never throws for a task failure: the result says why.
 *
 * @example
 * ```ts
 * const result = await runTask(TASKS[0]!); // by default the task's reference solution plays the model
 * console.log(result.passed, result.detail);
 * ```
 */
export async function runTask(task: DesktopTask, options: RunTaskOptions = {}): Promise<TaskRunResult> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), `ufo-task-${task.id}-`));
  const result = emptyTaskResult(task);
  let desktop: Desktop | undefined;
  let linux: LinuxToolServer | undefined;
  const dispatchers: LocalCommandDispatcher[] = [];
  try {
    const env = { ...options.desktop?.env, ...task.env };
    desktop = await startDesktop({
      ...(options.desktop?.width ? { width: options.desktop.width } : {}),
      ...(options.desktop?.height ? { height: options.desktop.height } : {}),
      ...(Object.keys(env).length ? { env } : {}),
    });
    linux = await createLinuxToolServer({ desktop });
    const checkerDispatcher = dispatcherFor(linux);
    dispatchers.push(checkerDispatcher);
    const ctx = createTaskWorkspace({ dir, desktop, linux, dispatcher: checkerDispatcher });
    try {
      await task.setup(ctx);
    } catch (error) {
      result.error = new TaskSuiteError('TASK_SETUP_FAILED', `${task.id}: set-up failed: ${message(error)}`, { cause: error }).message;
      result.detail = result.error;
      return result;
    }
    if (options.computerUse) {
      await runComputerUse(task, ctx, linux, { width: desktop.width, height: desktop.height }, options, result, dispatchers);
      return result;
    }
    const own =
      options.model?.(task, ctx) ??
      new GroundedModel({
        steps: task.solution(ctx),
        label: task.id,
        ...(options.toolMode === 'native' ? { nativeTools: true } : {}),
        ...(options.batchReplies ? { batch: true } : {}),
      });
    const lookup = options.cache
      ? await options.cache.lookup({ request: task.request(ctx), variables: { dir }, window: await startingWindow(task, checkerDispatcher) })
      : undefined;
    const model = options.cache && lookup ? options.cache.model(lookup, own) : own;
    const agentDispatcher = dispatcherFor(linux);
    dispatchers.push(agentDispatcher);
    const session = await runSession(task, ctx, model, agentDispatcher, options, result);
    const failure = (own as { failure?: unknown }).failure;
    if (failure instanceof Error) result.error = failure.message;
    else if (session.error && !result.error) result.error = `the session ended in ERROR: ${JSON.stringify(session.rounds[0]?.result ?? null)}`;
    const check = await safeCheck(task, ctx, sessionEnd(session, result));
    result.passed = check.passed;
    result.detail = check.detail;
    if (options.cache && lookup && model !== own) result.cache = await recordRun(options.cache, lookup, model, session, result);
  } catch (error) {
    result.error = message(error);
    result.detail ||= result.error;
  } finally {
    for (const d of dispatchers) await d.close().catch(() => undefined);
    await linux?.close().catch(() => undefined);
    await desktop?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    result.ms = Math.round(performance.now() - started);
  }
  return result;
}

/** The session part of a task run in computer-use mode ({@link RunTaskOptions.computerUse}), then the check. */
async function runComputerUse(
  task: DesktopTask,
  ctx: TaskWorkspace,
  linux: LinuxToolServer,
  screen: { width: number; height: number },
  options: RunTaskOptions,
  result: TaskRunResult,
  dispatchers: LocalCommandDispatcher[],
): Promise<void> {
  const events = new EventBus();
  events.subscribe((e) => {
    if (e.type === 'step-end') options.onStep?.({ task: task.id, step: e.step, status: e.status });
  });
  const given = options.model?.(task, ctx);
  const { outcome, played } = await runComputerUseSession({
    task,
    ctx,
    linux,
    screen,
    options: options.computerUse!,
    events,
    dispatchers,
    ...(given ? { model: countingModel(given, () => (result.modelCalls += 1)) } : {}),
    ...(options.logRoot ? { logRoot: options.logRoot, logName: options.logName ?? task.id } : {}),
  });
  result.steps = outcome.steps;
  result.cost = outcome.cost;
  if (outcome.logFolder) result.logFolder = outcome.logFolder;
  if (played) result.modelCalls = played.server.requests.length;
  if (played?.player.failure) result.error = played.player.failure.message;
  else if (outcome.error && !result.error) result.error = `the session ended in ERROR: ${JSON.stringify(outcome.rounds[0]?.result ?? null)}`;
  const check = await safeCheck(task, ctx, sessionEnd(outcome, result));
  result.passed = check.passed;
  result.detail = check.detail;
}

async function runSession(
  task: DesktopTask,
  ctx: TaskWorkspace,
  model: ChatModel,
  dispatcher: LocalCommandDispatcher,
  options: RunTaskOptions,
  result: TaskRunResult,
) {
  const events = new EventBus();
  events.subscribe((e) => {
    if (e.type === 'step-end') options.onStep?.({ task: task.id, step: e.step, status: e.status });
    if (e.type === 'no-progress') result.noProgressEvents += 1;
    if (e.type === 'finish-check') {
      result.finishChecks.made += 1;
      if (!e.passed) result.finishChecks.failed += 1;
    }
  });
  const interactor = new ProgrammaticInteractor();
  const logSink: LogSink = options.logRoot ? new FileLogSink({ logRoot: options.logRoot, task: options.logName ?? task.id }) : new MemoryLogSink();
  const counted = countingModel(model, () => (result.modelCalls += 1));
  const linux: AppProcessorOptions = {
    progress: options.progress ?? { mode: 'enforce' },
    validateBatches: options.validateBatches ?? true,
    ...(options.finishCheck === false ? {} : { finishCheck: async () => verdictOf(await safeCheck(task, ctx)) }),
  };
  const agent = createLinuxAgent({ model: counted, dispatcher, interactor, events, logSink, toolMode: options.toolMode ?? 'text', linux });
  const session = new Session({
    task: task.id,
    request: task.request(ctx),
    logSink,
    dispatcher,
    interactor,
    events,
    maxSteps: task.maxSteps,
    startAgent: () => (agent.reset(), agent),
  });
  const outcome = await session.run();
  result.steps = outcome.steps;
  result.cost = outcome.cost;
  if (outcome.logFolder) result.logFolder = outcome.logFolder;
  return { ...outcome, records: () => stepRecordsOf(logSink) };
}

/** The `response.log` step records a session wrote (to its folder, or in memory). */
function stepRecordsOf(logSink: LogSink): StepRecord[] {
  const trajectory =
    logSink instanceof MemoryLogSink ? parseTrajectory({ responseLog: logSink.lines.response }) : logSink.folder ? readTrajectory(logSink.folder) : undefined;
  return trajectory?.steps.map((s) => s.record) ?? [];
}

/** The task's first window, as the cache keys a run: the focused window after set-up (its program and title). */
async function startingWindow(task: DesktopTask, dispatcher: LocalCommandDispatcher): Promise<TaskWindow> {
  const [listed] = (await dispatcher.execute([createCommand('list_windows', {}, 'data_collection')], { target: { agent: 'LinuxAgent' } })) as Result[];
  const windows =
    listed?.status === 'success' ? ((listed.result as { windows?: Array<{ title?: string; root_name?: string; focused?: boolean }> }).windows ?? []) : [];
  const first = windows.find((w) => w.focused) ?? windows[0];
  return { app: first?.root_name || task.app, title: first?.title ?? '' };
}

/** The cache's part of a run's end: a run that passed its check is recorded (the model's steps, or the healed path). */
async function recordRun(
  cache: TaskRunCache,
  lookup: unknown,
  model: ChatModel,
  session: SessionOutcome & { records: () => StepRecord[] },
  result: TaskRunResult,
): Promise<TaskCacheResult> {
  const use = cache.use(model);
  // the calls that reached the model: a cached step is not one
  result.modelCalls = use.modelCalls;
  if (!result.passed || session.rounds.at(-1)?.finalState !== 'FINISH') return { ...use, saved: false };
  await cache.save(lookup, session.records(), model);
  return { ...use, saved: true };
}

/** A model that counts its calls. */
function countingModel(model: ChatModel, count: () => void): ChatModel {
  return {
    provider: model.provider,
    modelId: model.modelId,
    ...(model.features ? { features: model.features } : {}),
    complete: (request) => (count(), model.complete(request)),
  };
}

function verdictOf(check: CheckResult): FinishVerdict {
  return { passed: check.passed, reason: check.detail };
}

/** How the session ended, from its outcome; also fills the result's stop reason. */
function sessionEnd(outcome: SessionOutcome, result: TaskRunResult): SessionEnd {
  const round = outcome.rounds[0];
  const state = round?.finalState ?? 'ERROR';
  const stopped = isNoProgressResult(round?.result) ? round.result : undefined;
  const stopReason: StopReason = stopped
    ? 'no_progress'
    : (({ FINISH: 'finished', FAIL: 'failed', MAX_STEP: 'max_steps', CANCELLED: 'cancelled' } as const)[state as 'FINISH'] ?? 'error');
  result.stopReason = stopReason;
  const end: SessionEnd = { stopReason, finalState: state, modelCalls: result.modelCalls, steps: outcome.steps };
  if (stopped) {
    end.noProgress = { detection: stopped.detection, cause: stopped.cause, step: stopped.step };
    result.noProgress = end.noProgress;
  }
  return end;
}

async function safeCheck(task: DesktopTask, ctx: TaskWorkspace, end?: SessionEnd): Promise<CheckResult> {
  try {
    return await task.check(ctx, end);
  } catch (error) {
    return { passed: false, detail: `the checker could not read the state: ${message(error)}` };
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
