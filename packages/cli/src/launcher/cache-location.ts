import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the `ufo` executable keeps its compile cache: `UFO_COMPILE_CACHE` (a folder, or `off`/`0`/`false` for
 * none), else the platform's user cache folder (`$XDG_CACHE_HOME/ufo-ts` or `~/.cache/ufo-ts`,
 * `~/Library/Caches/ufo-ts`, `%LOCALAPPDATA%\ufo-ts\Cache`). With no user folder there is no cache: a shared
 * folder such as the temporary one would let another user plant compiled code that this one then runs.
 */
export function compileCacheDir(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string | undefined {
  const chosen = env['UFO_COMPILE_CACHE'];
  if (chosen !== undefined && chosen !== '') return /^(off|0|false|no)$/i.test(chosen) ? undefined : chosen;
  const home = safeHome();
  if (platform === 'win32') {
    const local = env['LOCALAPPDATA'] ?? (home ? join(home, 'AppData', 'Local') : undefined);
    return local ? join(local, 'ufo-ts', 'Cache') : undefined;
  }
  if (platform === 'darwin') return home ? join(home, 'Library', 'Caches', 'ufo-ts') : undefined;
  if (env['XDG_CACHE_HOME']) return join(env['XDG_CACHE_HOME'], 'ufo-ts');
  return home ? join(home, '.cache', 'ufo-ts') : undefined;
}

/** The cache file's name for a command line: the command (`run`, `serve`, ...), or `default`. */
export function cacheNameFor(argv: readonly string[]): string {
  const command = argv[0];
  return command !== undefined && /^[a-z][a-z0-9-]{0,31}$/.test(command) ? command : 'default';
}

function safeHome(): string | undefined {
  try {
    return homedir() || undefined;
  } catch {
    return undefined;
  }
}
