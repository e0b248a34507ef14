import { apiKeyMatches } from './api-key.js';

/** The id of the server's own API key: the owner of tasks started without another key (and of devices' own tasks). */
export const DEFAULT_KEY_ID = 'default';

/**
 * The id of the API key that owns a task: its record's `owner_key`, else the server's own key.
 * @example
 * taskOwnerKey({ owner_key: 'team-a' }); // 'team-a'
 * taskOwnerKey({}); // 'default'
 */
export function taskOwnerKey(record: { owner_key?: string | undefined }): string {
  return record.owner_key ?? DEFAULT_KEY_ID;
}

/**
 * What an API key may do. `task`: dispatch, read, cancel and answer its own tasks, list devices and follow its own
 * tasks' events. `admin`: that, and manage devices (issue and revoke device credentials) and see every key's tasks
 * and events. No key answers or cancels another key's task.
 */
export type ApiKeyRole = 'admin' | 'task';

/** An extra API key of the HTTP API: its id (shown in task records and budgets, never the key), the key and its role. */
export interface ApiKeyEntry {
  /** A short name of the key (`team-a`); `default` is the server's own key. */
  id: string;
  key: string;
  /** What the key may do (default `task`; the server's own key is always `admin`). */
  role?: ApiKeyRole;
}

/**
 * The role of an authenticated key id: `admin` for the server's own key, an entry's role (default `task`) otherwise.
 * @example
 * apiKeyRoleOf('default', []); // 'admin'
 * apiKeyRoleOf('team-a', [{ id: 'team-a', key }]); // 'task'
 */
export function apiKeyRoleOf(keyId: string, extra: readonly ApiKeyEntry[] = []): ApiKeyRole {
  if (keyId === DEFAULT_KEY_ID) return 'admin';
  return extra.find((entry) => entry.id === keyId)?.role ?? 'task';
}

/**
 * The id of the key a request presented: `default` for the server's own key, an entry's id for an extra key, or
 * undefined when it matches none. Every key is compared in constant time.
 * @example
 * apiKeyIdOf(presentedApiKey(request.headers), serverKey, [{ id: 'team-a', key: teamAKey }]); // 'team-a'
 */
export function apiKeyIdOf(presented: string | undefined, defaultKey: string, extra: readonly ApiKeyEntry[] = []): string | undefined {
  let found: string | undefined;
  if (apiKeyMatches(presented, defaultKey)) found = DEFAULT_KEY_ID;
  for (const entry of extra) if (apiKeyMatches(presented, entry.key) && found === undefined) found = entry.id;
  return found;
}
