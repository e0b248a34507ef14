import type { DeviceInfo } from '@ufo-ts/aip';
import type { BudgetLimits } from '../budgets/budget-schemas.js';
import type { ApprovalPolicyInput } from '../hitl/hitl-schemas.js';
import type { TaskRecord } from '../sessions/task-record.js';

/** One online device as `GET /api/clients` lists it. */
export interface ClientSummary {
  client_id: string;
  client_type: string;
  platform: string;
  /** When the device registered (ISO time). */
  connected_at: string;
  /** When it was last heard from (ISO time). */
  last_seen: string;
  /** True while a task runs on it. */
  busy: boolean;
  task_name?: string;
  session_id?: string;
  device_info: DeviceInfo | undefined;
  /** The server node holding its connection (cluster mode only). */
  node?: string;
}

/** What starting a task needs (from `POST /api/dispatch` or a device's own TASK message). */
export interface StartTaskRequest {
  /** The device to run the task on. */
  clientId: string;
  /** The user request. */
  request: string;
  /** Name to fetch the result by (default: generated). */
  taskName?: string;
  /** Session id (default: a random UUID). */
  sessionId?: string;
  /** `api` or `device:<client id>`. */
  owner: string;
  /** Id of the API key that starts it (default `default`). */
  ownerKey?: string;
  /** What the task does when the agent needs a person. */
  approval?: ApprovalPolicyInput;
  /** Limits of this task (they can only lower the server's). */
  budget?: BudgetLimits;
}

/** Which task a lookup or a cancel is about: by name or by session id. */
export type TaskRef = { taskName: string } | { sessionId: string };

/**
 * Where tasks run and devices are listed: the port the HTTP API and the device message router call. The default
 * (single process) keeps everything in this process; cluster mode (`@ufo-ts/cluster`) puts tasks on a queue and
 * presence in Redis, so every node answers the same.
 */
export interface TaskBackend {
  /** Every online device (on every node in cluster mode). */
  listClients(): Promise<ClientSummary[]>;
  /** Counts for `GET /api/health`. */
  health(): Promise<{ onlineClients: number; runningTasks: number }>;
  /**
   * Starts (or enqueues) a task and returns its record (status `running`).
   * @throws ServerError subclasses (DEVICE_NOT_FOUND, DEVICE_BUSY, TASK_NAME_IN_USE, ...).
   */
  startTask(request: StartTaskRequest): Promise<TaskRecord>;
  /** The record of a task (running or kept after it ended), or undefined. */
  findTask(ref: TaskRef): Promise<TaskRecord | undefined>;
  /** Asks a running task to stop; resolves with true when a running task was found. */
  cancelTask(sessionId: string, reason: string): Promise<boolean>;
}
