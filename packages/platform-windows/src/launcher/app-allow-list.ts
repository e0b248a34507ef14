import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * UFO's launcher allow-list (`cli_mcp_server.py`) with where each program usually lives. `%VAR%` is expanded from
 * the environment. A name not found at these places is looked up on PATH.
 */
export const DEFAULT_LAUNCHABLE_APPS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  notepad: ['%SystemRoot%\\System32\\notepad.exe', '%SystemRoot%\\notepad.exe'],
  calc: ['%SystemRoot%\\System32\\calc.exe'],
  mspaint: ['%SystemRoot%\\System32\\mspaint.exe', '%LOCALAPPDATA%\\Microsoft\\WindowsApps\\mspaint.exe'],
  wordpad: ['%ProgramFiles%\\Windows NT\\Accessories\\wordpad.exe'],
  explorer: ['%SystemRoot%\\explorer.exe'],
  msedge: ['%ProgramFiles(x86)%\\Microsoft\\Edge\\Application\\msedge.exe', '%ProgramFiles%\\Microsoft\\Edge\\Application\\msedge.exe'],
  chrome: [
    '%ProgramFiles%\\Google\\Chrome\\Application\\chrome.exe',
    '%ProgramFiles(x86)%\\Google\\Chrome\\Application\\chrome.exe',
    '%LOCALAPPDATA%\\Google\\Chrome\\Application\\chrome.exe',
  ],
  firefox: ['%ProgramFiles%\\Mozilla Firefox\\firefox.exe', '%ProgramFiles(x86)%\\Mozilla Firefox\\firefox.exe'],
  winword: office('WINWORD.EXE'),
  excel: office('EXCEL.EXE'),
  powerpnt: office('POWERPNT.EXE'),
  outlook: office('OUTLOOK.EXE'),
  onenote: office('ONENOTE.EXE'),
  code: ['%LOCALAPPDATA%\\Programs\\Microsoft VS Code\\Code.exe', '%ProgramFiles%\\Microsoft VS Code\\Code.exe'],
});

function office(exe: string): string[] {
  return ['%ProgramFiles%', '%ProgramFiles(x86)%'].map((root) => `${root}\\Microsoft Office\\root\\Office16\\${exe}`);
}

/** Options of {@link resolveAllowList}. */
export interface ResolveAllowListOptions {
  /** Program name → candidate paths (default {@link DEFAULT_LAUNCHABLE_APPS}). */
  apps?: Readonly<Record<string, readonly string[]>>;
  /** Environment for `%VAR%` expansion and PATH (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Path rules: `win32` (default on Windows) or `posix`. */
  platform?: 'win32' | 'posix';
  /** Look names up on PATH when no candidate exists (default true). */
  searchPath?: boolean;
  /** File check (default `fs.existsSync`); injectable for tests. */
  exists?: (file: string) => boolean;
}

/** Normalises a program name for lookup: lower case, no directory, no `.exe`. */
export function appKey(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.toLowerCase().replace(/\.exe$/, '');
}

function expandEnv(value: string, env: NodeJS.ProcessEnv): string | undefined {
  let missing = false;
  const out = value.replace(/%([^%]+)%/g, (_, name: string) => {
    const hit = Object.entries(env).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    if (hit === undefined) missing = true;
    return hit ?? '';
  });
  return missing ? undefined : out;
}

/**
 * Resolves allow-listed program names to absolute executable paths, once, at server start. Names that resolve
 * nowhere are left out (they cannot be launched). Only absolute paths come out, so a launch never depends on
 * the current directory or a PATH changed later.
 */
export function resolveAllowList(options: ResolveAllowListOptions = {}): Map<string, string> {
  const apps = options.apps ?? DEFAULT_LAUNCHABLE_APPS;
  const env = options.env ?? process.env;
  const flavour = (options.platform ?? (process.platform === 'win32' ? 'win32' : 'posix')) === 'win32' ? path.win32 : path.posix;
  const exists = options.exists ?? existsSync;
  const pathDirs = (env.PATH ?? env.Path ?? '').split(flavour.delimiter).filter((d) => flavour.isAbsolute(d));
  const resolved = new Map<string, string>();
  for (const [name, candidates] of Object.entries(apps)) {
    let found: string | undefined;
    for (const candidate of candidates) {
      const expanded = expandEnv(candidate, env);
      if (expanded && flavour.isAbsolute(expanded) && exists(expanded)) {
        found = flavour.normalize(expanded);
        break;
      }
    }
    if (!found && options.searchPath !== false) {
      const fileNames = flavour === path.win32 ? [`${name}.exe`] : [name];
      for (const dir of pathDirs) {
        const file = fileNames.map((f) => flavour.join(dir, f)).find((f) => exists(f));
        if (file) {
          found = file;
          break;
        }
      }
    }
    if (found) resolved.set(appKey(name), found);
  }
  return resolved;
}
