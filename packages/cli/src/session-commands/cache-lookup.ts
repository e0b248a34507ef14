import { createCommand, type CommandDispatcher, type Result } from '@ufo-ts/core';
import { ActionCache, FileActionCacheStore, type SessionActionCache, type WindowSignature } from '@ufo-ts/sessions';
import { resolve } from 'node:path';
import { CliUsageError } from '../errors.js';

/** `--var name=value` options as the cache's variables (a name is letters, digits and `_`). */
export function cacheVariables(options: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const option of options) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(option);
    if (!match) throw new CliUsageError(`--var must be name=value (got "${option}")`);
    out[match[1]!] = match[2]!;
  }
  return out;
}

/**
 * The starting window as the cache keys a run: the focused top-level window (else the first) of the desktop's
 * window list, by its program and title. A desktop that lists no window gives an empty signature.
 */
export async function startingWindow(dispatcher: CommandDispatcher, agent: string): Promise<WindowSignature> {
  const [listed] = (await dispatcher.execute([createCommand('get_desktop_app_target_info', {}, 'data_collection')], { target: { agent } })) as Result[];
  if (listed?.status !== 'success') throw new CliUsageError(`--cache: the desktop's windows could not be read (${listed?.error ?? 'no result'})`);
  const windows = (listed.result as { windows?: Array<{ name?: string; type?: string; root_name?: string; focused?: boolean }> } | undefined)?.windows ?? [];
  const first = windows.find((w) => w.focused) ?? windows[0];
  return { app: first?.root_name ?? first?.type ?? '', title: first?.name ?? '' };
}

/** Looks the request up in the cache folder, for the session's `actionCache`. */
export async function sessionCache(input: {
  dir: string;
  request: string;
  variables: Record<string, string>;
  heal?: boolean;
  dispatcher: CommandDispatcher;
  agent: string;
}): Promise<SessionActionCache> {
  const cache = new ActionCache({ store: new FileActionCacheStore(resolve(input.dir)), ...(input.heal === false ? { heal: false } : {}) });
  const window = await startingWindow(input.dispatcher, input.agent);
  const lookup = await cache.lookup({ request: input.request, variables: input.variables, window });
  return { cache, lookup };
}
