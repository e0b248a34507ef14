// `ufo serve --help` states the server's defaults; the protocol's timing defaults are written out in the text
// (importing @ufo-ts/aip at start-up would slow every command), so this keeps the text and the values equal.
import { PROTOCOL_DEFAULTS } from '@ufo-ts/aip';
import { DEFAULT_LOG_ROOT } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../src/index.js';

/** The default a usage line states for an option, e.g. `30000` for `--command-timeout`. */
function statedDefault(option: string): string | undefined {
  const line = serveCommand.usage.split('\n').find((l) => l.trimStart().startsWith(`${option} `));
  return line === undefined ? undefined : /\(default ([^)]+)\)/.exec(line)?.[1];
}

describe('ufo serve --help', () => {
  it('states the protocol defaults and the log root the server uses', () => {
    expect(statedDefault('--command-timeout')).toBe(String(PROTOCOL_DEFAULTS.commandTimeoutMs));
    expect(statedDefault('--heartbeat-interval')).toBe(String(PROTOCOL_DEFAULTS.heartbeatIntervalMs));
    expect(statedDefault('--log-root')).toBe(DEFAULT_LOG_ROOT);
  });
});
