import { FileActionCacheStore, SessionError, type CachedRun } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { parseOptions, required } from '../parse-options.js';

const ACTIONS = ['list', 'show', 'clear'] as const;
type Action = (typeof ACTIONS)[number];

/** The folder `ufo cache`, `ufo run --cache` and `ufo eval --cache` use when none is given. */
export const DEFAULT_CACHE_DIR = '.ufo-cache';

/** The body of `ufo cache`, loaded on demand so `ufo --help` stays fast. */
export async function cacheImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const [action, ...rest] = args;
  if (action === undefined || action === '-h' || action === '--help') {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (!(ACTIONS as readonly string[]).includes(action)) throw new CliUsageError(`unknown action "${action}": use ${ACTIONS.join(', ')}`);
  const key = rest[0] !== undefined && !rest[0].startsWith('-') ? rest.shift() : undefined;
  const { values } = parseOptions(rest, { cache: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const store = new FileActionCacheStore(values.cache ?? io.env['UFO_CACHE_DIR'] ?? DEFAULT_CACHE_DIR);
  try {
    switch (action as Action) {
      case 'list': {
        const runs = await store.list();
        io.stdout(values.json ? `${JSON.stringify(runs)}\n` : listing(runs, store.folder));
        return 0;
      }
      case 'show': {
        const run = await find(store, required(key, 'key', 'ufo cache show <key> (see `ufo cache list`)'));
        if (!run) return notFound(io, key!, store.folder);
        io.stdout(values.json ? `${JSON.stringify(run)}\n` : details(run));
        return 0;
      }
      case 'clear': {
        if (key === undefined) {
          io.stdout(`removed ${await store.clear()} cached run(s) from ${store.folder}\n`);
          return 0;
        }
        const run = await find(store, key);
        if (!run) return notFound(io, key, store.folder);
        await store.delete(run.key);
        io.stdout(`removed ${run.key}\n`);
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof SessionError && error.code === 'ACTION_CACHE_INVALID') {
      io.stderr(`${error.code}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** The run whose key is `key` or starts with it (when only one does). */
async function find(store: FileActionCacheStore, key: string): Promise<CachedRun | undefined> {
  const exact = /^[0-9a-f]{64}$/.test(key) ? await store.get(key) : undefined;
  if (exact) return exact;
  const matching = (await store.list()).filter((run) => run.key.startsWith(key.toLowerCase()));
  if (matching.length > 1) throw new CliUsageError(`${matching.length} cached runs have keys starting with "${key}": give more of it`);
  return matching[0];
}

function notFound(io: CliIo, key: string, folder: string): number {
  io.stderr(`no cached run with key ${key} in ${folder}\n`);
  return 1;
}

function listing(runs: readonly CachedRun[], folder: string): string {
  if (runs.length === 0) return `no cached runs in ${folder}\n`;
  const lines = runs.map(
    (run) =>
      `${run.key.slice(0, 12)}  ${run.parts.window.app.padEnd(12)}  ${String(run.steps.length).padStart(5)}  ${String(run.hits).padStart(4)}  ${String(run.healed).padStart(6)}  ${run.updatedAt}  ${run.parts.request}`,
  );
  return `${['key           app           steps  hits  healed  updated                   request', ...lines].join('\n')}\n`;
}

function details(run: CachedRun): string {
  const head = [
    `key      ${run.key}`,
    `request  ${run.parts.request}`,
    `window   ${run.parts.window.app}: ${run.parts.window.title}`,
    ...(run.parts.variables.length ? [`vars     ${run.parts.variables.map((v) => `{{${v}}}`).join(', ')}`] : []),
    `hits     ${run.hits} (healed ${run.healed})`,
    `updated  ${run.updatedAt} (created ${run.createdAt})`,
  ];
  const steps = run.steps.map((step, i) => {
    const target = step.target ? ` on ${step.target.role} "${step.target.name}"` : '';
    const effect = step.effect ? ` → ${step.effect.changed ? step.effect.changes.join('; ') : 'no visible change'}` : '';
    return `${String(i + 1).padStart(3)}. ${step.function}(${JSON.stringify(step.arguments)})${target}${effect}`;
  });
  return `${[...head, '', ...steps].join('\n')}\n`;
}
