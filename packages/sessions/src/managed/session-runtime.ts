import { basename, dirname } from 'node:path';
import type { CachedRunModel } from '../action-cache/cached-run-model.js';
import type { UncachedModel } from '../action-cache/uncached-model.js';
import {
  DEFAULT_LOG_ROOT,
  EventBus,
  FileLogSink,
  systemClock,
  type ChatModel,
  type ReplyCache,
  type Clock,
  type CommandDispatcher,
  type Interactor,
  type LogSink,
} from '@ufo-ts/core';
import { ResumableContext } from '../checkpoint/resumable-context.js';
import { SessionError } from '../errors.js';
import { FileActionJournal } from '../journal/action-journal.js';
import { JournalCursor } from '../journal/journal-cursor.js';
import { JournalingDispatcher } from '../journal/journaling-dispatcher.js';
import { JournalingModel } from '../journal/journaling-model.js';
import { AbortableModel } from '../runtime/abortable-model.js';
import { HeldLogSink } from '../runtime/held-log-sink.js';
import { countLogLines, rollBackLogs } from '../runtime/log-rollback.js';
import { ResumeInteractor } from '../runtime/resume-interactor.js';
import { modelFor, type SessionModelRole } from '../runtime/session-models.js';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import type { ManagedSessionOptions } from './managed-session-options.js';

/**
 * The pieces a session type needs before its agents exist (they are built before the base constructor runs):
 * the log sink, events, clock, the interactor (wrapped on resume), the hard-abort signal models honour, and the
 * restored context.
 */
export interface SessionRuntime {
  logSink: HeldLogSink;
  events: EventBus;
  clock: Clock;
  interactor: Interactor;
  /** Aborted by a forced cancel (second Ctrl+C): in-flight model calls stop. */
  hardAbort: AbortController;
  /** The restored context, on resume. */
  context: ResumableContext | undefined;
  /** The model of a role, wrapped so a forced cancel aborts it (and journaled, with a journal). */
  model(role: Exclude<SessionModelRole, 'BACKUP'>): ChatModel;
  /** The dispatcher the agents use: the session's, journaled when there is a journal. */
  dispatcher: CommandDispatcher;
  /** The session's position in its action journal, when it keeps one. */
  journal: JournalCursor | undefined;
  /** The action cache's model, once an acting agent asked for its model (see `ManagedSessionOptions.actionCache`). */
  cacheModel: CachedRunModel | UncachedModel | undefined;
}

/** Builds the {@link SessionRuntime} of a session from its options. */
export function prepareRuntime(options: ManagedSessionOptions): SessionRuntime {
  const hardAbort = new AbortController();
  const checkpoint = options.resume?.checkpoint;
  let logSink: LogSink;
  if (options.logSink) logSink = options.logSink;
  else if (checkpoint) {
    const folder = String(checkpoint.context.LOG_PATH ?? '');
    if (!folder) throw new SessionError('CHECKPOINT_NOT_RESUMABLE', 'The checkpoint has no LOG_PATH: pass a logSink to resume it');
    logSink = new FileLogSink({ logRoot: dirname(folder), task: basename(folder) });
  } else logSink = new FileLogSink({ logRoot: options.logRoot ?? DEFAULT_LOG_ROOT, task: options.task });
  let interactor = options.interactor;
  let context: ResumableContext | undefined;
  if (checkpoint) {
    const position = checkpoint.position;
    const pending = checkpoint.waitingFor;
    const held = checkpoint.agents.find((a) => a.name === position?.agent)?.pendingConfirmation?.actions.length;
    const pendingActions = pending?.kind === 'confirmation' ? pending.actions.length : held;
    interactor = new ResumeInteractor({
      inner: options.interactor,
      ...(position ? { pendingRequest: position.request } : {}),
      ...(options.resume?.decision ? { decision: options.resume.decision } : {}),
      ...(pendingActions ? { pendingActions } : {}),
    });
    context = new ResumableContext(checkpoint.context, position?.round, options.contextKeys ? { keys: options.contextKeys } : {});
  }
  const folder = logSink instanceof FileLogSink ? logSink.folder : undefined;
  let lines: { response: number; request: number } | undefined;
  if (checkpoint && folder) lines = checkpoint.logLines ? rollBackLogs(folder, checkpoint.logLines) : countLogLines(folder);
  const journal = openJournal(options, logSink.folder, checkpoint);
  const cached = options.actionCache;
  const cacheRoles: readonly string[] = cached?.roles ?? ['LINUX_AGENT', 'OPERATOR'];
  const runtime: SessionRuntime = {
    logSink: new HeldLogSink(logSink, lines ?? {}),
    events: options.events ?? new EventBus(),
    clock: options.clock ?? systemClock,
    interactor,
    hardAbort,
    context,
    model: (role) => {
      let model: ChatModel = new AbortableModel(modelFor(options.models, role), hardAbort.signal);
      if (cached && cacheRoles.includes(role)) {
        // one cache model for the session: its position in the cached run is the session's
        runtime.cacheModel ??= cached.cache.model(cached.lookup, model, { history: cacheHistory(journal, checkpoint) });
        model = runtime.cacheModel;
      }
      return journal ? new JournalingModel(model, journal) : model;
    },
    dispatcher: journal
      ? new JournalingDispatcher({
          inner: options.dispatcher,
          cursor: journal,
          interactor,
          ...(options.journal && options.journal.onUnknownOutcome ? { onUnknownOutcome: options.journal.onUnknownOutcome } : {}),
          ...(options.journal && options.journal.repeatable ? { repeatable: options.journal.repeatable } : {}),
        })
      : options.dispatcher,
    journal,
    cacheModel: undefined,
  };
  return runtime;
}

/** A resumed session: the cache annotations of the replies of the steps it does not run again. */
function cacheHistory(journal: JournalCursor | undefined, checkpoint: SessionCheckpoint | undefined): ReplyCache[] {
  if (!journal || checkpoint?.journalStep === undefined) return [];
  return journal.repliesBefore(checkpoint.journalStep).flatMap((reply) => (reply.cache ? [reply.cache] : []));
}

/** The session's journal cursor: the configured store, else `journal.jsonl` when checkpoints go to the folder. */
function openJournal(options: ManagedSessionOptions, folder: string | undefined, checkpoint: SessionCheckpoint | undefined): JournalCursor | undefined {
  if (options.journal === false) return undefined;
  const store = options.journal?.store ?? (folder && options.checkpoint !== false ? new FileActionJournal({ folder }) : undefined);
  if (!store) return undefined;
  const cursor = new JournalCursor(store);
  if (checkpoint?.journalStep !== undefined) cursor.resumeAt(checkpoint.journalStep);
  return cursor;
}
