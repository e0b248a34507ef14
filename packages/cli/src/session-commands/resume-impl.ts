import { join } from 'node:path';
import { EventBus } from '@ufo-ts/core';
import { readCheckpoint, SessionError, type ResumeDecision } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from './exit-codes.js';
import { interactorFor } from './interactor-for.js';
import { progressStyle, ProgressReporter } from './progress.js';
import { runManagedSession } from './run-managed-session.js';
import { parseWithPositionals, SESSION_OPTIONS, SESSION_OPTIONS_HELP } from './session-options.js';
import { entryAgents } from './entry-agents.js';
import { modelsFrom, recordModels, wireSessions } from './session-wiring.js';
import { loadCliConfig, startToolServers } from './tool-servers.js';
import { unknownOutcomeFrom } from './unknown-outcome-flag.js';

/** The implementation of `ufo resume` (loaded on demand, so `ufo --help` stays fast). */
export async function resumeImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseWithPositionals(args, {
    ...SESSION_OPTIONS,
    approve: { type: 'boolean' },
    reject: { type: 'boolean' },
    answer: { type: 'string', multiple: true },
    'on-unknown-outcome': { type: 'string' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const folder = positionals[0];
  if (!folder || positionals.length > 1) throw new CliUsageError('give exactly one log folder');
  if (values.approve && values.reject) throw new CliUsageError('--approve and --reject exclude each other');
  const onUnknownOutcome = unknownOutcomeFrom(values['on-unknown-outcome']);
  let checkpoint;
  try {
    checkpoint = readCheckpoint(folder);
  } catch (error) {
    if (error instanceof SessionError) throw new CliUsageError(error.message, { cause: error });
    throw error;
  }
  if (checkpoint.status === 'completed' || checkpoint.status === 'error') {
    io.stderr(`ufo resume: ${checkpoint.task} already ended (${checkpoint.status}); nothing to resume\n`);
    return EXIT_CODES.usage;
  }
  const waiting = checkpoint.waitingFor;
  if (waiting?.kind === 'confirmation' && values.answer?.length) throw new CliUsageError('the session waits for an approval: use --approve or --reject');
  if (waiting?.kind === 'questions' && (values.approve || values.reject)) throw new CliUsageError('the session waits for answers: use --answer "..."');
  const decision: ResumeDecision = {
    ...(values.approve ? { approve: true } : values.reject ? { approve: false } : {}),
    ...(values.answer?.length ? { answers: values.answer } : {}),
  };
  const json = values.json ?? false;
  const { config } = loadCliConfig(values, io);
  const dispatcher = startToolServers(values, config, io, entryAgents({ checkpointKind: checkpoint.kind, agent: checkpoint.position?.agent }, config));
  const events = new EventBus();
  const progress = new ProgressReporter({ style: progressStyle(json, process.stderr.isTTY), write: io.stderr, writeJson: io.stdout });
  events.subscribe((event) => progress.onEvent(event));
  const { interactor, close } = interactorFor({ requests: [], json });
  try {
    let models = modelsFrom(values, config, io);
    if (!values['no-record']) models = recordModels(models, join(folder, 'model-calls.jsonl'));
    const wiring = wireSessions({ values, io, config, dispatcher, models, interactor, events });
    const session = await wiring.factory.resume(checkpoint, { decision, ...(onUnknownOutcome ? { onUnknownOutcome } : {}) });
    if (!json) {
      const at = checkpoint.position ? ` at ${checkpoint.position.agent}.${checkpoint.position.state} (round ${checkpoint.position.round})` : '';
      io.stderr(
        `ufo resume: ${checkpoint.task} (${checkpoint.status})${at}${decision.approve !== undefined ? `, ${decision.approve ? 'approving' : 'rejecting'} the held action` : ''}\n`,
      );
    }
    return (await runManagedSession(session, io, progress, json)).code;
  } finally {
    close();
    await dispatcher.close().catch(() => undefined);
  }
}
