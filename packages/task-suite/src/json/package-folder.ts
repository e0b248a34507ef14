import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@ufo-ts/task-suite';

/**
 * The file of this module's code, from the stack of a fresh error: it works alike in the ES module and CommonJS
 * builds, in a bundle that holds this code (`import.meta` is empty in a CommonJS bundle) and under a test runner.
 */
export function thisModuleFile(): string | undefined {
  const original = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    const frames = new Error().stack as unknown as NodeJS.CallSite[] | undefined;
    const name = Array.isArray(frames) ? frames[0]?.getFileName() : undefined;
    if (name === undefined || name === null) return undefined;
    return name.startsWith('file:') ? fileURLToPath(name) : name;
  } catch {
    return undefined;
  } finally {
    Error.prepareStackTrace = original;
  }
}

function packageName(folder: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/**
 * The folder of this package (holding its package.json): the first folder upwards of this module's that is the
 * package, or else holds it under `node_modules/` (when the code is bundled into another program, such as the
 * `ufo` command); undefined when neither is found.
 */
export function packageFolder(): string | undefined {
  const file = thisModuleFile();
  for (let folder = file === undefined ? undefined : dirname(file); folder !== undefined;) {
    if (packageName(folder) === PACKAGE_NAME) return folder;
    const installed = join(folder, 'node_modules', ...PACKAGE_NAME.split('/'));
    if (existsSync(installed) && packageName(installed) === PACKAGE_NAME) return realpathSync(installed);
    const parent = dirname(folder);
    folder = parent === folder ? undefined : parent;
  }
  return undefined;
}
