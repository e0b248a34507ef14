import type { AppHandle, Desktop } from '@ufo-ts/platform-linux';
import type { ReferenceStep } from './grounded/reference-steps.js';

/**
 * The toolkit of a task's app (the suite covers each). `X toolkit` (Athena widgets, e.g. xcalc) and `Tk` (Tcl/Tk,
 * run by `wish`) have no accessibility support: their windows are read from the screen. `VCL` is LibreOffice's own
 * widget set, made accessible through its GTK 3 plugin.
 */
export type Toolkit = 'GTK 3' | 'GTK 4' | 'Qt 5' | 'X toolkit' | 'Tk' | 'VCL';

/** What a checker found: passed, and in words what it read. */
export interface CheckResult {
  passed: boolean;
  /** What was read back (`/tmp/…/note.txt holds "Hello…"`), or why it failed. */
  detail: string;
}

/**
 * Why the engine judged that a session made no progress, as the progress monitor reports it
 * (`NO_PROGRESS` round results): the likely cause of the actions' lack of effect.
 */
export type NoProgressCause = 'disabled' | 'covered' | 'off_screen' | 'read_only' | 'stale_target' | 'window_gone' | 'no_effect';

/** Why a task's session stopped (see {@link SessionEnd.stopReason}). */
export type StopReason = 'finished' | 'failed' | 'no_progress' | 'max_steps' | 'error' | 'cancelled';

/** How a task's session ended, as the checker is told (besides the real state it reads itself). */
export interface SessionEnd {
  /**
   * Why the session stopped: the agent said FINISH (`finished`) or FAIL (`failed`), the progress monitor ended it
   * (`no_progress`), the step budget ran out (`max_steps`), a step failed (`error`), or it was cancelled.
   */
  stopReason: StopReason;
  /** The state the round ended in (`FINISH`, `FAIL`, `ERROR`, `MAX_STEP`, ...). */
  finalState: string;
  /** When the progress monitor stopped the session: the detection and the likely cause. */
  noProgress?: { detection: string; cause: NoProgressCause; step: number };
  /** Model calls made. */
  modelCalls: number;
  /** Engine steps used. */
  steps: number;
}

/**
 * What a trap task tempts a model into: an action that has no effect (a disabled button, a read-only field, ...).
 * An imperfect model that repeats it must be stopped or redirected by the engine with this `cause`.
 */
export interface TrapSpec {
  /** The tempting action(s), as reference steps (played by the `stubborn` imperfect model, again and again). */
  steps: ReferenceStep[];
  /** The cause the progress monitor must name. */
  cause: NoProgressCause;
  /** What the trap is, for people (`a disabled "Replace All" button`). */
  summary: string;
}

/** A control of the checked window as the tool server lists it (`get_controls`). */
export interface CheckedControl {
  id: string;
  role: string;
  name: string;
  text?: string;
  states?: string[];
}

/**
 * Where one run of a task takes place, as its set-up, request, solution and checker work with it: the task's folder,
 * its private desktop, the apps started there, reads of that desktop's controls for checkers, and state kept between them.
 */
export interface TaskWorkspace {
  /** The task's own folder (files the request names live here; removed after the run). */
  readonly dir: string;
  /** The private virtual desktop the task runs on. */
  readonly desktop: Desktop;
  /** `dir` joined with a relative path. */
  path(relative: string): string;
  /** Starts an app on the desktop and waits until its window is on the accessibility tree. */
  launch(command: string, args?: string[], options?: { env?: Record<string, string>; cwd?: string }): Promise<AppHandle>;
  /** The apps started so far, in order. */
  readonly apps: readonly AppHandle[];
  /** For checkers: the controls of the focused window (or of the window whose title contains `windowTitle`), read through AT-SPI. */
  controls(windowTitle?: string): Promise<CheckedControl[]>;
  /** For checkers: asks the window whose title contains `windowTitle` (default: the focused one) to close, like its close button. */
  closeWindow(windowTitle?: string): Promise<void>;
  /** Free-form values the set-up keeps for the checker (e.g. a captured stdout path). */
  readonly state: Map<string, unknown>;
}

/** One real desktop task of the suite. */
export interface DesktopTask {
  /** Stable id (`mousepad-save-as`). */
  id: string;
  /** The Debian program driven (`mousepad`). */
  app: string;
  toolkit: Toolkit;
  /** Programs that must be installed (absolute paths or names on PATH); the task is skipped without them. */
  requires: readonly string[];
  /** What the task covers, for people. */
  summary: string;
  /** The plain-language request the agent gets. */
  request(ctx: TaskWorkspace): string;
  /** The step budget. */
  maxSteps: number;
  /** Writes the task's files and starts its app(s). */
  setup(ctx: TaskWorkspace): Promise<void>;
  /** The reference solution, in terms of what a model sees. */
  solution(ctx: TaskWorkspace): ReferenceStep[];
  /**
   * Reads the real state back (the file on disk, the saved settings, the text in a widget) — never the agent's
   * claim. `end` says how the session ended; trap tasks assert it too. It is absent when the checker is asked
   * before the session ended (the engine's FINISH check).
   */
  check(ctx: TaskWorkspace, end?: SessionEnd): Promise<CheckResult>;
  /**
   * The suite group (`core` when omitted; `traps` for trap tasks; `perception` for tasks that need what the
   * accessibility tree does not show: drawn text, a slider's value, table cells with their headers, a document's text;
   * `office` for the tasks written as JSON files).
   */
  group?: 'core' | 'traps' | 'perception' | 'office';
  /** Trap tasks: the tempting action with no effect, and the cause the engine must name. */
  trap?: TrapSpec;
  /** Extra environment for the desktop (e.g. `GSETTINGS_BACKEND=keyfile` so saved settings land in a file). */
  env?: Record<string, string>;
}

/** Declares a task (an identity function that keeps the literal types). */
export function defineTask(task: DesktopTask): DesktopTask {
  return task;
}
