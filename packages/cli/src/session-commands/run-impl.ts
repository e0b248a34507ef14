import { loadPolicyFile } from '@ufo-ts/dispatchers';
import type { SessionPlatform } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { intOption } from '../parse-options.js';
import { entryAgents } from './entry-agents.js';
import { parseWithPositionals, SESSION_OPTIONS } from './session-options.js';
import { loadCliConfig, startToolServers } from './tool-servers.js';

const MODES = ['normal', 'follower', 'batch', 'operator'] as const;

/** The options of `ufo run` (SESSION_OPTIONS and its own). */
const RUN_OPTIONS = {
  ...SESSION_OPTIONS,
  request: { type: 'string', short: 'r' },
  task: { type: 'string', short: 't' },
  platform: { type: 'string' },
  mode: { type: 'string', short: 'm' },
  plan: { type: 'string', short: 'p' },
  concurrency: { type: 'string' },
  'max-steps': { type: 'string' },
  'max-rounds': { type: 'string' },
  cache: { type: 'string' },
  'replay-only': { type: 'boolean' },
  var: { type: 'string', multiple: true },
  policy: { type: 'string' },
} as const;

/**
 * The implementation of `ufo run` (loaded on demand, so `ufo --help` stays fast). It checks the options, loads
 * the configuration and starts the tool servers, and only then loads the session code (`run-session.ts`): the
 * servers' start-up overlaps with that loading.
 */
export async function runImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseWithPositionals(args, RUN_OPTIONS);
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (positionals.length) throw new CliUsageError(`unexpected argument "${positionals[0]}" (put the request in --request "...")`);
  const maxSteps = intOption(values['max-steps'], 'max-steps');
  const maxRounds = intOption(values['max-rounds'], 'max-rounds');
  const concurrency = intOption(values.concurrency, 'concurrency');
  const { config: loaded } = loadCliConfig(values, io, {
    session: { ...(maxSteps ? { maxSteps } : {}), ...(maxRounds ? { maxRounds } : {}) },
  });
  const config = values.policy === undefined ? loaded : { ...loaded, policy: policyFromFile(values.policy) };
  const mode = (values.mode ?? config.session.mode) as (typeof MODES)[number];
  if (!MODES.includes(mode)) throw new CliUsageError(`--mode must be one of ${MODES.join(', ')}, not "${values.mode}"`);
  // This machine's platform by the rule of `detectPlatform` (@ufo-ts/sessions), whose code is not loaded yet.
  const platform = (values.platform ?? config.session.platform ?? (process.platform === 'win32' ? 'windows' : 'linux')) as SessionPlatform;
  if (platform !== 'linux' && platform !== 'windows') throw new CliUsageError(`--platform must be linux or windows, not "${values.platform}"`);
  const cacheDir = values.cache ?? config.session.cache;
  if (cacheDir !== undefined && mode !== 'normal' && mode !== 'operator') throw new CliUsageError(`--cache works with --mode normal or operator, not ${mode}`);
  if (cacheDir !== undefined && values.request === undefined) throw new CliUsageError('--cache needs --request (the request is part of the key)');
  if (values['replay-only'] && cacheDir === undefined) throw new CliUsageError('--replay-only needs --cache');
  if (values.var?.length && cacheDir === undefined) throw new CliUsageError('--var needs --cache (variables belong to the cache key)');
  if ((mode === 'follower' || mode === 'batch') && !values.plan)
    throw new CliUsageError(`--mode ${mode} needs --plan <${mode === 'batch' ? 'folder' : 'plan.json'}>`);
  const json = values.json ?? false;
  if (mode !== 'follower' && mode !== 'batch' && values.request === undefined && !(process.stdin.isTTY && !json)) {
    throw new CliUsageError('--request is required when no terminal is attached');
  }

  const dispatcher = startToolServers(values, config, io, entryAgents({ platform, mode }, config));
  try {
    const { runSession } = await import('./run-session.js');
    return await runSession({
      values,
      io,
      config,
      dispatcher,
      mode,
      platform,
      json,
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(cacheDir !== undefined ? { cacheDir } : {}),
    });
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

/** The policy of `--policy FILE` (a policy document, or a configuration with a `policy` key); a bad file is a usage error. */
function policyFromFile(path: string) {
  try {
    return loadPolicyFile(path).policy;
  } catch (error) {
    throw new CliUsageError(`--policy: ${(error as Error).message}`, { cause: error });
  }
}
