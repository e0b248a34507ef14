import { FileLogSink, type ChatModel, type Clock, type CommandDispatcher, type EventBus, type LogSink } from '@ufo-ts/core';
import { DeferringInteractor, readCheckpoint, type ManagedSession, type ResumeDecision } from '@ufo-ts/sessions';
import { managedSessionForPlatform } from '../sessions/managed-session-for-platform.js';
import { claimTaskLogFolder } from '../sessions/task-log-folder.js';

/** Options of {@link createWaitingSession}. */
export interface WaitingSessionOptions {
  sessionId: string;
  taskName: string;
  request: string;
  /** `linux` runs a LinuxSession, `windows` the HostAgent stack. */
  platform: string;
  dispatcher: CommandDispatcher;
  model: ChatModel;
  logRoot: string;
  events: EventBus;
  clock?: Clock;
  maxSteps?: number;
  safeGuard?: boolean;
  /** Wraps the task's log sink (e.g. for a live event stream); it must keep the sink's `folder`. */
  wrapLogSink?: (sink: LogSink) => LogSink;
  /** Continue the checkpoint in the task's log folder with this decision (a session that waited). */
  resume?: ResumeDecision;
}

/**
 * A checkpointed session that stops when the agent needs a person: a held sensitive action (CONFIRM) or a
 * question (PENDING) ends `run()` with status `waiting` and a `checkpoint.json` in the task's log folder, from
 * which a later session (in this process or after a restart) continues with the person's decision.
 * @example
 * const outcome = await createWaitingSession({ sessionId, taskName, request, platform: 'linux', dispatcher, model, logRoot, events }).run();
 * if (outcome.status === 'waiting') console.log(outcome.waitingFor);
 */
export function createWaitingSession(options: WaitingSessionOptions): ManagedSession {
  const fileSink = new FileLogSink({ logRoot: options.logRoot, task: claimTaskLogFolder(options.logRoot, options.taskName, options.sessionId) });
  const checkpoint = options.resume ? readCheckpoint(fileSink.folder) : undefined;
  const logSink = options.wrapLogSink ? options.wrapLogSink(fileSink) : fileSink;
  const common = {
    task: options.taskName,
    id: options.sessionId,
    request: options.request,
    dispatcher: options.dispatcher,
    interactor: new DeferringInteractor(),
    logSink,
    events: options.events,
    evaluation: false as const,
    reports: false as const,
    platform: options.platform,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
    ...(options.safeGuard !== undefined ? { safeGuard: options.safeGuard } : {}),
    ...(checkpoint ? { resume: { checkpoint, decision: options.resume! } } : {}),
  };
  return managedSessionForPlatform(options.platform, common, options.model);
}
