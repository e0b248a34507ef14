import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The newest screenshot (`.png`) directly in a task's log folder, as a file name, or undefined when there is none.
 * @example
 * await latestScreenshot('/var/ufo/logs/calc-1a2b3c4d5e6f'); // 'action_step1.png'
 */
export async function latestScreenshot(folder: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.png'));
  } catch {
    return undefined;
  }
  let newest: { name: string; at: number } | undefined;
  for (const name of names) {
    try {
      const at = (await stat(join(folder, name))).mtimeMs;
      if (!newest || at > newest.at || (at === newest.at && name > newest.name)) newest = { name, at };
    } catch {
      // removed meanwhile
    }
  }
  return newest?.name;
}
