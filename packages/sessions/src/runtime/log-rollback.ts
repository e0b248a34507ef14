import { existsSync, readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { LogStream } from '@ufo-ts/core';

const FILES: Record<Exclude<LogStream, 'evaluation'>, string> = { response: 'response.log', request: 'request.log' };

/**
 * Cuts `response.log` and `request.log` of a session folder back to the line counts a checkpoint recorded: the
 * lines after them were written by the step a crash interrupted, which the resumed session runs again (from its
 * journaled reply and results, so it writes the same lines once). Returns the counts now in the files.
 */
export function rollBackLogs(folder: string, lines: Record<Exclude<LogStream, 'evaluation'>, number>): Record<Exclude<LogStream, 'evaluation'>, number> {
  const out = { ...lines };
  for (const stream of Object.keys(FILES) as Array<keyof typeof FILES>) {
    const path = join(folder, FILES[stream]);
    if (!existsSync(path)) {
      out[stream] = 0;
      continue;
    }
    const text = readFileSync(path);
    let offset = 0;
    let seen = 0;
    while (seen < lines[stream]) {
      const next = text.indexOf(10, offset);
      if (next < 0) break;
      offset = next + 1;
      seen += 1;
    }
    out[stream] = seen;
    if (offset < text.length) truncateSync(path, offset);
  }
  return out;
}

/** The complete lines each log of a session folder holds now. */
export function countLogLines(folder: string): Record<Exclude<LogStream, 'evaluation'>, number> {
  const count = (name: string) => {
    const path = join(folder, name);
    if (!existsSync(path)) return 0;
    const text = readFileSync(path);
    let n = 0;
    for (let i = text.indexOf(10); i >= 0; i = text.indexOf(10, i + 1)) n += 1;
    return n;
  };
  return { response: count(FILES.response), request: count(FILES.request) };
}
