import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliUsageError } from '../errors.js';

/** Options shared by `run`, `resume` and `replay`: configuration, models, tool servers, output. */
export const SESSION_OPTIONS = {
  config: { type: 'string', multiple: true },
  tools: { type: 'string' },
  replay: { type: 'string' },
  'model-config': { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'log-root': { type: 'string' },
  'no-record': { type: 'boolean' },
  'no-evaluation': { type: 'boolean' },
  'tool-mode': { type: 'string' },
  progress: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Help text of {@link SESSION_OPTIONS}. */
export const SESSION_OPTIONS_HELP = `  --config <file.yaml>           configuration (repeatable, merged in order; default ./ufo.yaml if present)
  --tools <file.yaml>            tool servers (overrides the configuration's toolServers; ufo-ts or mcp.yaml shape)
  --replay <cassette.jsonl>      answer every model call from a cassette (no API key needed)
  --provider <name> --model <id> one model for every agent role (with --base-url for local servers)
  --model-config <file.json>     one model configuration for every agent role
  --log-root <dir>               root of the log folders (default: the configuration's session.logRoot)
  --no-record                    do not record the model calls to <log folder>/model-calls.jsonl
  --no-evaluation                skip the evaluation agent
  --tool-mode text|native|auto   how agents ask their models (default: the configuration's agent.toolMode, text)
  --progress off|warn|enforce    the progress monitor's mode (default: the configuration's agent.progress.mode, warn)
  --json                         events and the outcome as JSON lines on stdout
  -h, --help                     this help`;

/** What {@link parseWithPositionals} returns. */
export type ParsedWithPositionals<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: true }>
>;

/** node:util parseArgs with positionals allowed, usage errors as {@link CliUsageError}. */
export function parseWithPositionals<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T): ParsedWithPositionals<T> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new CliUsageError((error as Error).message, { cause: error });
  }
}
