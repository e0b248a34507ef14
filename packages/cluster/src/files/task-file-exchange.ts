import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '@ufo-ts/core';
import { SCREENSHOT_FILE_PATTERN, type RemoteTaskFiles, type TaskRecord } from '@ufo-ts/server';
import type { ClusterKeys } from '../keys.js';
import { parseJson, TaskFileMessageSchema, type ClusterTaskRecord, type TaskFileMessage } from '../messages.js';
import type { MessageBus } from '../redis/message-bus.js';
import { readOwnTaskFile } from './task-file-reader.js';

type Answer = Extract<TaskFileMessage, { kind: 'file-found' | 'file-missing' }>;

/** Options of {@link TaskFileExchange}. */
export interface TaskFileExchangeOptions {
  nodeId: string;
  keys: ClusterKeys;
  bus: MessageBus;
  /** This node's log root: the only place answers are read from. */
  logRoot: string;
  /** The task's record as the cluster knows it (its `attempts` say whether this node ran it). */
  findTask(taskName: string): Promise<ClusterTaskRecord | undefined>;
  /** How long one fetch waits for the nodes that ran the task, in ms (default 2 000). */
  timeoutMs?: number;
  /** The time a fetch's deadline is measured on (default `systemClock`). */
  clock?: Clock;
  /** Largest file sent or accepted, in bytes (default 4 MiB; screenshots are typically 50-500 KB). */
  maxBytes?: number;
  /** An answer could not be sent or read (a malformed message is reported by the bus itself). */
  onError?(error: unknown): void;
  /** This node answered a request (with the file, or why not). */
  onAnswered?(answer: { to: string; taskName: string; file: string; sent: boolean; bytes?: number; reason?: string }): void;
}

/**
 * Serves task files between nodes over each node's sharded task-files channel. As {@link RemoteTaskFiles} it asks
 * the nodes that ran a task (newest attempt first; a node not subscribed any more is skipped at once) and resolves
 * with the first copy, or undefined once every node said no or the timeout passed. As the answering side it reads
 * only screenshot-named files of the task's own log folder under this node's log root, and only for tasks this
 * node ran.
 * @example
 * ```ts
 * const files = new TaskFileExchange({ nodeId, keys, bus, logRoot, findTask: (name) => backend.findTask({ taskName: name }) });
 * await files.start();
 * const bytes = await files.fetch(record, 'step_1.png');
 * ```
 */
export class TaskFileExchange implements RemoteTaskFiles {
  private readonly waiting = new Map<string, (answer: Answer) => void>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(private readonly options: TaskFileExchangeOptions) {
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  }

  /** Subscribes to this node's task-files channel (requests and the answers to its own requests). */
  async start(): Promise<void> {
    const { bus, keys, nodeId } = this.options;
    await bus.subscribe(keys.taskFilesChannel(nodeId), (text) => {
      const message = parseJson(TaskFileMessageSchema, text, 'a task-file message');
      if (message.kind === 'file-request') void this.answer(message).catch((error: unknown) => this.options.onError?.(error));
      else this.waiting.get(message.requestId)?.(message);
    });
  }

  /** Leaves the channel (fetches in flight end at their timeout). */
  async stop(): Promise<void> {
    await this.options.bus.unsubscribe(this.options.keys.taskFilesChannel(this.options.nodeId));
  }

  async fetch(record: TaskRecord, file: string, signal?: AbortSignal): Promise<Buffer | undefined> {
    if (!SCREENSHOT_FILE_PATTERN.test(file)) return undefined;
    const attempts = (record as ClusterTaskRecord).attempts ?? [];
    const nodes = [...new Set(attempts.map((a) => a.node).reverse())].filter((node) => node !== this.options.nodeId);
    const clock = this.options.clock ?? systemClock;
    const deadline = clock.monotonic() + this.timeoutMs;
    for (const node of nodes) {
      const remaining = deadline - clock.monotonic();
      if (remaining <= 0 || signal?.aborted) return undefined;
      const answer = await this.ask(node, record, file, remaining, signal);
      if (answer === 'timeout') return undefined;
      if (answer?.kind === 'file-found') {
        const bytes = Buffer.from(answer.base64, 'base64');
        if (bytes.length <= this.maxBytes) return bytes;
      }
    }
    return undefined;
  }

  /** Sends one request; resolves with the answer, undefined when nobody listens, or `timeout`. */
  private async ask(node: string, record: TaskRecord, file: string, waitMs: number, signal?: AbortSignal): Promise<Answer | 'timeout' | undefined> {
    const { bus, keys, nodeId } = this.options;
    const requestId = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    let onAbort = () => {};
    const answered = new Promise<Answer | 'timeout'>((resolve) => {
      this.waiting.set(requestId, resolve);
      timer = setTimeout(() => resolve('timeout'), waitMs);
      onAbort = () => resolve('timeout');
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const request: TaskFileMessage = { kind: 'file-request', requestId, from: nodeId, taskName: record.task_name, sessionId: record.session_id, file };
      const receivers = await bus.publish(keys.taskFilesChannel(node), JSON.stringify(request));
      return receivers === 0 ? undefined : await answered;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      this.waiting.delete(requestId);
    }
  }

  private async answer(request: Extract<TaskFileMessage, { kind: 'file-request' }>): Promise<void> {
    const { bus, keys, nodeId, logRoot } = this.options;
    const missing = (reason: string): Answer => ({ kind: 'file-missing', requestId: request.requestId, via: nodeId, reason });
    const record = await this.options.findTask(request.taskName);
    const ranHere = record?.session_id === request.sessionId && (record.attempts ?? []).some((a) => a.node === nodeId);
    let reply: Answer;
    let sentBytes = 0;
    if (!ranHere) reply = missing('not a task this node ran');
    else {
      const outcome = await readOwnTaskFile({ logRoot, taskName: request.taskName, sessionId: request.sessionId, file: request.file, maxBytes: this.maxBytes });
      if (outcome.found) sentBytes = outcome.bytes.length;
      reply = outcome.found
        ? { kind: 'file-found', requestId: request.requestId, via: nodeId, base64: outcome.bytes.toString('base64') }
        : missing(outcome.reason);
    }
    await bus.publish(keys.taskFilesChannel(request.from), JSON.stringify(reply));
    const base = { to: request.from, taskName: request.taskName, file: request.file };
    this.options.onAnswered?.(reply.kind === 'file-found' ? { ...base, sent: true, bytes: sentBytes } : { ...base, sent: false, reason: reply.reason });
  }
}
