import type { ChatModel } from '@ufo-ts/core';
import { createModelFromConfig, type ModelConfigInput } from '@ufo-ts/llm-providers';
import { ActionCache, FileActionCacheStore } from '@ufo-ts/sessions';
import * as suite from '@ufo-ts/task-suite';
import { resolve } from 'node:path';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { intOption, parseOptions } from '../parse-options.js';

/** The model `ufo eval` uses from the environment, or undefined for the reference solutions. */
export function evalModelFromEnv(env: Record<string, string | undefined>): { config: ModelConfigInput; describe: string } | undefined {
  if (env.OPENAI_API_KEY) {
    const model = env.UFO_MODEL ?? 'gpt-4o';
    return { config: { provider: 'openai', model, ...(env.OPENAI_BASE_URL ? { baseUrl: env.OPENAI_BASE_URL } : {}) }, describe: `OpenAI ${model}` };
  }
  if (env.ANTHROPIC_API_KEY) {
    const model = env.UFO_MODEL ?? 'claude-sonnet-4-5';
    return { config: { provider: 'anthropic', model }, describe: `Anthropic ${model}` };
  }
  if (env.UFO_BASE_URL) {
    if (!env.UFO_MODEL) throw new CliUsageError('UFO_BASE_URL is set: also set UFO_MODEL to the model the server serves');
    return {
      config: { provider: 'openai-compatible', model: env.UFO_MODEL, baseUrl: env.UFO_BASE_URL, ...(env.UFO_API_KEY ? { apiKeyEnv: 'UFO_API_KEY' } : {}) },
      describe: `${env.UFO_MODEL} at ${env.UFO_BASE_URL}`,
    };
  }
  return undefined;
}

const REFERENCE = 'reference solutions (grounded scripted model)';

/**
 * The model `--model` names: `reference` (the grounded reference player) or `imperfect:<kind>[:<seed>]`.
 *
 * @throws CliUsageError with the task suite's `MODEL_SPEC_INVALID` message for any other spec.
 */
export function scriptedModel(spec: string, nativeTools: boolean): { model?: suite.RunSuiteOptions['model']; describe: string } {
  if (spec.trim() === 'reference') return { describe: REFERENCE };
  let parsed: suite.ImperfectModelSpec;
  try {
    parsed = suite.parseModelSpec(spec);
  } catch (error) {
    throw new CliUsageError(`--model: ${(error as Error).message} (or reference, the reference solutions)`, { cause: error });
  }
  const { kind, seed } = parsed;
  return {
    model: (task, ctx) => suite.imperfectModelFor(task, ctx, { kind, seed, nativeTools }),
    describe: `imperfect model ${kind} (seed ${seed}) on the reference solutions`,
  };
}

