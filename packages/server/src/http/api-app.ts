import { AIP_PROTOCOL_VERSION } from '@ufo-ts/aip';
import type { Clock } from '@ufo-ts/core';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { presentedApiKey } from '../auth/api-key.js';
import { apiKeyIdOf, apiKeyRoleOf, taskOwnerKey, type ApiKeyEntry } from '../auth/api-key-ids.js';
import { mountTaskRoutes, type TaskDesk } from '../hitl/task-routes.js';
import { isHostAllowed } from '../auth/host-policy.js';
import { isOriginAllowed } from '../auth/origin-policy.js';
import { ServerError, TaskNotFoundError } from '../errors.js';
import type { TaskBackend } from '../scale-out/task-backend.js';
import type { RemoteTaskFiles } from '../scale-out/scale-out.js';
import { ClientIdSchema } from '@ufo-ts/aip';
import type { DeviceCredentialStore } from '../auth/device-credentials.js';
import type { OutboundBudget } from '../connections/outbound-budget.js';
import { CancelRequestSchema, DispatchRequestSchema } from './api-schemas.js';
import { mountEventRoutes } from '../events/event-routes.js';
import type { ServerEventStream } from '../events/server-event-stream.js';
import { requestViewer, taskAudience } from '../events/task-audience.js';
import { mountConsoleRoutes } from '../console/console-routes.js';

/** Options of {@link createApiApp}. */
export interface ApiAppOptions {
  apiKey: string;
  allowedOrigins: readonly string[];
  /** Host names accepted besides IP literals and `localhost` (see `isHostAllowed`). */
  allowedHosts?: readonly string[];
  /** The port the server listens on, once known: local Origins must use it. */
  serverPort?: () => number | undefined;
  /** Where tasks run and devices are listed (this process, or the cluster). */
  tasks: TaskBackend;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Server start time (ms, on `clock`), for `uptime_s`. */
  startedAt: number;
  /** The time `uptime_s` is measured on. */
  clock: Clock;
  /** Per-device credentials, issued and revoked under `/api/devices/{client_id}/credential`. */
  credentials: DeviceCredentialStore;
  /** Called after a credential is revoked (e.g. to disconnect the device). */
  onCredentialRevoked?: (clientId: string) => void;
  /**
   * More API keys besides `apiKey` (whose id is `default`, role `admin`): each key answers and cancels only its own
   * tasks; `task` keys (the default) see only their own, `admin` keys see every key's tasks and events and alone
   * manage devices (`/api/devices/...`, else 403 `ROLE_FORBIDDEN`).
   */
  apiKeys?: readonly ApiKeyEntry[];
  /** Waiting tasks and their answers at `/api/tasks` (absent: no task routes, e.g. in cluster mode). */
  desk?: TaskDesk;
  /** The live event stream served at `/api/events` and `/api/tasks/{task_name}/events` (absent: no stream routes). */
  events?: ServerEventStream;
  /** Unread bytes an event subscriber may have queued before it is dropped (default 1 MiB). */
  maxQueuedBytes?: number;
  /** The server-wide ceiling on queued output that event subscribers share with device sockets. */
  outbound?: OutboundBudget;
  /** Where the screenshot route reads task files: this node's log root, and the other nodes' files (cluster mode). */
  taskFiles?: { logRoot?: string; remote?: RemoteTaskFiles };
  /** Serve the web console at `/console/` (default false). */
  console?: boolean;
}

/**
 * The HTTP API (hono): `GET /api/health` (no key needed), and with the `X-API-Key` header: `GET /api/clients`,
 * `POST /api/dispatch`, `GET /api/task_result/{task_name}`, `POST /api/cancel`, `POST /api/devices/{client_id}/credential`
 * (issues a device's credential, shown once), `DELETE /api/devices/{client_id}/credential` (revokes it; both take an
 * admin key). Errors are JSON
 * `{ code, error }` with a 4xx/5xx status.
 */
