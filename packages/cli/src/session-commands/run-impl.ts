import { join } from 'node:path';
import { EventBus, resolveLogFolder } from '@ufo-ts/core';
import { detectPlatform, type SessionMode, type SessionPlatform } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { intOption } from '../parse-options.js';
import { EXIT_CODES } from './exit-codes.js';
import { interactorFor } from './interactor-for.js';
import { progressStyle, ProgressReporter } from './progress.js';
import { runManagedSession } from './run-managed-session.js';
import { parseWithPositionals, SESSION_OPTIONS, SESSION_OPTIONS_HELP } from './session-options.js';
import { loadCliConfig, modelsFrom, recordModels, wireSessions } from './session-wiring.js';
import { uniqueTaskName } from './unique-task.js';


const MODES = ['normal', 'follower', 'batch', 'operator'] as const;

/** The implementation of `ufo run` (loaded on demand, so `ufo --help` stays fast). */
export async function runImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseWithPositionals(args, {
    ...SESSION_OPTIONS,
    request: { type: 'string', short: 'r' },
    task: { type: 'string', short: 't' },
    platform: { type: 'string' },
    mode: { type: 'string', short: 'm' },
    plan: { type: 'string', short: 'p' },
    concurrency: { type: 'string' },
    'max-steps': { type: 'string' },
    'max-rounds': { type: 'string' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (positionals.length) throw new CliUsageError(`unexpected argument "${positionals[0]}" (put the request in --request "...")`);
  const maxSteps = intOption(values['max-steps'], 'max-steps');
  const maxRounds = intOption(values['max-rounds'], 'max-rounds');
  const { config } = loadCliConfig(values, io, {
    session: { ...(maxSteps ? { maxSteps } : {}), ...(maxRounds ? { maxRounds } : {}) },
  });
  const mode = (values.mode ?? config.session.mode) as (typeof MODES)[number];
  if (!MODES.includes(mode)) throw new CliUsageError(`--mode must be one of ${MODES.join(', ')}, not "${values.mode}"`);
  const platform = (values.platform ?? config.session.platform ?? detectPlatform()) as SessionPlatform;
  if (platform !== 'linux' && platform !== 'windows') throw new CliUsageError(`--platform must be linux or windows, not "${values.platform}"`);
  if ((mode === 'follower' || mode === 'batch') && !values.plan) throw new CliUsageError(`--mode ${mode} needs --plan <${mode === 'batch' ? 'folder' : 'plan.json'}>`);

  const json = values.json ?? false;
  const events = new EventBus();
  const progress = new ProgressReporter({ style: progressStyle(json, process.stderr.isTTY), write: io.stderr, writeJson: io.stdout });
  events.subscribe((event) => progress.onEvent(event));
  const { interactor, close } = interactorFor({ requests: values.request !== undefined ? [values.request] : [], json });
  let models = modelsFrom(values, config, io);
  const logRoot = values['log-root'] ?? config.session.logRoot;
  const task = mode === 'batch' ? (values.task ?? 'batch') : uniqueTaskName(logRoot, values.task);
  if (mode !== 'batch' && !values['no-record']) models = recordModels(models, join(resolveLogFolder(logRoot, task), 'model-calls.jsonl'));
  const wiring = wireSessions({ values, io, config, models, interactor, events });
  try {
    if (mode === 'batch') return await runBatch(wiring, values.plan!, platform, intOption(values.concurrency, 'concurrency') ?? config.batch.concurrency, config.batch.statusFile, io, progress, json);
    if (mode !== 'follower' && values.request === undefined && !(process.stdin.isTTY && !json)) {
      throw new CliUsageError('--request is required when no terminal is attached');
    }
    const session = await wiring.factory.create({
      task,
      platform,
      mode: mode as Exclude<SessionMode, 'batch' | 'service'>,
      ...(values.request !== undefined ? { request: values.request } : {}),
      ...(values.plan ? { plan: values.plan } : {}),
    });
    if (!json) io.stderr(`ufo run: ${task} · ${platform}/${mode} · logs in ${session.logFolder ?? '(memory)'}\n`);
    return (await runManagedSession(session, io, progress, json)).code;
  } finally {
    close();
    await wiring.dispatcher.close().catch(() => undefined);
  }
}


async function runBatch(
  wiring: ReturnType<typeof wireSessions>,
  folder: string,
  platform: SessionPlatform,
  concurrency: number,
  statusFile: string | undefined,
  io: CliIo,
  progress: ProgressReporter,
  json: boolean,
): Promise<number> {
  const batch = wiring.factory.createBatch({
    folder,
    platform,
    concurrency,
    ...(statusFile ? { statusFile } : {}),
    onTaskStart: (file) => progress.print(`task ${file}: started`),
    onTaskEnd: (file, result) => progress.print(`task ${file}: ${result.outcome ? `${result.outcome.status} (${result.outcome.rounds.at(-1)?.finalState ?? 'no round'})` : `error: ${result.error?.message ?? 'skipped'}`}`),
  });
  const onAbort = () => batch.cancel('interrupted by the user');
  io.signal.addEventListener('abort', onAbort, { once: true });
  const outcome = await batch.run().finally(() => io.signal.removeEventListener('abort', onAbort));
  progress.finish();
  const done = outcome.ran.every((r) => r.result.outcome?.status === 'completed' && r.result.outcome.rounds.every((x) => x.finalState === 'FINISH'));
  const code = io.signal.aborted ? EXIT_CODES.cancelled : done ? EXIT_CODES.ok : EXIT_CODES.notDone;
  if (json) io.stdout(`${JSON.stringify({ type: 'batch-outcome', exitCode: code, ...outcome })}\n`);
  else io.stderr(`\nbatch: ${outcome.ran.length} run, ${outcome.skipped.length} skipped (finished before); status in ${outcome.statusFile}\n`);
  return code;
}
