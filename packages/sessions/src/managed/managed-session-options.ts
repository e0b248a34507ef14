import type {
  Clock,
  CommandDispatcher,
  CustomContextKey,
  EvaluationRecord,
  EventBus,
  Interactor,
  LogSink,
  RoundCaptures,
  SerializedError,
  SessionOutcome,
} from '@ufo-ts/core';
import type { ActionCache, CacheLookup, CacheUse } from '../action-cache/action-cache.js';
import type { CheckpointStore } from '../checkpoint/checkpoint-store.js';
import type { ActionJournal } from '../journal/action-journal.js';
import type { UnknownOutcomePolicy } from '../journal/unknown-outcome.js';
import type { SessionCheckpoint, WaitingFor } from '../checkpoint/checkpoint-schema.js';
import type { ExperienceStore } from '../experience/experience-store.js';
import type { EmbeddingModel, ExampleRetriever } from '../experience/retrievers.js';
import type { ResumeDecision } from '../runtime/resume-interactor.js';
import type { SessionModels } from '../runtime/session-models.js';

/** Evaluation settings (`EVA_SESSION`, `EVA_ROUND`, `EVA_ALL_SCREENSHOTS`). */
export interface EvaluationSettings {
  /** Judge the whole session when it completes (default true). */
  session?: boolean;
  /** Judge each round when it ends (default false). */
  round?: boolean;
  /** Send the screenshots (default true; retried once without them on failure). */
  screenshots?: boolean;
  /** At most this many step screenshots per evaluation (default 40). */
  maxScreenshots?: number;
}

/** When a session is summarised into experience (`SAVE_EXPERIENCE`). */
export type SaveExperienceMode = 'always' | 'ask' | 'auto' | 'always_not';

/** Experience settings. */
export interface ExperienceSettings {
  /**
   * `always`: after every session whose last round finished; `auto`: when the session evaluation says complete;
   * `ask`: ask the interactor; `always_not` (default): never.
   */
  save?: SaveExperienceMode;
  /** Where records are kept. */
  store: ExperienceStore;
  /** When set, new records get their embedding right away. */
  embedding?: EmbeddingModel;
}

/** Retrieved examples in the prompts (experience and demonstrations). */
export interface ExamplesSettings {
  retriever: ExampleRetriever;
  /** Examples per prompt (default 3). */
  topK?: number;
}

/** Reports written into the log folder when the session ends. */
export interface ReportSettings {
  /** `output.md` (`LOG_TO_MARKDOWN`, default true). */
  markdown?: boolean;
  /** The self-contained `report.html` (default true). */
  html?: boolean;
}

/** What continuing a checkpointed session needs. */
export interface ResumeOptions {
  checkpoint: SessionCheckpoint;
  /** The person's decision on a pending confirmation or questions. */
  decision?: ResumeDecision;
}

/** Options every managed session type takes. */
export interface ManagedSessionOptions {
  /** Task name: names the log folder (`<logRoot>/<task>`). */
  task: string;
  /** Session id (default: a random UUID; a resume keeps the checkpoint's). */
  id?: string;
  /** The models by role (`HOST_AGENT`, `APP_AGENT`, `LINUX_AGENT`, `OPERATOR`, `EVALUATION_AGENT`). */
  models: SessionModels;
  /** How the engine reaches the machine (local MCP servers, a remote device). */
  dispatcher: CommandDispatcher;
  /** Close the dispatcher when the session ends (default false: the caller owns it). */
  closeDispatcher?: boolean;
  /** Requests, questions and confirmations. */
  interactor: Interactor;
  /** Where logs go (default: a `FileLogSink` under `logRoot`, or the checkpoint's folder on resume). */
  logSink?: LogSink;
  /** Root of the log folders (default `logs`). */
  logRoot?: string;
  events?: EventBus;
  clock?: Clock;
  /** The first request; asked from the interactor when omitted. */
  request?: string;
  /** Session-wide step cap (`MAX_STEP`, default 50). */
  maxSteps?: number;
  /** Round cap (`MAX_ROUND`, default 1). */
  maxRounds?: number;
  /** Pause before subtask-end snapshots in ms (`SLEEP_TIME`, default 0). */
  subtaskSettleMs?: number;
  /**
   * What the snapshots at subtask and round ends save beside the window screenshot: `uiTree` (`SAVE_UI_TREE`,
   * `ui_tree_round_{r}[_sub_round_{k}]_final.json`) and `desktopScreenshot` (`SAVE_FULL_SCREEN`,
   * `desktop_round_{r}[_sub_round_{k}]_final.png`); both off by default. On Linux the UI tree is the tool server's
   * `get_controls` listing unless `tools.uiTree` names another tool.
   *
   * @example
   * ```ts
   * new LinuxSession({ ...options, captures: { uiTree: true, desktopScreenshot: true } });
   * ```
   */
  captures?: RoundCaptures;
  /** Ask before actions marked CONFIRM (`SAFE_GUARD`, default true). */
  safeGuard?: boolean;
  /** Platform name recorded in the checkpoint and used to filter third-party agents (`windows`, `linux`). */
  platform?: string;
  /** Write `checkpoint.json` after every transition (default true when the log sink has a folder), or a store. */
  checkpoint?: boolean | CheckpointStore;
  /**
   * The action journal that makes each step's actions at-most-once across a crash, a kill or a forced cancel
   * followed by resume (default: `journal.jsonl` in the log folder whenever checkpoints are written). `false`
   * turns it off: a resumed step then runs again from its start, actions included.
   */
  journal?: JournalSettings | false;
  /**
   * Custom context keys of your strategies and agents (`defineContextKey`), registered up front: they are saved in
   * the checkpoint and restored on resume like the built-in keys (a resume must register them too).
   */
  contextKeys?: readonly CustomContextKey[];
  /** Continue from a checkpoint. */
  resume?: ResumeOptions;
  /** Judge the session (and rounds) with the `EVALUATION_AGENT` model; default off. */
  evaluation?: EvaluationSettings | false;
  /** Save experience after successful sessions. */
  experience?: ExperienceSettings;
  /** Put retrieved examples in the prompts. */
  examples?: ExamplesSettings;
  /** Reports written at the end (default: both, when there is a folder); `false` for none. */
  reports?: ReportSettings | false;
  /**
   * Replay a cached run of the request instead of asking the model, and record the run when it succeeds (see
   * {@link SessionActionCache}).
   *
   * @example
   * ```ts
   * const cache = new ActionCache({ store: new FileActionCacheStore('.ufo-cache') });
   * const lookup = await cache.lookup({ request, window: { app: 'gnome-calculator', title: 'Calculator' } });
   * await new LinuxSession({ ...options, request, actionCache: { cache, lookup } }).run();
   * ```
   */
  actionCache?: SessionActionCache;
}

