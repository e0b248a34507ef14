import type { CliCommand } from '../cli-command.js';
import { SESSION_OPTIONS_HELP } from '../session-commands/session-options.js';

const usage = `Usage: ufo replay <log folder> [--cassette <model-calls.jsonl>] [--strict] [options]

Runs a recorded session again with the model's answers from its cassette (model-calls.jsonl, written by
ufo run), the same requests, and the same approvals and answers, into a new log folder; then compares the steps
with the recording and reports the first difference. Use it to check that a change to strategies, prompts or
tool servers keeps a known trajectory, or to debug one without paying for the model.

Options:
  --cassette <file.jsonl>        the cassette (default <log folder>/model-calls.jsonl)
  --strict                       a model call that matches no recorded request fails (default: answer in order)
${SESSION_OPTIONS_HELP}

Exit codes: 0 the same steps as the recording, 1 they differ (or the replay did not complete), 2 usage error.`;

/** `ufo replay <folder>`: deterministic re-run of a recorded session, compared step by step. */
export const replayCommand: CliCommand = {
  name: 'replay',
  summary: 'run a recorded session again from its model cassette and compare the steps',
  usage,
  async run(args, io) {
    const { replayImpl } = await import('../session-commands/replay-impl.js');
    return replayImpl(args, io, usage);
  },
};
