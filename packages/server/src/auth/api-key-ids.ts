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

/** An extra API key of the HTTP API: its id (shown in task records and budgets, never the key) and the key. */
export interface ApiKeyEntry {
  /** A short name of the key (`team-a`); `default` is the server's own key. */
  id: string;
  key: string;
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