/** The implementation of `ufo eval` (loaded on demand, with the task suite). */
export async function evalImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values } = parseOptions(args, {
    tasks: { type: 'string' },
    runs: { type: 'string' },
    json: { type: 'string' },
    'cpu-load': { type: 'string' },
    reference: { type: 'boolean' },
    model: { type: 'string' },
    'native-tools': { type: 'boolean' },
    'computer-use': { type: 'string' },
    suite: { type: 'string' },
    'tasks-dir': { type: 'string' },
    monitor: { type: 'string' },
    'no-validate': { type: 'boolean' },
    'no-finish-check': { type: 'boolean' },
    batch: { type: 'boolean' },
    robustness: { type: 'string' },
    cache: { type: 'string' },
    'replay-only': { type: 'boolean' },
    list: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const tasks = values['tasks-dir'] !== undefined ? tasksFromDir(values['tasks-dir'], values.suite) : suiteTasks(values.suite);
  if (values.list) {
    for (const task of tasks) io.stdout(`${task.id.padEnd(36)} ${task.app} (${task.toolkit}): ${task.summary}\n`);
    return 0;
  }
  const ids = values.tasks
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    suite.selectTasks(ids, tasks);
  } catch (error) {
    throw new CliUsageError((error as Error).message, { cause: error });
  }
  const guards = guardOptions(values);
  const computerUse = computerUseOption(values);
  if (values.robustness !== undefined) return robustnessImpl(values.robustness, { tasks, ids, values, io, native: values['native-tools'] === true });
  const runs = intOption(values.runs, 'runs', 1)!;
  if (runs < 1) throw new CliUsageError('--runs must be at least 1');
  const load = intOption(values['cpu-load'], 'cpu-load', 0)!;
  const toolMode = values['native-tools'] ? 'native' : 'text';
  const scripted = values.model === undefined ? undefined : scriptedModel(values.model, toolMode === 'native');
  const fromEnv = values.reference || scripted || computerUse ? undefined : evalModelFromEnv(io.env);
  if (fromEnv) {
    try {
      createModelFromConfig(fromEnv.config, { env: io.env });
    } catch (error) {
      throw new CliUsageError(`the model from the environment is invalid: ${(error as Error).message}`, { cause: error });
    }
  }
  const model = fromEnv ? (): ChatModel => createModelFromConfig(fromEnv.config, { env: io.env }) : scripted?.model;
  const describe = computerUse
    ? `reference solutions played on the screen (computer-use mode, ${computerUse.wire === 'openai' ? 'OpenAI Responses computer_call' : 'Anthropic Messages tool_use'} replies)`
    : (fromEnv?.describe ?? scripted?.describe ?? REFERENCE);
  const jsonPath = values.json ? resolve(values.json) : undefined;
  io.stderr(
    `model: ${describe}${values.batch ? ' (batched replies)' : ''}${toolMode === 'native' ? '; native tool mode' : ''}; monitor ${guards.progress.mode}${guards.validateBatches ? '' : ', batches not validated'}${guards.finishCheck ? '' : ', no finish check'}${load ? `; ${load} CPU-bound processes running` : ''}\n`,
  );
  if (values['replay-only'] && values.cache === undefined) throw new CliUsageError('--replay-only needs --cache');
  const cache =
    values.cache !== undefined
      ? new ActionCache({ store: new FileActionCacheStore(resolve(values.cache)), ...(values['replay-only'] ? { heal: false } : {}) })
      : undefined;
  const cpu = load > 0 ? suite.startCpuLoad(load) : undefined;
  let results;
  try {
    results = await suite.runSuite({
      tasks,
      ...(ids ? { ids } : {}),
      runs,
      toolMode,
      ...guards,
      ...(values.batch ? { batchReplies: true } : {}),
      ...(model ? { model } : {}),
      ...(computerUse ? { computerUse } : {}),
      ...(cache ? { cache } : {}),
      ...(jsonPath ? { logRoot: `${jsonPath.replace(/\.json$/i, '')}-logs` } : {}),
      onResult: (r) =>
        io.stderr(
          `${r.passed ? 'pass' : r.skipped ? 'skip' : 'FAIL'} ${r.id}${runs > 1 ? ` #${r.run}` : ''} (${r.steps} steps, ${(r.ms / 1000).toFixed(1)} s${r.cache ? `, cache ${r.cache.outcome}, ${r.modelCalls} model calls` : ''})${r.passed ? '' : `: ${r.error ?? r.detail}`}\n`,
        ),
    });
  } finally {
    await cpu?.stop();
  }
  io.stdout(`${suite.formatResultsTable(results, suite.KNOWN_PLATFORM_FAILURES)}\n`);
  if (jsonPath) {
    const written = suite.writeEvalReport(jsonPath, results, describe);
    io.stdout(`json: ${written.json}\nhtml: ${written.html}\n`);
  }
  return results.every((r) => r.passed || r.skipped) ? 0 : 1;
}

const SUITES = ['core', 'traps', 'perception', 'office', 'all'] as const;
const WIRES = ['openai', 'anthropic'] as const;

/**
 * `--computer-use openai|anthropic`: every task in computer-use mode, the reference solutions answering through the
 * computer tool in that provider's wire format; undefined without the flag.
 *
 * @throws CliUsageError for another format, or with an option that does not apply to computer-use mode.
 */
export function computerUseOption(values: {
  'computer-use'?: string | undefined;
  model?: string | undefined;
  'native-tools'?: boolean | undefined;
  batch?: boolean | undefined;
  cache?: string | undefined;
  robustness?: string | undefined;
}): suite.ComputerUseRunOptions | undefined {
  const given = values['computer-use'];
  if (given === undefined) return undefined;
  const wire = WIRES.find((w) => w === given);
  if (!wire) throw new CliUsageError(`--computer-use must be one of ${WIRES.join(', ')} (got "${given}")`);
  const clash = (['model', 'native-tools', 'batch', 'cache', 'robustness'] as const).find((name) => values[name] !== undefined && values[name] !== false);
  if (clash) throw new CliUsageError(`--computer-use cannot be combined with --${clash}`);
  return { wire };
}
const MONITOR_MODES = ['off', 'warn', 'enforce'] as const;

/**
 * The tasks `--suite` names: the core tasks (default), the trap tasks, the perception tasks, the office tasks
 * (the task files the suite ships), or all of them.
 */
