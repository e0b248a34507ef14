import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { TaskSuiteError } from '../errors.js';
import type { TaskWorkspace } from '../task.js';
import type { SetupStep } from './json-task-schema.js';
import { placeholderValues, substituteDeep } from './placeholders.js';

/**
 * The fixture a `from` step names, resolved against the task file's folder.
 *
 * @throws TaskSuiteError `TASK_FILE_INVALID` when the path is absolute or leaves that folder (`../x`).
 */
export function fixturePath(taskFolder: string, from: string): string {
  const full = resolve(taskFolder, from);
  const rel = relative(taskFolder, full);
  if (isAbsolute(from) || rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new TaskSuiteError('TASK_FILE_INVALID', `fixture "${from}" is outside the task's folder ${taskFolder}`);
  }
  return full;
}

/** Options of {@link runSetupSteps}. */
export interface SetupStepsOptions {
  /** The folder of the task file (fixtures are relative to it). */
  taskFolder: string;
  /** The task id, for messages. */
  id: string;
}

/**
 * Runs a task file's set-up steps in order, placeholders substituted. Throws on the first failing step (the
 * runner reports it as a set-up failure).
 *
 * @example
 * ```ts
 * await runSetupSteps([{ file: 'a.txt', text: 'x' }, { launch: 'mousepad', args: ['{path:a.txt}'] }], ctx, { taskFolder, id: 'demo' });
 * ```
 */
export async function runSetupSteps(steps: readonly SetupStep[], ctx: TaskWorkspace, options: SetupStepsOptions): Promise<void> {
  const values = placeholderValues(ctx);
  for (const [i, raw] of steps.entries()) {
    const step = substituteDeep(raw, values);
    try {
      await runStep(step, ctx, options);
    } catch (error) {
      throw new Error(`set-up step ${i + 1} (${describeStep(step)}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** A set-up step in a few words, for messages. */
export function describeStep(step: SetupStep): string {
  if ('launch' in step) return `launch ${step.launch}`;
  if ('run' in step) return `run ${step.run}`;
  if ('wait' in step) return `wait ${step.wait} s`;
  if ('settings' in step) return `settings ${step.settings}`;
  return 'from' in step ? `copy ${step.from} to ${step.file}` : `write ${step.file}`;
}

async function runStep(step: SetupStep, ctx: TaskWorkspace, options: SetupStepsOptions): Promise<void> {
  if ('launch' in step) {
    const launchOptions = step.env ? { env: step.env } : {};
    const timeoutMs = (step.timeoutSeconds ?? 60) * 1000;
    const app =
      step.timeoutSeconds === undefined
        ? await ctx.launch(step.launch, step.args ?? [], launchOptions)
        : ctx.desktop.launchApp(step.launch, step.args ?? [], { cwd: ctx.dir, ...launchOptions });
    if (step.timeoutSeconds !== undefined) await app.waitForFrame({ timeoutMs });
    if (step.window !== undefined) await app.waitForWindow({ title: step.window, timeoutMs });
    return;
  }
  if ('run' in step) return runToCompletion(step.run, step.args ?? [], ctx, (step.timeoutSeconds ?? 60) * 1000);
  if ('wait' in step) return new Promise((done) => setTimeout(done, step.wait * 1000));
  if ('settings' in step) {
    const config = placeholderValues(ctx).config;
    return writeText(join(config, step.settings), step.text);
  }
  const target = ctx.path(step.file);
  if ('from' in step) {
    const source = fixturePath(options.taskFolder, step.from);
    if (!existsSync(source)) throw new Error(`fixture ${source} does not exist`);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
    return;
  }
  writeText(target, step.text);
}

function writeText(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Runs a program to completion in the task folder with the desktop's environment; rejects on a non-zero exit. */
function runToCompletion(program: string, args: readonly string[], ctx: TaskWorkspace, timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(program, args, { cwd: ctx.dir, env: { ...ctx.desktop.env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(new Error(`${program} could not start: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return done();
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      fail(
        new Error(
          `${program} ${signal ? `was killed (${signal}${signal === 'SIGKILL' ? `, over ${timeoutMs / 1000} s` : ''})` : `exited with ${code}`}${tail ? `: ${tail}` : ''}`,
        ),
      );
    });
  });
}
