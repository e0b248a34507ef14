import { join } from 'node:path';
import { EventBus, resolveLogFolder, type CommandDispatcher } from '@ufo-ts/core';
import type { UfoConfig } from '@ufo-ts/config';
import type { SessionMode, SessionPlatform } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { cacheVariables, sessionCache } from './cache-lookup.js';
import { EXIT_CODES } from './exit-codes.js';
import { interactorFor } from './interactor-for.js';
import { progressStyle, ProgressReporter } from './progress.js';
import { runManagedSession } from './run-managed-session.js';
import { modelsFrom, recordModels, wireSessions, type SessionWiring } from './session-wiring.js';
import type { SessionOptionValues } from './tool-servers.js';
import { uniqueTaskName } from './unique-task.js';

/** What `runImpl` has checked and started before loading this module. */
export interface RunSessionInput {
  values: SessionOptionValues & {
    request?: string | undefined;
    task?: string | undefined;
    plan?: string | undefined;
    var?: string[] | undefined;
    'replay-only'?: boolean | undefined;
  };
  io: CliIo;
  config: UfoConfig;
  /** Its tool servers are already starting; closed by the caller. */
  dispatcher: CommandDispatcher;
  mode: 'normal' | 'follower' | 'batch' | 'operator';
  platform: SessionPlatform;
  json: boolean;
  /** `--concurrency` of a batch. */
  concurrency?: number;
  /** `--cache` (or the configuration's `session.cache`): the action cache's folder. */
  cacheDir?: string;
}

/** The second half of `ufo run`: models, the session (or batch) and its live progress. Resolves with the exit code. */
export async function runSession(input: RunSessionInput): Promise<number> {
  const { values, io, config, dispatcher, mode, platform, json } = input;
  const events = new EventBus();
  const progress = new ProgressReporter({ style: progressStyle(json, process.stderr.isTTY), write: io.stderr, writeJson: io.stdout });
  events.subscribe((event) => progress.onEvent(event));
  const { interactor, close } = interactorFor({ requests: values.request !== undefined ? [values.request] : [], json });
  try {
    let models = modelsFrom(values, config, io);
    const logRoot = values['log-root'] ?? config.session.logRoot;
    const task = mode === 'batch' ? (values.task ?? 'batch') : uniqueTaskName(logRoot, values.task);
    if (mode !== 'batch' && !values['no-record']) models = recordModels(models, join(resolveLogFolder(logRoot, task), 'model-calls.jsonl'));
    const wiring = wireSessions({ values, io, config, dispatcher, models, interactor, events });
    if (mode === 'batch')
      return await runBatch(wiring, values.plan!, platform, input.concurrency ?? config.batch.concurrency, config.batch.statusFile, io, progress, json);
    const actionCache =
      input.cacheDir !== undefined && values.request !== undefined
        ? await sessionCache({
            dir: input.cacheDir,
            request: values.request,
            variables: cacheVariables(values.var),
            heal: !values['replay-only'],
            dispatcher,
            agent: platform === 'windows' ? 'HostAgent' : 'LinuxAgent',
          })
        : undefined;
    if (actionCache && !json)
      io.stderr(
        `ufo run: action cache ${actionCache.lookup.run ? `hit (${actionCache.lookup.run.steps.length} cached steps)` : 'miss'} · key ${actionCache.lookup.key.slice(0, 12)}\n`,
      );
    const session = await wiring.factory.create({
      task,
      platform,
      mode: mode as Exclude<SessionMode, 'batch' | 'service'>,
      ...(values.request !== undefined ? { request: values.request } : {}),
      ...(values.plan ? { plan: values.plan } : {}),
      ...(actionCache ? { actionCache } : {}),
    });
    if (!json) io.stderr(`ufo run: ${task} · ${platform}/${mode} · logs in ${session.logFolder ?? '(memory)'}\n`);
    return (await runManagedSession(session, io, progress, json)).code;
  } finally {
    close();
  }
}

async function runBatch(
  wiring: SessionWiring,
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
    onTaskEnd: (file, result) =>
      progress.print(
        `task ${file}: ${result.outcome ? `${result.outcome.status} (${result.outcome.rounds.at(-1)?.finalState ?? 'no round'})` : `error: ${result.error?.message ?? 'skipped'}`}`,
      ),
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
