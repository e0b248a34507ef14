import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TASKS, missingPrograms } from '@ufo-ts/task-suite';
import { describe, expect, it } from 'vitest';
import { computerUseOption } from '../src/session-commands/eval-impl.js';
import { runCli, type CliIo } from '../src/index.js';

function io(): CliIo & { out: string; err: string } {
  const capture = {
    out: '',
    err: '',
    env: {},
    signal: new AbortController().signal,
    stdout: (t: string) => void (capture.out += t),
    stderr: (t: string) => void (capture.err += t),
  };
  return capture;
}

const task = TASKS.find((t) => t.id === 'galculator-clicks')!;
const desktop = missingPrograms(task).length === 0 && spawnSync('sh', ['-c', 'command -v Xvfb']).status === 0;

describe('ufo eval --computer-use', () => {
  it('takes openai or anthropic, and refuses another format or an option that does not apply', async () => {
    expect(computerUseOption({})).toBeUndefined();
    expect(computerUseOption({ 'computer-use': 'openai' })).toEqual({ wire: 'openai' });
    expect(computerUseOption({ 'computer-use': 'anthropic' })).toEqual({ wire: 'anthropic' });
    expect(() => computerUseOption({ 'computer-use': 'gemini' })).toThrow(/--computer-use must be one of openai, anthropic \(got "gemini"\)/);
    expect(() => computerUseOption({ 'computer-use': 'openai', 'native-tools': true })).toThrow(/cannot be combined with --native-tools/);
    const clash = io();
    expect(await runCli(['eval', '--computer-use', 'anthropic', '--model', 'imperfect:stubborn', '--tasks', 'galculator-clicks'], clash)).toBe(2);
    expect(clash.err).toContain('--computer-use cannot be combined with --model');
  });

  it.skipIf(!desktop)('runs a task in computer-use mode with Anthropic replies and reports the real check', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ufo-eval-cu-'));
    try {
      const run = io();
      const json = join(dir, 'cu.json');
      expect(await runCli(['eval', '--computer-use', 'anthropic', '--tasks', 'galculator-clicks', '--json', json], run)).toBe(0);
      expect(run.err).toContain('computer-use mode, Anthropic Messages tool_use replies');
      const report = JSON.parse(readFileSync(json, 'utf8')) as { tasks: Array<{ id: string; passed: boolean; detail: string }> };
      expect(report.tasks).toMatchObject([{ id: 'galculator-clicks', passed: true }]);
      expect(report.tasks[0]!.detail).toContain('"408"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