export function suiteTasks(name: string | undefined): readonly suite.DesktopTask[] {
  const chosen = SUITES.find((s) => s === (name ?? 'core'));
  if (!chosen) throw new CliUsageError(`--suite must be one of ${SUITES.join(', ')} (got "${name}")`);
  if (chosen === 'office') return officeTasks();
  if (chosen === 'all') return [...suite.TASKS, ...suite.TRAP_TASKS, ...suite.PERCEPTION_TASKS, ...officeTasks()];
  return { core: suite.TASKS, traps: suite.TRAP_TASKS, perception: suite.PERCEPTION_TASKS }[chosen];
}

/** The task files the suite ships; an invalid one is a usage error naming the file. */
function officeTasks(): suite.DesktopTask[] {
  try {
    return suite.officeTasks();
  } catch (error) {
    throw new CliUsageError(`the office tasks: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The tasks of `--tasks-dir`: every `*.task.json` under the folder.
 *
 * @throws CliUsageError when `--suite` is given too, the folder has no task file, or a file is invalid (the
 * message names the file and the fields).
 */
export function tasksFromDir(dir: string, suiteName?: string): suite.DesktopTask[] {
  if (suiteName !== undefined) throw new CliUsageError('--tasks-dir and --suite cannot be combined');
  let tasks: suite.DesktopTask[];
  try {
    tasks = suite.loadJsonTasks(resolve(dir));
  } catch (error) {
    throw new CliUsageError(`--tasks-dir: ${(error as Error).message}`, { cause: error });
  }
  if (tasks.length === 0) throw new CliUsageError(`--tasks-dir: no *.task.json file under ${resolve(dir)}`);
  return tasks;
}

/** The engine's guards from `--monitor`, `--no-validate` and `--no-finish-check` (default: enforce, validate, check). */
export function guardOptions(values: { monitor?: string | undefined; 'no-validate'?: boolean | undefined; 'no-finish-check'?: boolean | undefined }) {
  const mode = MONITOR_MODES.find((m) => m === (values.monitor ?? 'enforce'));
  if (!mode) throw new CliUsageError(`--monitor must be one of ${MONITOR_MODES.join(', ')} (got "${values.monitor}")`);
  return { progress: { mode }, validateBatches: values['no-validate'] !== true, finishCheck: values['no-finish-check'] !== true };
}

/**
 * The models `--robustness` compares: `all` (the reference player, batched and not, and every imperfect kind) or
 * a list of `--model` specs (`reference`, `reference+batch`, `imperfect:<kind>[:<seed>]`).
 */
export function robustnessModels(list: string, nativeTools: boolean): suite.RobustnessModel[] {
  const specs =
    list.trim() === '' || list.trim() === 'all'
      ? ['reference', 'reference+batch', ...suite.IMPERFECT_KINDS.map((k) => `imperfect:${k}`)]
      : list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  return specs.map((spec) => {
    if (spec === 'reference+batch') return { name: spec, batchReplies: true };
    const scripted = scriptedModel(spec, nativeTools);
    return { name: spec, ...(scripted.model ? { model: scripted.model } : {}) };
  });
}

async function robustnessImpl(
  list: string,
  options: {
    tasks: readonly suite.DesktopTask[];
    ids: string[] | undefined;
    values: { runs?: string | undefined; json?: string | undefined };
    io: CliIo;
    native: boolean;
  },
): Promise<number> {
  const { io, values } = options;
  const models = robustnessModels(list, options.native);
  const runs = intOption(values.runs, 'runs', 1)!;
  if (runs < 1) throw new CliUsageError('--runs must be at least 1');
  io.stderr(`robustness: ${models.map((m) => m.name).join(', ')} × guards on/off × ${options.ids?.length ?? options.tasks.length} tasks × ${runs} run(s)\n`);
  const report = await suite.runRobustness({
    models,
    tasks: options.tasks,
    ...(options.ids ? { ids: options.ids } : {}),
    runs,
    onResult: (r) =>
      io.stderr(
        `${r.passed ? 'pass' : r.skipped ? 'skip' : 'FAIL'} ${r.model} [guards ${r.arm}] ${r.id}${runs > 1 ? ` #${r.run}` : ''} (${r.modelCalls} calls, ${r.stopReason ?? '-'})\n`,
      ),
  });
  io.stdout(`${suite.formatRobustnessTable(report)}\n`);
  if (values.json) {
    const written = suite.writeRobustnessReport(resolve(values.json), report);
    io.stdout(`json: ${written.json}\nhtml: ${written.html}\n`);
  }
  return 0;
}
