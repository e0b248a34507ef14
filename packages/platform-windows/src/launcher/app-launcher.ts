import { spawn } from 'node:child_process';
import path from 'node:path';
import { errorMessage } from '@ufo-ts/core';
import { LaunchFailedError, LaunchRefusedError } from '../errors.js';
import { appKey } from './app-allow-list.js';
import { splitCommandLine } from './command-line.js';

/** Arguments refused for every program: they turn a launcher into remote control or weaken browser security. */
export const DEFAULT_DENIED_ARGUMENTS: readonly RegExp[] = Object.freeze([
  /^--remote-debugging/i,
  /^--load-extension/i,
  /^--(?:renderer|utility|gpu|browser-subprocess)-(?:cmd-prefix|path)/i,
  /^--no-sandbox$/i,
  /^--disable-web-security$/i,
  /^--user-data-dir/i,
  /^\/(?:c|k)$/i,
]);

/** Options of {@link AppLauncher}. */
export interface AppLauncherOptions {
  /** Allowed programs: name (lower case, no `.exe`) → absolute executable path (see `resolveAllowList`). */
  allowList: ReadonlyMap<string, string>;
  /** Arguments refused for every program (default {@link DEFAULT_DENIED_ARGUMENTS}). */
  deniedArguments?: readonly RegExp[];
  /** Wait after a successful start so its window can appear before the next step lists windows (ms, default 2000). */
  settleMs?: number;
  /** Path rules for comparing an explicit path with the allowed one (default from the OS). */
  platform?: 'win32' | 'posix';
}

/** What a launch started. */
export interface LaunchResult {
  pid: number;
  executable: string;
  args: string[];
}

/**
 * Starts allow-listed programs with an argv, never through a shell (UFO's `CommandLineExecutor.run_shell`, minus
 * the shell-injection surface): the program must be on the allow-list, is run from its resolved absolute path,
 * and arguments cannot contain line breaks, NULs or denied options.
 */
export class AppLauncher {
  private readonly options: Required<Omit<AppLauncherOptions, 'platform'>> & { platform: 'win32' | 'posix' };

  constructor(options: AppLauncherOptions) {
    this.options = {
      deniedArguments: DEFAULT_DENIED_ARGUMENTS,
      settleMs: 2000,
      platform: process.platform === 'win32' ? 'win32' : 'posix',
      ...options,
    };
  }

  /** The allowed program names. */
  get allowed(): string[] {
    return [...this.options.allowList.keys()];
  }

  /** Parses a command line (`notepad "C:\notes.txt"`) and launches it. */
  async launchCommandLine(command: string, signal?: AbortSignal): Promise<LaunchResult> {
    const [program, ...args] = splitCommandLine(command);
    if (!program) throw new LaunchRefusedError('The command is empty.');
    return this.launch(program, args, signal);
  }

  /**
   * Launches `program` (an allowed name, or exactly its allowed path) with `args`.
   * @throws LaunchRefusedError (not allowed, bad argument), LaunchFailedError (the OS refused)
   */
  async launch(program: string, args: readonly string[] = [], signal?: AbortSignal): Promise<LaunchResult> {
    const executable = this.check(program, args);
    const child = spawn(executable, [...args], {
      shell: false,
      detached: true,
      stdio: 'ignore',
      windowsHide: false,
    });
    const pid = await new Promise<number>((resolve, reject) => {
      child.once('spawn', () => resolve(child.pid as number));
      child.once('error', (error) => reject(new LaunchFailedError(`Could not start ${executable}: ${errorMessage(error)}`, { cause: error })));
    });
    child.unref();
    if (this.options.settleMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.settleMs);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
    return { pid, executable, args: [...args] };
  }

  private check(program: string, args: readonly string[]): string {
    const key = appKey(program);
    const executable = this.options.allowList.get(key);
    if (!executable) {
      throw new LaunchRefusedError(`'${program}' is not an allowed application. Allowed: ${this.allowed.join(', ') || '(none found on this machine)'}.`);
    }
    const flavour = this.options.platform === 'win32' ? path.win32 : path.posix;
    if (/[\\/]/.test(program)) {
      const same =
        this.options.platform === 'win32'
          ? flavour.normalize(program).toLowerCase() === flavour.normalize(executable).toLowerCase()
          : flavour.normalize(program) === executable;
      if (!same) throw new LaunchRefusedError(`'${program}' is not the allowed ${key} (${executable}).`);
    }
    for (const arg of args) {
      if (/[\r\n\0]/.test(arg)) throw new LaunchRefusedError(`Argument ${JSON.stringify(arg)} contains a line break or NUL.`);
      const denied = this.options.deniedArguments.find((re) => re.test(arg));
      if (denied) throw new LaunchRefusedError(`Argument ${JSON.stringify(arg)} is not allowed (${denied}).`);
    }
    return executable;
  }
}
