import { afterEach, describe, expect, it } from 'vitest';
import { LaunchFailedError, LaunchRefusedError } from '../errors.js';
import { appKey, resolveAllowList } from './app-allow-list.js';
import { AppLauncher } from './app-launcher.js';
import { splitCommandLine } from './command-line.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  }
});

describe('splitCommandLine', () => {
  it('keeps Windows paths intact and groups quoted arguments', () => {
    expect(splitCommandLine('powerpnt "C:\\Users\\me\\Desktop\\test.pptx"')).toEqual(['powerpnt', 'C:\\Users\\me\\Desktop\\test.pptx']);
    expect(splitCommandLine('  notepad   C:\\temp\\new.txt\t')).toEqual(['notepad', 'C:\\temp\\new.txt']);
    expect(splitCommandLine('app "say ""hi""" "" x')).toEqual(['app', 'say "hi"', '', 'x']);
  });
});

describe('resolveAllowList', () => {
  const env = { SystemRoot: 'C:\\Windows', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local', PATH: 'C:\\Tools;relative\\dir' };
  const files = new Set(['C:\\Windows\\System32\\notepad.exe', 'C:\\Windows\\System32\\calc.exe', 'C:\\Tools\\code.exe']);

  it('resolves known places and PATH to absolute paths and leaves out what is not installed', () => {
    const resolved = resolveAllowList({ env, platform: 'win32', exists: (f) => files.has(f) });
    expect(Object.fromEntries(resolved)).toEqual({
      notepad: 'C:\\Windows\\System32\\notepad.exe',
      calc: 'C:\\Windows\\System32\\calc.exe',
      code: 'C:\\Tools\\code.exe',
    });
  });

  it('skips candidates whose %VARIABLE% is not set', () => {
    const resolved = resolveAllowList({ env: {}, platform: 'win32', exists: () => true, searchPath: false, apps: { notepad: ['%SystemRoot%\\notepad.exe'] } });
    expect(resolved.size).toBe(0);
  });

  it('normalises names', () => {
    expect(appKey('C:\\Windows\\NOTEPAD.EXE')).toBe('notepad');
  });
});

describe('AppLauncher', () => {
  const allowList = resolveAllowList({ apps: { sleep: ['/bin/sleep', '/usr/bin/sleep'] }, platform: 'posix' });
  const launcher = new AppLauncher({ allowList, settleMs: 0, platform: 'posix' });

  it('starts an allowed program from its absolute path with an argv, no shell', async () => {
    const result = await launcher.launchCommandLine('sleep 30');
    started.push(result.pid);
    expect(result.pid).toBeGreaterThan(0);
    expect(result.executable).toMatch(/^\/(usr\/)?bin\/sleep$/);
    expect(result.args).toEqual(['30']);
    expect(() => process.kill(result.pid, 0)).not.toThrow();
  });

  it.each([
    ['rm -rf /tmp/x', /'rm' is not an allowed application\. Allowed: sleep\./],
    ['/tmp/evil/sleep 1', /is not the allowed sleep/],
    ['sleep --remote-debugging-port=9222', /not allowed/],
    ['', /empty/],
  ])('refuses %j', async (command, message) => {
    await expect(launcher.launchCommandLine(command)).rejects.toThrow(message);
    await expect(launcher.launchCommandLine(command)).rejects.toBeInstanceOf(LaunchRefusedError);
  });

  it('refuses arguments with line breaks even as argv', async () => {
    await expect(launcher.launch('sleep', ['1\n; rm -rf /'])).rejects.toThrow(/line break/);
  });

  it('reports an allowed program that cannot start as LAUNCH_FAILED', async () => {
    const broken = new AppLauncher({ allowList: new Map([['ghost', '/nonexistent/ghost']]), settleMs: 0, platform: 'posix' });
    const error = await broken.launch('ghost').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LaunchFailedError);
    expect((error as LaunchFailedError).code).toBe('LAUNCH_FAILED');
  });
});
