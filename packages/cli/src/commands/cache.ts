import type { CliCommand } from '../cli-command.js';

const usage = `Usage: ufo cache <list|show|clear> [key] [options]

Looks at the action cache: runs that succeeded, kept as steps a later run of the same request replays without the
model (one JSON file per run in the cache folder).

  ufo cache list                   every cached run: key, request, app, steps, hits, healed, last update
  ufo cache show <key>             one run's steps (a key's first characters are enough when only one run has them)
  ufo cache clear [<key>]          remove one run, or every run

Options:
  --cache <dir>         the cache folder (default: $UFO_CACHE_DIR, else .ufo-cache)
  --json                print JSON
  -h, --help            this help

Exit codes: 0 done, 1 no such run or an unreadable entry (its file is named), 2 wrong arguments.`;

/** \`ufo cache\`: list, show and clear the runs of an action cache folder. */
export const cacheCommand: CliCommand = {
  name: 'cache',
  summary: 'list, show and clear the runs of the action cache',
  usage,
  async run(args, io) {
    const { cacheImpl } = await import('./cache-impl.js');
    return cacheImpl(args, io, usage);
  },
};
