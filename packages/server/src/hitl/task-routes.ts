import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { TaskNotFoundError } from '../errors.js';
import type { TaskRecord } from '../sessions/task-record.js';
import { TaskRecordStatusSchema } from '../sessions/task-record.js';
import { AnswerRequestSchema, ApproveRequestSchema, RejectRequestSchema, type AnswerAccepted, type HumanDecision } from './hitl-schemas.js';

/** What the task routes need: a key's tasks, and answering a waiting one (the server's SessionManager). */
export interface TaskDesk {
  /** The kept tasks of an API key id (undefined: of every key, for an admin key). */
  tasksOf(keyId: string | undefined): Promise<TaskRecord[]>;
  /** Answers a waiting task (see `SessionManager.answer`). */
  answer(input: { taskName: string; pendingId: string; keyId: string; decision: HumanDecision }): Promise<TaskRecord>;
}

/** Options of {@link mountTaskRoutes}. */
export interface TaskRoutesOptions {
  desk: TaskDesk;
  /** The id of the API key a request was authenticated with. */
  keyIdOf: (c: Context) => string;
  /** Whether the request's key is an admin key, which sees (but does not answer) every key's tasks (default: none is). */
  seesAllOf?: (c: Context) => boolean;
}

/** Query of `GET /api/tasks`: only tasks of this status (e.g. `waiting`). */
export const TaskListQuerySchema = z.object({ status: TaskRecordStatusSchema.optional() });

/**
 * Mounts the task routes on the API (behind its API-key check): `GET /api/tasks[?status=waiting]` (the key's own
 * tasks), `GET /api/tasks/{task_name}`, and for a waiting task `POST /api/tasks/{task_name}/approve`, `/reject`
 * (body `{ pending_id }`) and `/answer` (body `{ pending_id, answers }`). A key sees and answers only its own tasks
 * (another key's task is 404); an admin key sees every key's tasks and still answers only its own.
 * @example
 * mountTaskRoutes(app, { desk: server.sessions, keyIdOf: (c) => c.var.apiKeyId });
 */
export function mountTaskRoutes(app: Hono, options: TaskRoutesOptions): void {
  const { desk, keyIdOf } = options;
  const visibleTo = (c: Context) => (options.seesAllOf?.(c) === true ? undefined : keyIdOf(c));

  app.get('/api/tasks', async (c) => {
    const query = TaskListQuerySchema.safeParse({ status: c.req.query('status') });
    if (!query.success) return c.json({ code: 'BODY_INVALID', error: `status: one of ${TaskRecordStatusSchema.options.join(', ')}` }, 400);
    const tasks = (await desk.tasksOf(visibleTo(c))).filter((task) => query.data.status === undefined || task.status === query.data.status);
    return c.json({ tasks });
  });

  app.get('/api/tasks/:task_name', async (c) => {
    const name = c.req.param('task_name');
    const task = (await desk.tasksOf(visibleTo(c))).find((record) => record.task_name === name);
    if (!task) throw new TaskNotFoundError(`named "${name}"`);
    return c.json(task);
  });

  const decide = (kind: HumanDecision['kind']) => async (c: Context) => {
    const raw = await readJson(c);
    if (!raw.ok) return raw.response;
    const taskName = c.req.param('task_name')!;
    let decision: HumanDecision;
    let pendingId: string;
    if (kind === 'answer') {
      const body = AnswerRequestSchema.safeParse(raw.value);
      if (!body.success) return invalid(c, body.error);
      decision = { kind, answers: body.data.answers };
      pendingId = body.data.pending_id;
    } else if (kind === 'reject') {
      const body = RejectRequestSchema.safeParse(raw.value);
      if (!body.success) return invalid(c, body.error);
      decision = { kind, ...(body.data.reason !== undefined ? { reason: body.data.reason } : {}) };
      pendingId = body.data.pending_id;
    } else {
      const body = ApproveRequestSchema.safeParse(raw.value);
      if (!body.success) return invalid(c, body.error);
      decision = { kind };
      pendingId = body.data.pending_id;
    }
    const record = await desk.answer({ taskName, pendingId, keyId: keyIdOf(c), decision });
    const accepted: AnswerAccepted = { status: 'resumed', task_name: record.task_name, session_id: record.session_id, pending_id: pendingId, decision: kind };
    return c.json(accepted, 202);
  };
  app.post('/api/tasks/:task_name/approve', decide('approve'));
  app.post('/api/tasks/:task_name/reject', decide('reject'));
  app.post('/api/tasks/:task_name/answer', decide('answer'));
}

async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false, response: c.json({ code: 'BODY_INVALID', error: 'the body must be JSON' }, 400) };
  }
}

function invalid(c: Context, error: z.ZodError): Response {
  const issues = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  return c.json({ code: 'BODY_INVALID', error: issues.join('; ') }, 400);
}
