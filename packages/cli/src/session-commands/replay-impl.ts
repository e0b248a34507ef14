import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EventBus, ProgrammaticInteractor, readTrajectory, type Trajectory } from '@ufo-ts/core';
import { ReplayModel } from '@ufo-ts/llm-providers';
import { FileCheckpointStore, type SessionCheckpoint, type SessionPlatform } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from './exit-codes.js';
import { progressStyle, ProgressReporter } from './progress.js';
import { runManagedSession } from './run-managed-session.js';
import { parseWithPositionals, SESSION_OPTIONS, SESSION_OPTIONS_HELP } from './session-options.js';
import { entryAgents } from './entry-agents.js';
import { wireSessions } from './session-wiring.js';
import { loadCliConfig, startToolServers } from './tool-servers.js';
import { uniqueTaskName } from './unique-task.js';

/** One step, as compared between the recording and the replay. */
function stepKey(step: Trajectory['steps'][number]): string {
  const r = step.record;
  return `${r.agent} ${r.state}→${r.status} ${r.actions.map((a) => `${a.function}(${JSON.stringify(a.arguments)})`).join(' ')}`;
}

/** The implementation of `ufo replay` (loaded on demand, so `ufo --help` stays fast). */
export async function replayImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseWithPositionals(args, { ...SESSION_OPTIONS, cassette: { type: 'string' }, strict: { type: 'boolean' } });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const folder = positionals[0];
  if (!folder || positionals.length > 1) throw new CliUsageError('give exactly one log folder');
  const cassette = values.cassette ?? join(folder, 'model-calls.jsonl');
  if (!existsSync(cassette)) throw new CliUsageError(`no cassette ${cassette}: record with ufo run (the default), or give --cassette`);
  if (!existsSync(join(folder, 'response.log'))) throw new CliUsageError(`${folder} has no response.log: is it a session's log folder?`);
  const recorded = readTrajectory(folder);
  const checkpoint: SessionCheckpoint | undefined = new FileCheckpointStore(folder).load();
  const json = values.json ?? false;
  const { config } = loadCliConfig(values, io, { session: { maxRounds: Math.max(1, recorded.rounds.length) } });
  const model = new ReplayModel({ cassette: readFileSync(cassette, 'utf8'), ...(values.strict ? { strict: true } : {}) });
  const models = { HOST_AGENT: model, APP_AGENT: model, LINUX_AGENT: model, OPERATOR: model, EVALUATION_AGENT: model };
  const interactor = new ProgrammaticInteractor({
    requests: recorded.rounds.map((r) => r.request),
    confirm: recorded.confirmations.map((c) => c.approved),
    answers: (checkpoint?.blackboard.questions ?? []).map((q) => q.answer),
  });
  const events = new EventBus();
  const progress = new ProgressReporter({ style: progressStyle(json, process.stderr.isTTY), write: io.stderr, writeJson: io.stdout });
  events.subscribe((event) => progress.onEvent(event));
  const kind = checkpoint?.kind ?? 'host';
  const platform = (checkpoint?.platform as SessionPlatform | undefined) ?? (kind === 'linux' ? 'linux' : 'windows');
  // The replay starts the recorded session from its beginning: the tool servers of its first agent.
  const dispatcher = startToolServers(values, config, io, entryAgents({ checkpointKind: kind }, config));
  try {
    const wiring = wireSessions({
      values: { ...values, 'log-root': values['log-root'] ?? dirname(folder) },
      io,
      config,
      dispatcher,
      models,
      interactor,
      events,
    });
    const task = uniqueTaskName(wiring.logRoot, `${basename(folder)}-replay`);
    const session = await wiring.factory.create({
      task,
      platform,
      mode: kind === 'follower' ? 'follower' : kind === 'operator' ? 'operator' : 'normal',
      ...(kind === 'follower' && checkpoint ? { plan: checkpoint.extra.plan as never } : {}),
    });
    if (!json) io.stderr(`ufo replay: ${basename(folder)} (${recorded.steps.length} steps) into ${session.logFolder}\n`);
    const { outcome } = await runManagedSession(session, io, progress, json);
    const replayed = outcome.logFolder ? readTrajectory(outcome.logFolder) : undefined;
    const expected = recorded.steps.map(stepKey);
    const actual = replayed?.steps.map(stepKey) ?? [];
    const at = expected.findIndex((key, i) => actual[i] !== key);
    const diverged = at >= 0 || actual.length !== expected.length;
    const report = diverged
      ? {
          same: false,
          step: at >= 0 ? at : expected.length,
          expected: expected[at >= 0 ? at : expected.length] ?? '(end)',
          actual: actual[at >= 0 ? at : expected.length] ?? '(end)',
        }
      : { same: true, steps: expected.length };
    if (json) io.stdout(`${JSON.stringify({ type: 'replay-comparison', ...report })}\n`);
    else if (report.same) io.stderr(`replay: the same ${expected.length} steps as the recording\n`);
    else io.stderr(`replay: differs at step ${report.step}\n  recorded: ${report.expected}\n  replayed: ${report.actual}\n`);
    return diverged || outcome.status !== 'completed' ? EXIT_CODES.notDone : EXIT_CODES.ok;
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
