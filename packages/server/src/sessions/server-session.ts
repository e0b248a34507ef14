import type { WebSocketCommandDispatcher } from '@ufo-ts/aip';
import { EventBus, type LogSink, type Session } from '@ufo-ts/core';
import type { ResumeDecision } from '@ufo-ts/sessions';
import type { BudgetGuard } from '../budgets/budget-guard.js';
import type { ApprovalPolicy } from '../hitl/hitl-schemas.js';
import { buildTaskSession, followRun } from '../lifecycle/task-session.js';
import type { SessionManagerOptions, TaskContext } from './session-manager-options.js';
import type { TaskRecord } from './task-record.js';

/** What building the session of one run of a server task needs. */
export interface ServerSessionInput {
  context: TaskContext;
  record: TaskRecord;
  /** The device's dispatcher, bound to this session. */
  remote: WebSocketCommandDispatcher;
  guard: BudgetGuard;
  policy: ApprovalPolicy;
  /** The person's decision, when the session continues after waiting. */
  resume: ResumeDecision | undefined;
  /** Told how to end the run's instrumentation, once it is instrumented. */
  onInstrumented: (detach: () => void) => void;
}

/**
 * The session of one run of a server task: the manager's `createSession` when it has one, else the lifecycle's
 * session of the task's approval mode (see `buildTaskSession`) thinking with `createModel`'s model.
 */
export async function buildServerSession(options: SessionManagerOptions, input: ServerSessionInput): Promise<Session> {
  const { context, remote, guard } = input;
  const events = new EventBus();
  const wrapLogSink = (sink: LogSink): LogSink => options.wrapLogSink?.(sink, context) ?? sink;
  if (options.createSession) {
    followRun(events, context.taskName, guard, options.emit);
    return options.createSession({ ...context, dispatcher: remote, logRoot: options.logRoot, events, wrapLogSink });
  }
  const { sessionId, taskName, clientId, platform } = context;
  const instruments = options.instrument?.(events, { sessionId, taskName, clientId, platform });
  if (instruments) input.onInstrumented(once(() => instruments.detach()));
  const model = await options.createModel!(context);
  return buildTaskSession({
    record: input.record,
    platform,
    model,
    dispatcher: remote,
    wrapGuarded: instruments && ((dispatcher) => instruments.dispatcher(dispatcher)),
    policy: input.policy,
    decision: input.resume,
    logRoot: options.logRoot,
    events,
    wrapLogSink,
    guard,
    instruments,
    emit: options.emit,
    options: { ...options.session, actionPolicy: options.actionPolicy },
    // a single server continues only the sessions that waited for a person: the others keep no checkpoint
    ...(input.policy.mode === 'wait' || input.resume ? {} : { persistence: { checkpoint: false } }),
  }).session;
}

/** A function that runs its body the first time it is called only. */
function once(body: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    body();
  };
}
