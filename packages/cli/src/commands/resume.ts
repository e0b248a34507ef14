import type { CliCommand } from '../cli-command.js';
import { SESSION_OPTIONS_HELP } from '../session-commands/session-options.js';

const usage = `Usage: ufo resume <log folder> [--approve | --reject | --answer <text>...] [options]

Continues a session from its checkpoint.json: after a crash or Ctrl+C it runs the interrupted step again; when
it was waiting for a person, --approve or --reject decides the held sensitive action and --answer answers the
pending questions (in order). Give the same configuration or model options as the run.

An action the interrupted step sent and whose result never came back has an unknown outcome: it may or may not
have run. It is never sent again blindly; --on-unknown-outcome says what happens instead.

Options:
  --approve                      run the held sensitive action(s)
  --reject                       skip them (the subtask ends REJECTED)
  --answer <text>                an answer to a pending question (repeat for several)
  --on-unknown-outcome tell-model|ask|fail
                                 tell-model (default): the next prompt tells the model to check the screen;
                                 ask: ask in the terminal whether to send the action again;
                                 fail: the round ends in ERROR (ACTION_OUTCOME_UNKNOWN)
${SESSION_OPTIONS_HELP}

Exit codes: as ufo run.`;

/** `ufo resume <folder>`: continues a checkpointed session. */
export const resumeCommand: CliCommand = {
  name: 'resume',
  summary: 'continue a session that crashed, was cancelled or waits for approval',
  usage,
  async run(args, io) {
    const { resumeImpl } = await import('../session-commands/resume-impl.js');
    return resumeImpl(args, io, usage);
  },
};
