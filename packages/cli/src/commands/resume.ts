import { join } from 'node:path';
import { EventBus } from '@ufo-ts/core';
import { readCheckpoint, SessionError, type ResumeDecision } from '@ufo-ts/sessions';
import type { CliCommand } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from '../session-commands/exit-codes.js';
import { interactorFor } from '../session-commands/interactor-for.js';
import { progressStyle, ProgressReporter } from '../session-commands/progress.js';
import { runManagedSession } from '../session-commands/run-managed-session.js';
import { parseWithPositionals, SESSION_OPTIONS, SESSION_OPTIONS_HELP } from '../session-commands/session-options.js';
import { loadCliConfig, modelsFrom, recordModels, wireSessions } from '../session-commands/session-wiring.js';

const usage = `Usage: ufo resume <log folder> [--approve | --reject | --answer <text>...] [options]

Continues a session from its checkpoint.json: after a crash or Ctrl+C it runs the interrupted step again; when
it was waiting for a person, --approve or --reject decides the held sensitive action and --answer answers the
pending questions (in order). Give the same configuration or model options as the run.

Options:
  --approve                      run the held sensitive action(s)
  --reject                       skip them (the subtask ends REJECTED)
  --answer <text>                an answer to a pending question (repeat for several)
${SESSION_OPTIONS_HELP}

Exit codes: as ufo run.`;

/** `ufo resume <folder>`: continues a checkpointed session. */
export const resumeCommand: CliCommand = {
  name: 'resume',
  summary: 'continue a session that crashed, was cancelled or waits for approval',
  usage,
  async run(args: string[], io: CliIo): Promise<number> {
    const { values, positionals } = parseWithPositionals(args, {
      ...SESSION_OPTIONS,
      approve: { type: 'boolean' },
      reject: { type: 'boolean' },
      answer: { type: 'string', multiple: true },
    });
    if (values.help) {
      io.stdout(`${usage}\n`);
      return 0;
    }
    const folder = positionals[0];
    if (!folder || positionals.length > 1) throw new CliUsageError('give exactly one log folder');
    if (values.approve && values.reject) throw new CliUsageError('--approve and --reject exclude each other');
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
    const events = new EventBus();
    const progress = new ProgressReporter({ style: progressStyle(json, process.stderr.isTTY), write: io.stderr, writeJson: io.stdout });
    events.subscribe((event) => progress.onEvent(event));
    const { interactor, close } = interactorFor({ requests: [], json });
    let models = modelsFrom(values, config, io);
    if (!values['no-record']) models = recordModels(models, join(folder, 'model-calls.jsonl'));
    const wiring = wireSessions({ values, io, config, models, interactor, events });
    try {
      const session = await wiring.factory.resume(checkpoint, { decision });
      if (!json) {
        const at = checkpoint.position ? ` at ${checkpoint.position.agent}.${checkpoint.position.state} (round ${checkpoint.position.round})` : '';
        io.stderr(`ufo resume: ${checkpoint.task} (${checkpoint.status})${at}${decision.approve !== undefined ? `, ${decision.approve ? 'approving' : 'rejecting'} the held action` : ''}\n`);
      }
      return (await runManagedSession(session, io, progress, json)).code;
    } finally {
      close();
      await wiring.dispatcher.close().catch(() => undefined);
    }
  },
};
