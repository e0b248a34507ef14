import { randomUUID } from 'node:crypto';
import { systemClock, timestampTaskName, type Clock } from '@ufo-ts/core';
import {
  DeviceBusyError,
  DeviceNotFoundError,
  SessionIdInUseError,
  TaskAnsweredFirstError,
  TaskNameInUseError,
  type ClientSummary,
  type StartTaskRequest,
  type TaskBackend,
  type TaskRecord,
  type TaskRef,
} from '@ufo-ts/server';
import { agentKindForPlatform, taskPolicyOf, type TaskPolicyDefaults } from '@ufo-ts/server/internal';
import type { Queue } from 'bullmq';
import type { RedisClient } from '../redis/redis-connections.js';
import { jobIdFor, type ClusterKeys } from '../keys.js';
import { CancelBroadcastSchema, type CancelBroadcast, type ClusterTaskRecord, type SessionJobData } from '../messages.js';
import { recordOf } from './job-record.js';
import { recordCancel } from './waiting-jobs.js';
import type { DevicePresence } from '../presence/device-presence.js';
import type { MessageBus } from '../redis/message-bus.js';

/** Options of {@link ClusterTaskBackend}. */
export interface ClusterTaskBackendOptions {
  queue: Queue<SessionJobData, ClusterTaskRecord>;
  redis: RedisClient;
  keys: ClusterKeys;
  presence: DevicePresence;
  bus: MessageBus;
  /** Sessions running on this node (for health). */
  runningHere: () => number;
  /** How long a device stays marked busy at most if its session's end is never recorded, in ms (default 6 h). */
  busyTtlMs?: number;
  /** How long finished results are kept, in s (default 3 600), and how many (default 1 000). */
  keepResults?: { ageS?: number; count?: number };
  /** The server's default approval policy and budgets, which each task's record carries (with its owner key). */
  policy: TaskPolicyDefaults;
  /** Told about each task once it is in the queue (the server's live stream shows it as `task-queued`). */
  onQueued?: (record: TaskRecord) => void;
  /** The time task records are created (and failed jobs ended) at (default `systemClock`). */
  clock?: Clock;
}

/**
 * The cluster's {@link TaskBackend}: `POST /api/dispatch` on any node enqueues the session as a BullMQ job (any
 * node's worker runs it), results are read from the job, devices are listed from their presence leases, and a
 * cancel is broadcast to every node (and remembered for a worker that has not started the session yet).
 */
export class ClusterTaskBackend implements TaskBackend {
  constructor(private readonly options: ClusterTaskBackendOptions) {}

  async listClients(): Promise<ClientSummary[]> {
    const { presence, redis, keys } = this.options;
    const devices = await presence.list();
    if (devices.length === 0) return [];
    const busy = await redis.mget(devices.map((d) => keys.busy(d.clientId)));
    return devices.map(({ clientId, lease, renewedAt }, index) => {
      const task = busy[index];
      return {
        client_id: clientId,
        client_type: lease.clientType,
        platform: lease.platform,
        connected_at: lease.connectedAt,
        // the holding node renews the lease while the device is connected and alive
        last_seen: new Date(renewedAt).toISOString(),
        busy: task !== null && task !== undefined,
        ...(task ? { task_name: task } : {}),
        device_info: lease.deviceInfo as ClientSummary['device_info'],
        node: lease.nodeId,
      };
    });
  }

  async health(): Promise<{ onlineClients: number; runningTasks: number }> {
    const devices = await this.options.presence.list();
    return { onlineClients: devices.length, runningTasks: this.options.runningHere() };
  }

  async startTask(request: StartTaskRequest): Promise<TaskRecord> {
    const { presence, redis, keys, queue } = this.options;
    const lease = await presence.lookup(request.clientId);
    if (!lease) throw new DeviceNotFoundError(request.clientId);
    agentKindForPlatform(lease.platform);
    const sessionId = request.sessionId ?? randomUUID();
    const taskName = request.taskName ?? `${timestampTaskName()}-${sessionId.slice(0, 8)}`;
    const existing = await queue.getJob(jobIdFor(taskName));
    if (existing) {
      const state = await existing.getState();
      const owner = (existing.data as SessionJobData | undefined)?.record.owner;
      if ((state !== 'completed' && state !== 'failed') || owner !== request.owner) throw new TaskNameInUseError(taskName);
      await existing.remove();
    }
    const ttl = this.options.busyTtlMs ?? 6 * 60 * 60 * 1_000;
    if ((await redis.set(keys.busy(request.clientId), taskName, 'PX', ttl, 'NX')) === null) {
      throw new DeviceBusyError(request.clientId, (await redis.get(keys.busy(request.clientId))) ?? 'another task');
    }
    if ((await redis.set(keys.session(sessionId), taskName, 'PX', ttl, 'NX')) === null) {
      await redis.del(keys.busy(request.clientId));
      throw new SessionIdInUseError(sessionId);
    }
    const record: TaskRecord = {
      task_name: taskName,
      session_id: sessionId,
      client_id: request.clientId,
      owner: request.owner,
      request: request.request,
      status: 'running',
      created_at: new Date((this.options.clock ?? systemClock).now()).toISOString(),
      ...taskPolicyOf(request, this.options.policy),
    };
    const keep = this.options.keepResults ?? {};
    await queue.add(
      'session',
      { record, platform: lease.platform, attempts: [] },
      {
        jobId: jobIdFor(taskName),
        removeOnComplete: { age: keep.ageS ?? 3_600, count: keep.count ?? 1_000 },
        removeOnFail: { age: keep.ageS ?? 3_600, count: keep.count ?? 1_000 },
      },
    );
    this.options.onQueued?.(record);
    return record;
  }

  async findTask(ref: TaskRef): Promise<ClusterTaskRecord | undefined> {
    const { queue, redis, keys } = this.options;
    const taskName = 'taskName' in ref ? ref.taskName : await redis.get(keys.session(ref.sessionId));
    if (taskName === null) return undefined;
    const job = await queue.getJob(jobIdFor(taskName));
    if (!job) return undefined;
    const record = await recordOf(job, undefined, this.options.clock);
    if ('sessionId' in ref && record?.session_id !== ref.sessionId) return undefined;
    return record;
  }

  /**
   * Cancels a running task (every node is told) or a waiting one (its delayed job wakes and ends `cancelled`).
   * @throws TaskAnsweredFirstError when the task waits and an answer was taken for it first.
   */
  async cancelTask(sessionId: string, reason: string): Promise<boolean> {
    const { redis, keys, bus, queue } = this.options;
    const record = await this.findTask({ sessionId });
    if (!record || (record.status !== 'running' && record.status !== 'waiting')) return false;
    // a waiting task whose answer was taken first resumes: the cancel is refused (one script orders the two)
    if (!(await recordCancel(redis, keys, record, reason, 24 * 60 * 60 * 1_000))) throw new TaskAnsweredFirstError(record.task_name);
    if (record.status === 'waiting') {
      // a job that woke meanwhile reads the cancel key before it resumes
      await (await queue.getJob(jobIdFor(record.task_name)))?.promote().catch(() => undefined);
      return true;
    }
    const message: CancelBroadcast = CancelBroadcastSchema.parse({ sessionId, reason });
    await bus.broadcast(keys.cancelChannel, JSON.stringify(message));
    return true;
  }
}
