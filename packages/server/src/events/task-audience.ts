import { DEFAULT_KEY_ID } from '../auth/api-key-ids.js';
import type { TaskRecord } from '../sessions/task-record.js';

/**
 * The id of the API key that owns a task (`owner_key` of its record), whose subscribers alone see the task's
 * events. A task this node has no record of, or whose record names no owner, belongs to the server's own key: an
 * event never reaches another key by default.
 */
export function taskAudience(record: TaskRecord | undefined): string {
  const owner = (record as { owner_key?: unknown } | undefined)?.owner_key;
  return typeof owner === 'string' ? owner : DEFAULT_KEY_ID;
}

/**
 * The id of the API key a request presented, as the authentication step recorded it in the request's context
 * (`apiKeyId`), else the server's own key ({@link DEFAULT_KEY_ID}).
 */
export function requestViewer(vars: Readonly<Record<string, unknown>>): string {
  const id = vars['apiKeyId'];
  return typeof id === 'string' ? id : DEFAULT_KEY_ID;
}
