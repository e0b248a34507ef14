/**
 * One task's lifecycle, shared by the single-node server and the cluster's workers: launch, park for a person,
 * resume, finish, the judge of a session's outcome and the session builder. The transport (a WebSocket connection
 * or a Redis route, a result store or a queue job) reaches it through {@link TaskLifecyclePort} and its extensions.
 *
 * @packageDocumentation
 */
export type { TaskLifecyclePort } from './lifecycle-port.js';
export { isWaiting, judgeTaskEnd, type TaskJudgement, type TaskStop, type WaitingOutcome } from './judge-task-end.js';
export { announceTaskStarted, runBudgetGuard, tellDeviceTaskStarts, type RunBudgetInput } from './task-launch.js';
export { parkTask, type ParkInput, type ParkPort } from './task-park.js';
export { announceResumed, logAnswer, type TakenAnswer } from './task-resume.js';
export { announceTaskEnded, finalRecordFor, finishTask, MAX_TASK_ERROR_CHARS, type FinishInput, type FinishPort, type TaskEnd } from './task-finish.js';
export { budgetSpentBy } from './run-budget.js';
export { buildTaskSession, type TaskSessionInput, type TaskSessionOptions } from './task-session.js';
