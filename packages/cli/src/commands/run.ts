import type { CliCommand } from '../cli-command.js';
import { SESSION_OPTIONS_HELP } from '../session-commands/session-options.js';

const usage = `Usage: ufo run --request <text> [options]

Runs a session on this machine (or wherever the tool servers are): the agents work on the request until they
finish, with live progress. The log folder gets response.log, the screenshots, checkpoint.json, output.md,
report.html and model-calls.jsonl.

Options:
  --request <text>               the request (asked on the terminal when omitted)
  --task <name>                  task name, which names the log folder (default: a timestamp)
  --platform <linux|windows>     target platform (default: the configuration's, else this machine's)
  --mode <mode>                  normal (default), follower (--plan <plan.json>), batch (--plan <folder>), operator
  --plan <file|folder>           follower plan, or the folder of request files of a batch
  --concurrency <n>              batch: tasks at once (default: the configuration's batch.concurrency)
  --max-steps <n>                step cap of the session (MAX_STEP)
  --max-rounds <n>               rounds (further requests are asked on the terminal)
  --cache <dir>                  the action cache (default: the configuration's session.cache): a request with a
                                 cached run from the same starting window is replayed without the model (the
                                 model is asked only for a step the replay cannot take), and a run that finishes
                                 is recorded; LinuxAgent and operator sessions (ufo cache list|show|clear)
  --replay-only                  with --cache: never ask the model for a cached step; a step the cached run cannot
                                 take (its control gone, another dialog, no effect) ends the session (exit 1)
                                 with ACTION_CACHE_DIVERGED and the reason
  --var <name=value>             a variable of the cached run (repeatable): its value in the request, typed text
                                 and control names is {{name}} in the cache, so one cached run serves many values
  --policy <file.yaml>           what the agents may do (overrides the configuration's policy): rules that allow,
                                 confirm (asked on the terminal) or deny each action, checked before it runs; a
                                 denied action fails with POLICY_DENIED and its rule (docs/guides/policies.md)
${SESSION_OPTIONS_HELP}

Exit codes: 0 done (every round FINISHed), 1 not done (FAIL, ERROR, step cap, failure), 2 usage or
configuration error, 3 waiting for a person (ufo resume --approve/--reject/--answer), 130 cancelled (ufo resume).`;

/** `ufo run`: one session (or a batch) with live progress. */
export const runCommand: CliCommand = {
  name: 'run',
  summary: 'run a session on a request (normal, follower, batch or operator mode)',
  usage,
  async run(args, io) {
    const { runImpl } = await import('../session-commands/run-impl.js');
    return runImpl(args, io, usage);
  },
};
