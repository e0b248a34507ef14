import { join } from 'node:path';
import { errorMessage, type Clock } from '@ufo-ts/core';
import { taskOwnerKey } from '../auth/api-key-ids.js';
import { DEFAULT_MAX_ANSWER_BYTES, type HumanDecision } from '../hitl/hitl-schemas.js';
import { FileWaitingStore } from '../hitl/waiting-store.js';
import { WaitingTasks } from '../hitl/waiting-tasks.js';
import type { SessionManagerOptions } from './session-manager-options.js';

/** How a session manager answers a waiting task whose deadline passed (or whose answer was taken before a restart). */
export type TimeoutAnswer = (input: {
  taskName: string;
  pendingId: string;
  keyId: string;
  decision: HumanDecision;
  by: 'person' | 'timeout';
  answered: boolean;
}) => Promise<unknown>;

/**
 * The waiting tasks of a session manager: kept in its `waitingStore` (default: JSON files in `<logRoot>/.waiting`),
 * their deadlines on its clock, each timeout answered through `answer` in the name of the task's owner key (a failed
 * one is reported as the protocol error `APPROVAL_TIMEOUT_DEFERRED` and tried again).
 */
export function managerWaitingTasks(options: SessionManagerOptions, clock: Clock, answer: TimeoutAnswer): WaitingTasks {
  return new WaitingTasks({
    store: options.waitingStore ?? new FileWaitingStore(join(options.logRoot, '.waiting')),
    clock,
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    onTimeout: async (entry, decision, answered) => {
      const by = answered ? entry.answered!.by : 'timeout';
      await answer({
        taskName: entry.record.task_name,
        pendingId: entry.record.waiting!.pending_id,
        keyId: taskOwnerKey(entry.record),
        decision,
        by,
        answered,
      });
    },
    onTimeoutError: (entry, error) =>
      options.emit({
        type: 'protocol-error',
        clientId: entry.record.client_id,
        code: 'APPROVAL_TIMEOUT_DEFERRED',
        error: `the default decision of task "${entry.record.task_name}" waits: ${errorMessage(error)}`,
      }),
  });
}
