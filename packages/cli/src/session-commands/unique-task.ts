import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizeTaskName, timestampTaskName } from '@ufo-ts/core';

/** A task name whose log folder does not hold a session yet (`name`, `name-2`, `name-3`, ...). */
export function uniqueTaskName(logRoot: string, task: string | undefined): string {
  const base = sanitizeTaskName(task ?? timestampTaskName());
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!existsSync(join(logRoot, name, 'response.log')) && !existsSync(join(logRoot, name, 'checkpoint.json'))) return name;
  }
}
