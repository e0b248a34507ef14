import type { ChatModel } from '@ufo-ts/core';
import { createModelFromConfig, type ModelConfigInput } from '@ufo-ts/llm-providers';
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

/** The implementation of `ufo eval` (loaded on demand, with the task suite). */
export async function evalImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values } = parseOptions(args, {
    tasks: { type: 'string' },
    runs: { type: 'string' },
    json: { type: 'string' },
    'cpu-load': { type: 'string' },
    reference: { type: 'boolean' },
    'native-tools': { type: 'boolean' },
    list: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (values.list) {
    for (const task of suite.TASKS) io.stdout(`${task.id.padEnd(36)} ${task.app} (${task.toolkit}): ${task.summary}\n`);
    return 0;
  }
  const ids = values.tasks?.split(',').map((s) => s.trim()).filter(Boolean);
  try {
    suite.selectTasks(ids);
  } catch (error) {
    throw new CliUsageError((error as Error).message, { cause: error });
  }
  const runs = intOption(values.runs, 'runs', 1)!;
  if (runs < 1) throw new CliUsageError('--runs must be at least 1');
  const load = intOption(values['cpu-load'], 'cpu-load', 0)!;
  const fromEnv = values.reference ? undefined : evalModelFromEnv(io.env);
  if (fromEnv) {
    try {
      createModelFromConfig(fromEnv.config, { env: io.env });
    } catch (error) {
      throw new CliUsageError(`the model from the environment is invalid: ${(error as Error).message}`, { cause: error });
    }
  }
  const model = fromEnv ? (): ChatModel => createModelFromConfig(fromEnv.config, { env: io.env }) : undefined;
  const describe = fromEnv?.describe ?? 'reference solutions (grounded scripted model)';
  const jsonPath = values.json ? resolve(values.json) : undefined;
  const toolMode = values['native-tools'] ? 'native' : 'text';
  io.stderr(`model: ${describe}${toolMode === 'native' ? '; native tool mode' : ''}${load ? `; ${load} CPU-bound processes running` : ''}\n`);
  const cpu = load > 0 ? suite.startCpuLoad(load) : undefined;
  let results;
  try {
    results = await suite.runSuite({
      ...(ids ? { ids } : {}),
      runs,
      toolMode,
      ...(model ? { model } : {}),
      ...(jsonPath ? { logRoot: `${jsonPath.replace(/\.json$/i, '')}-logs` } : {}),
      onResult: (r) => io.stderr(`${r.passed ? 'pass' : r.skipped ? 'skip' : 'FAIL'} ${r.id}${runs > 1 ? ` #${r.run}` : ''} (${r.steps} steps, ${(r.ms / 1000).toFixed(1)} s)${r.passed ? '' : `: ${r.error ?? r.detail}`}\n`),
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

