import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { SessionError } from '../errors.js';
import { FollowerPlanSchema, type FollowerPlan } from '../sessions/follower-plan.js';

/**
 * One task of a batch folder: `{ "request": "..." }`, optionally with a `task` name; or a follower plan
 * (`object` and `steps`), replayed as a follower session.
 */
export const RequestFileSchema = z
  .object({
    request: z.string().min(1).optional(),
    task: z.string().min(1).optional(),
    object: z.string().min(1).optional(),
    steps: z.array(z.string().min(1)).min(1).optional(),
    host_request: z.string().min(1).optional(),
  })
  .refine((r) => r.request !== undefined || (r.object !== undefined && r.steps !== undefined), {
    message: 'a request file needs "request", or "object" and "steps" (a follower plan)',
  });
/** The data {@link RequestFileSchema} validates. */
export type RequestFile = z.infer<typeof RequestFileSchema>;

/** A request file read and understood: a plain request, or a plan. */
export interface BatchTask {
  /** The file's name, the key of the status file. */
  name: string;
  path: string;
  /** Task name (the file's `task`, else its name without `.json`). */
  task: string;
  request?: string;
  plan?: FollowerPlan;
}

/** Reads one request file; errors name the file and the field. */
export function readRequestFile(path: string): BatchTask {
  if (!existsSync(path)) throw new SessionError('REQUEST_FILE_INVALID', `Request file ${path} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SessionError('REQUEST_FILE_INVALID', `${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = RequestFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SessionError('REQUEST_FILE_INVALID', `${path} is not a request file:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  const file = parsed.data;
  const name = basename(path);
  const task: BatchTask = { name, path, task: file.task ?? basename(name, '.json') };
  if (file.steps && file.object) {
    task.plan = FollowerPlanSchema.parse({
      object: file.object,
      steps: file.steps,
      ...(file.task ? { task: file.task } : {}),
      ...(file.host_request ? { host_request: file.host_request } : {}),
    });
  } else task.request = file.request!;
  return task;
}