export function createApiApp(options: ApiAppOptions): Hono {
  const app = new Hono();
  const { tasks } = options;

  app.use('*', async (c, next) => {
    if (!isHostAllowed(c.req.header('host'), options.allowedHosts ?? [])) {
      return c.json({ code: 'HOST_FORBIDDEN', error: `host ${c.req.header('host')} is not this server's (allowedHosts)` }, 403);
    }
    if (!isOriginAllowed(c.req.header('origin'), options.allowedOrigins, options.serverPort?.())) {
      return c.json({ code: 'ORIGIN_FORBIDDEN', error: `origin ${c.req.header('origin')} is not allowed` }, 403);
    }
    await next();
  });
  app.use('/api/*', async (c, next) => {
    if (c.req.path === '/api/health') return next();
    const keyId = apiKeyIdOf(presentedApiKey(c.req.raw.headers), options.apiKey, options.apiKeys);
    if (keyId === undefined) {
      return c.json({ code: 'UNAUTHORIZED', error: 'missing or wrong API key (X-API-Key header)' }, 401);
    }
    c.set('apiKeyId' as never, keyId as never);
    await next();
  });
  // managing devices (issuing and revoking their credentials) takes an admin key: a task key could otherwise lock
  // out a device that other keys' tasks use
  const isAdmin = (c: Context) => apiKeyRoleOf(keyIdOfContext(c), options.apiKeys) === 'admin';
  app.use('/api/devices/*', async (c, next) => {
    const keyId = keyIdOfContext(c);
    if (!isAdmin(c)) {
      return c.json(
        { code: 'ROLE_FORBIDDEN', error: `the API key "${keyId}" has the role "task": managing devices and their credentials takes an admin key` },
        403,
      );
    }
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: options.maxBodyBytes ?? 1024 * 1024,
    onError: (c) => c.json({ code: 'BODY_TOO_LARGE', error: 'request body too large' }, 413),
  });
  // only POST routes read a body (the limit cannot wrap a bodiless DELETE under the node adapter)
  app.use('/api/*', (c, next) => (c.req.method === 'POST' ? limitBody(c, next) : next()));

  app.get('/api/health', async (c) => {
    const counts = await tasks.health();
    return c.json({
      status: 'healthy',
      protocol_version: AIP_PROTOCOL_VERSION,
      online_clients: counts.onlineClients,
      running_tasks: counts.runningTasks,
      uptime_s: Math.round((options.clock.now() - options.startedAt) / 1000),
    });
  });

  app.get('/api/clients', async (c) => {
    const clients = await tasks.listClients();
    return c.json({ online_clients: clients.map((client) => client.client_id), clients });
  });

  app.post('/api/dispatch', async (c) => {
    const body = await readBody(c, DispatchRequestSchema);
    if (!body.ok) return body.response;
    const record = await tasks.startTask({
      clientId: body.value.client_id,
      request: body.value.request,
      owner: 'api',
      ownerKey: keyIdOfContext(c),
      ...(body.value.approval !== undefined ? { approval: body.value.approval } : {}),
      ...(body.value.budget !== undefined ? { budget: body.value.budget } : {}),
      ...(body.value.task_name !== undefined ? { taskName: body.value.task_name } : {}),
      ...(body.value.session_id !== undefined ? { sessionId: body.value.session_id } : {}),
    });
    return c.json({ status: 'dispatched', task_name: record.task_name, client_id: record.client_id, session_id: record.session_id });
  });

  app.get('/api/task_result/:task_name', async (c) => {
    const taskName = c.req.param('task_name');
    const record = await tasks.findTask({ taskName });
    if (!record || !(ownedBy(record, keyIdOfContext(c)) || isAdmin(c))) throw new TaskNotFoundError(`named "${taskName}"`);
    return c.json(record);
  });

  app.post('/api/cancel', async (c) => {
    const body = await readBody(c, CancelRequestSchema);
    if (!body.ok) return body.response;
    const ref = body.value.session_id !== undefined ? { sessionId: body.value.session_id } : { taskName: body.value.task_name! };
    const record = await tasks.findTask(ref);
    if (!record || !ownedBy(record, keyIdOfContext(c)))
      throw new TaskNotFoundError(body.value.session_id !== undefined ? `with session "${body.value.session_id}"` : `named "${body.value.task_name}"`);
    if (record.status !== 'running' && record.status !== 'waiting') {
      return c.json({ code: 'TASK_FINISHED', error: `task "${record.task_name}" already ended (${record.status})`, task: record }, 409);
    }
    if (!(await tasks.cancelTask(record.session_id, body.value.reason ?? 'cancelled over the HTTP API'))) {
      // it ended (or was answered and resumed elsewhere) between the look-up and the cancel: nothing was cancelled
      const now = (await tasks.findTask(ref)) ?? record;
      return c.json({ code: 'TASK_FINISHED', error: `task "${record.task_name}" could not be cancelled (it is ${now.status})`, task: now }, 409);
    }
    return c.json({ status: 'cancelling', task_name: record.task_name, session_id: record.session_id }, 202);
  });

  app.post('/api/devices/:client_id/credential', async (c) => {
    const clientId = ClientIdSchema.safeParse(c.req.param('client_id'));
    if (!clientId.success) return c.json({ code: 'BODY_INVALID', error: 'client_id: a client id is 1-128 letters, digits or . _ : @ - characters' }, 400);
    const credential = await options.credentials.issue(clientId.data);
    return c.json({ client_id: clientId.data, credential }, 201);
  });

  app.delete('/api/devices/:client_id/credential', async (c) => {
    const clientId = c.req.param('client_id');
    const revoked = await options.credentials.revoke(clientId);
    if (revoked) options.onCredentialRevoked?.(clientId);
    return c.json({ client_id: clientId, revoked });
  });

  if (options.events)
    mountEventRoutes(app, {
      hub: options.events.hub,
      localFolderOf: (name) => options.events?.folderOf(name),
      ...(options.taskFiles?.logRoot !== undefined ? { logRoot: options.taskFiles.logRoot } : {}),
      ...(options.taskFiles?.remote ? { taskFiles: options.taskFiles.remote } : {}),
      tasks,
      viewerOf: (c) => requestViewer(c.var as Record<string, unknown>),
      seesAllOf: isAdmin,
      audienceOf: taskAudience,
      ...(options.maxQueuedBytes !== undefined ? { maxQueuedBytes: options.maxQueuedBytes } : {}),
      ...(options.outbound ? { outbound: options.outbound } : {}),
    });
  if (options.console) mountConsoleRoutes(app);

  if (options.desk) mountTaskRoutes(app, { desk: options.desk, keyIdOf: keyIdOfContext, seesAllOf: isAdmin });

  app.notFound((c) => c.json({ code: 'NOT_FOUND', error: `no route ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof ServerError) return c.json({ code: error.code, error: error.message }, error.httpStatus);
    return c.json({ code: 'INTERNAL_ERROR', error: 'the server failed to handle the request' }, 500);
  });
  return app;
}

/** The id of the API key the request was authenticated with (`default`: the server's own key). */
function keyIdOfContext(c: Context): string {
  const id = (c.var as Record<string, unknown>)['apiKeyId'];
  return typeof id === 'string' ? id : 'default';
}

/** Whether a task belongs to a key (tasks without an owner key belong to the server's own key). */
function ownedBy(record: { owner_key?: string | undefined }, keyId: string): boolean {
  return taskOwnerKey(record) === keyId;
}

async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: c.json({ code: 'BODY_INVALID', error: 'the body must be JSON' }, 400) };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    return { ok: false, response: c.json({ code: 'BODY_INVALID', error: issues.join('; ') }, 400) };
  }
  return { ok: true, value: parsed.data };
}
