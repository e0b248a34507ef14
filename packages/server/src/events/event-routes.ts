import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isInsideFolder } from '@ufo-ts/core';
import type { Context, Hono } from 'hono';
import type { RemoteTaskFiles } from '../scale-out/scale-out.js';
import type { TaskBackend } from '../scale-out/task-backend.js';
import type { TaskRecord } from '../sessions/task-record.js';
import { parseEventId } from './event-id.js';
import type { EventHub } from './event-hub.js';
import { SseStream } from './sse-stream.js';
import type { OutboundBudget } from '../connections/outbound-budget.js';

/** How long a dropped subscriber has to take its last event before its connection is closed. */
const DROPPED_GRACE_MS = 10_000;

/** Options of {@link mountEventRoutes}. */
export interface EventRoutesOptions {
  hub: EventHub;
  tasks: TaskBackend;
  /** The id of the API key a request presented (undefined when the server has a single key). */
  viewerOf: (c: Context) => string | undefined;
  /** Whether the request's key is an admin key, which sees every key's tasks and events (default: none is). */
  seesAllOf?: (c: Context) => boolean;
  /** The id of the API key that owns a task (undefined: every key may see it). */
  audienceOf: (record: TaskRecord) => string | undefined;
  /** Unread bytes a subscriber may have queued before it is dropped (default 1 MiB). */
  maxQueuedBytes?: number;
  /** The server-wide ceiling on queued output (shared with device sockets); past it the slowest reader is dropped. */
  outbound?: OutboundBudget;
  /** The log folder of a task this node ran (in cluster mode the record may not name it). */
  localFolderOf?: (taskName: string) => string | undefined;
  /**
   * This node's log root: a record's `log_folder` outside it names another node's folder and is not read here
   * (default: any `log_folder` is read).
   */
  logRoot?: string;
  /** Fetches a screenshot this node does not hold from the node that wrote it (cluster mode). */
  taskFiles?: RemoteTaskFiles;
}

/**
 * The names a screenshot route serves: a plain file name (no separators, no leading dot) with an image extension.
 * Nodes answering another node's request for a task file check names against it too.
 * @example
 * ```ts
 * SCREENSHOT_FILE_PATTERN.test('step_1.png'); // true
 * SCREENSHOT_FILE_PATTERN.test('../secret.png'); // false
 * ```
 */
export const SCREENSHOT_FILE_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,200}\.(png|jpe?g|webp|gif)$/i;
const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * Mounts the live stream on an API app whose `/api/*` routes already require the API key:
 * `GET /api/events` (every event the key may see), `GET /api/tasks/{task_name}/events` (one task's events, its kept
 * events replayed first) and `GET /api/tasks/{task_name}/screenshots/{file}` (a screenshot a `screenshot` event
 * names). Both streams honour `Last-Event-ID`.
 */
export function mountEventRoutes(app: Hono, options: EventRoutesOptions): void {
  const maxQueuedBytes = options.maxQueuedBytes ?? 1024 * 1024;
  const visibleTask = async (c: Context): Promise<TaskRecord | undefined> => {
    const record = await options.tasks.findTask({ taskName: c.req.param('task_name') ?? '' });
    if (!record) return undefined;
    const audience = options.audienceOf(record);
    return audience === undefined || audience === options.viewerOf(c) || options.seesAllOf?.(c) === true ? record : undefined;
  };
  const stream = (c: Context, taskName: string | undefined): Response => {
    const lastEventId = c.req.header('last-event-id')?.trim() || undefined;
    if (lastEventId !== undefined && !parseEventId(lastEventId)) {
      return c.json({ code: 'BODY_INVALID', error: 'Last-Event-ID must be an id this stream sent (<ms>-<seq>)' }, 400);
    }
    let unsubscribe: () => void = () => {};
    const node = nodeResponseOf(c);
    const sse = new SseStream({
      maxQueuedBytes,
      clock: options.hub.clock,
      ...(options.outbound ? { budget: options.outbound } : {}),
      label: `event subscriber ${node?.socket?.remoteAddress ?? ''}:${node?.socket?.remotePort ?? ''}`,
      onClose: () => unsubscribe(),
      // a subscriber that does not read will not take its last event either: its connection is closed after a grace
      onDropped: () => {
        if (node) setTimeout(() => node.writableEnded || node.destroy(), DROPPED_GRACE_MS).unref();
      },
    });
    unsubscribe = options.hub.subscribe({
      ...(taskName !== undefined ? { taskName } : {}),
      viewer: options.viewerOf(c),
      seesAll: options.seesAllOf?.(c) === true,
      ...(lastEventId !== undefined ? { lastEventId } : {}),
      deliver: (record) => sse.send(record),
      heartbeat: () => sse.heartbeat(),
      end: (reason) => sse.drop(reason),
    });
    if (sse.closed) unsubscribe();
    c.req.raw.signal.addEventListener('abort', () => sse.drop('the client left'), { once: true });
    if (c.req.raw.signal.aborted) sse.drop('the client left');
    return new Response(sse.body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      },
    });
  };

  app.get('/api/events', (c) => stream(c, undefined));

  app.get('/api/tasks/:task_name/events', async (c) => {
    const record = await visibleTask(c);
    if (!record) return c.json({ code: 'TASK_NOT_FOUND', error: `no task named "${c.req.param('task_name')}"` }, 404);
    return stream(c, record.task_name);
  });

  app.get('/api/tasks/:task_name/screenshots/:file', async (c) => {
    const file = c.req.param('file');
    const record = await visibleTask(c);
    if (!record) return c.json({ code: 'TASK_NOT_FOUND', error: `no task named "${c.req.param('task_name')}"` }, 404);
    const missing = (where: string) => c.json({ code: 'NOT_FOUND', error: `no screenshot "${file}" in task "${record.task_name}" ${where}` }, 404);
    if (!SCREENSHOT_FILE_PATTERN.test(file)) return missing('(not a screenshot file name)');
    const folder = options.localFolderOf?.(record.task_name) ?? ownFolder(record.log_folder, options.logRoot);
    let bytes: Buffer | undefined = folder ? await readFile(join(folder, file)).catch(() => undefined) : undefined;
    if (!bytes && options.taskFiles) {
      bytes = await options.taskFiles.fetch(record, file, c.req.raw.signal).catch(() => undefined);
      if (!bytes) return missing('on this node nor on the nodes that ran it (they do not have it or did not answer in time)');
    }
    if (!bytes) return missing('on this node');
    const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': MEDIA_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
  });
}

/** A record's log folder when it lies inside this node's log root (any folder when no root is given). */
function ownFolder(folder: string | undefined, logRoot: string | undefined): string | undefined {
  if (folder === undefined || logRoot === undefined) return folder;
  return isInsideFolder(logRoot, folder) ? folder : undefined;
}

/** The Node.js response under a request served by `@hono/node-server` (its `outgoing` binding), when there is one. */
function nodeResponseOf(c: Context): { socket: { remoteAddress?: string; remotePort?: number } | null; writableEnded: boolean; destroy(): void } | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return typeof outgoing === 'object' && outgoing !== null && 'destroy' in outgoing ? (outgoing as ReturnType<typeof nodeResponseOf>) : undefined;
}