/** The action cache of a session ({@link ManagedSessionOptions.actionCache}). */
export interface SessionActionCache {
  cache: ActionCache;
  /** The lookup of the session's request (`cache.lookup(...)`, made before the session). */
  lookup: CacheLookup;
  /**
   * Whether the finished run really did the task (read the application's state back). The run is recorded only when
   * its last round ended in FINISH and this resolves true; without it, a FINISH is enough.
   */
  check?: () => Promise<boolean>;
  /** The agent roles whose model the cache answers for (default `LINUX_AGENT` and `OPERATOR`: single-agent sessions). */
  roles?: readonly ('LINUX_AGENT' | 'APP_AGENT' | 'OPERATOR' | 'HOST_AGENT')[];
}

/** What the action cache did in a session ({@link ManagedSessionOutcome.cache}). */
export interface SessionCacheOutcome extends CacheUse {
  key: string;
  /** Whether the run was recorded (it finished and its check passed). */
  saved: boolean;
  /** Why it was not recorded, or the recording failed. */
  notSaved?: string;
}

/** How a managed session ended. */
export type ManagedSessionStatus =
  /** Every round ended (FINISH or FAIL) and no step failed the round. */
  | 'completed'
  /** The session-wide step cap (`MAX_STEP`) stopped the last round before it ended. */
  | 'incomplete'
  /** A round ended in ERROR (a step failed). */
  | 'error'
  /** `cancel()` (Ctrl+C) stopped it; resumable. */
  | 'cancelled'
  /** It stopped for a person (a sensitive action or questions); resumable with a decision. */
  | 'waiting'
  /** An exception escaped the loop; resumable (the failed step runs again). */
  | 'failed';

/** What a managed session's `run()` returns (it does not throw for session failures: see `status`). */
export interface ManagedSessionOutcome extends SessionOutcome {
  task: string;
  status: ManagedSessionStatus;
  /** The session type. */
  kind: SessionCheckpoint['kind'];
  waitingFor?: WaitingFor;
  /** The exception, for `failed`. */
  failure?: SerializedError;
  evaluations: EvaluationRecord[];
  /** Experience records saved. */
  experienceSaved: number;
  reports: { markdown?: string; html?: string };
  /** The checkpoint file, when written to disk. */
  checkpoint?: string;
  /** What the action cache did, when the session had one. */
  cache?: SessionCacheOutcome;
}

/** Settings of the action journal ({@link ManagedSessionOptions.journal}). */
export interface JournalSettings {
  /** Where entries go (default: `FileActionJournal` in the log folder). */
  store?: ActionJournal;
  /** What a resumed step does with an action whose outcome is unknown (default `tell-model`). */
  onUnknownOutcome?: UnknownOutcomePolicy;
  /** Action tools sent again on resume instead of journaled (default `['select_application_window']`). */
  repeatable?: readonly string[];
}
