import type { TaskRecord } from '../sessions/task-record.js';

/**
 * The id of the API key that owns a task (`owner_key` of its record; the server's own key when it names none),
 * whose subscribers alone see the task's events. Undefined for an unknown task.
 */
export function taskAudience(record: TaskRecord | undefined): string | undefined {
  if (!record) return undefined;
  const owner = (record as { owner_key?: unknown }).owner_key;
  return typeof owner === 'string' ? owner : DEFAULT_KEY_ID;
}

/** The id the server's own API key has as a task owner. */
export const DEFAULT_KEY_ID = 'default';

/**
 * The id of the API key a request presented, as the authentication step recorded it in the request's context
 * (`apiKeyId`), else the server's own key ({@link DEFAULT_KEY_ID}).
 */
export function requestViewer(vars: Readonly<Record<string, unknown>>): string {
  const id = vars['apiKeyId'];
  return typeof id === 'string' ? id : DEFAULT_KEY_ID;
}
