import type { StepRecord } from '../step-record.js';
import type { ConfirmationRecord, EvaluationRecord } from './trajectory-records.js';

/** Screenshots of one step, as file paths (absolute, or relative to the log folder). */
export interface StepScreenshots {
  /** The clean screenshot (`action_step{N}.png`). */
  clean?: string;
  /** The set-of-marks screenshot with numbered control boxes (`action_step{N}_annotated.png`). */
  annotated?: string;
}

/** What was saved at the end of a subtask or a round, as file names in the log folder. */
export interface EndCaptures {
  /** The selected window (`action_round_{r}[_sub_round_{k}]_final.png`). */
  windowScreenshot?: string;
  /** The selected window's UI tree (`ui_tree_round_{r}[_sub_round_{k}]_final.json`). */
  uiTree?: string;
  /** The whole desktop (`desktop_round_{r}[_sub_round_{k}]_final.png`). */
  desktopScreenshot?: string;
}

/** The captures at the end of one subtask. */
export interface SubtaskCaptures extends EndCaptures {
  /** The subtask's index in its round (0-based). */
  subtask: number;
}

/** One step of a trajectory: its `response.log` record and its screenshots. */
export interface TrajectoryStep {
  /** Position in the log (0-based), stable even when session steps repeat after a resume. */
  index: number;
  record: StepRecord;
  screenshots: StepScreenshots;
  /** Confirmation decisions taken right after this step (CONFIRM). */
  confirmations: ConfirmationRecord[];
}

/** The steps of one round (one request). */
export interface TrajectoryRound {
  round: number;
  request: string;
  steps: TrajectoryStep[];
  cost: number;
  /** `action_round_{r}_final.png`, when present. */
  finalScreenshot?: string;
  /** `action_round_{r}_sub_round_{k}_final.png` by subtask index. */
  subtaskScreenshots: string[];
  /** Everything saved at each subtask end, in subtask order (subtasks with nothing saved are left out). */
  subtaskCaptures: SubtaskCaptures[];
  /** Everything saved at the round's end (the window screenshot is also `finalScreenshot`). */
  finalCaptures: EndCaptures;
}

/** Totals over a trajectory. */
export interface TrajectoryTotals {
  steps: number;
  rounds: number;
  hostSteps: number;
  /** Steps of every agent other than the HostAgent (AppAgent, LinuxAgent, third-party, operator). */
  appSteps: number;
  /** Steps that ended in ERROR or carry an error. */
  errors: number;
  actions: number;
  /** Priced model cost of the steps in USD. */
  cost: number;
  /** Steps whose model cost was unknown. */
  unpricedSteps: number;
  /** Cost of the evaluations in USD. */
  evaluationCost: number;
  inputTokens: number;
  outputTokens: number;
  /** Sum of the steps' durations in ms. */
  durationMs: number;
  /** Time of the first and last step records. */
  startedAt?: string;
  endedAt?: string;
}

/** A line that could not be read. */
export interface TrajectoryProblem {
  file: string;
  /** 1-based line number. */
  line: number;
  message: string;
}

/** A session's logs read back as typed data. */
export interface Trajectory {
  /** The log folder, when read from disk. */
  folder?: string;
  steps: TrajectoryStep[];
  rounds: TrajectoryRound[];
  confirmations: ConfirmationRecord[];
  evaluations: EvaluationRecord[];
  /** The last round's final screenshot, if any. */
  finalScreenshot?: string;
  totals: TrajectoryTotals;
  /** Lines skipped because they were not valid JSON or did not match their schema (e.g. a line cut by a crash). */
  problems: TrajectoryProblem[];
}
