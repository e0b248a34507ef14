import { spawnSync } from 'node:child_process';
import { PERCEPTION_TASKS, TASKS, TRAP_TASKS, missingPrograms } from '@ufo-ts/task-suite';
import { describe, expect, it } from 'vitest';
import { evalModelFromEnv, suiteTasks } from '../src/session-commands/eval-impl.js';
import { runCli, type CliIo } from '../src/index.js';

function io(env: Record<string, string> = {}): CliIo & { out: string; err: string } {
  const capture = {
    out: '',
    err: '',
    env,
    signal: new AbortController().signal,
    stdout: (text: string) => void (capture.out += text),
    stderr: (text: string) => void (capture.err += text),
  };
  return capture;
}

/** Xvfb and galculator are installed (the set-up installs them; a bare machine skips the real-app run). */
function desktopAvailable(): boolean {
  const task = TASKS.find((t) => t.id === 'galculator-clicks');
  return task !== undefined && missingPrograms(task).length === 0 && spawnSync('sh', ['-c', 'command -v Xvfb']).status === 0;
}

describe('ufo eval', () => {
  it('lists the tasks of the suite', async () => {
    const list = io();
    expect(await runCli(['eval', '--list'], list)).toBe(0);
    expect(list.out).toMatch(/^mousepad-save-as\s+mousepad \(GTK 3\)/m);
    expect(list.out).toMatch(/featherpad-save-as\s+featherpad \(Qt 5\)/);
  });

  it('--suite names the core, trap and perception tasks, and all of them', async () => {
    expect(suiteTasks(undefined)).toBe(TASKS);
    expect(suiteTasks('traps')).toBe(TRAP_TASKS);
    expect(suiteTasks('perception')).toBe(PERCEPTION_TASKS);
    expect(suiteTasks('all')).toEqual([...TASKS, ...TRAP_TASKS, ...PERCEPTION_TASKS]);
    expect(() => suiteTasks('drawn')).toThrow(/--suite must be one of core, traps, perception, all/);
    const list = io();
    expect(await runCli(['eval', '--suite', 'perception', '--list'], list)).toBe(0);
    expect(list.out).toMatch(/^xcalc-add\s+xcalc \(X toolkit\)/m);
    expect(list.out).toMatch(/tk-order-form\s+wish \(Tk order form\) \(Tk\)/);
  });

  it('refuses an unknown task id or a bad count as usage errors (exit 2)', async () => {
    const unknown = io();
    expect(await runCli(['eval', '--tasks', 'no-such-task'], unknown)).toBe(2);
    expect(unknown.err).toContain('unknown task id(s): no-such-task');
    const runs = io();
    expect(await runCli(['eval', '--runs', 'x'], runs)).toBe(2);
    expect(runs.err).toContain('--runs must be a non-negative integer');
  });

  it('takes the model from the environment, the reference solutions without a key', () => {
    expect(evalModelFromEnv({})).toBeUndefined();
    expect(evalModelFromEnv({ OPENAI_API_KEY: 'k' })).toMatchObject({ config: { provider: 'openai', model: 'gpt-4o' } });
    expect(evalModelFromEnv({ ANTHROPIC_API_KEY: 'k', UFO_MODEL: 'claude-x' })).toMatchObject({ config: { provider: 'anthropic', model: 'claude-x' } });
    expect(evalModelFromEnv({ UFO_BASE_URL: 'http://127.0.0.1:11434/v1', UFO_MODEL: 'qwen' })).toMatchObject({ config: { provider: 'openai-compatible', model: 'qwen' } });
    expect(() => evalModelFromEnv({ UFO_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/UFO_MODEL/);
  });

  it.skipIf(!desktopAvailable())('--native-tools runs a task with the agent in native tool mode', { timeout: 120_000 }, async () => {
    const run = io();
    expect(await runCli(['eval', '--tasks', 'galculator-clicks', '--native-tools', '--reference'], run)).toBe(0);
    expect(run.err).toContain('native tool mode');
    expect(run.err).toMatch(/^pass galculator-clicks/m);
  });
});
