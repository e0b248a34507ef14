import { readFileSync } from 'node:fs';
import type { ChatModel } from '@ufo-ts/core';
import { ReplayModel, createModelFromConfig, parseCassette, type ModelConfigInput } from '@ufo-ts/llm-providers';
import { CliUsageError } from './errors.js';

/** How `ufo serve` gets a model for each task. */
export interface ModelOptions {
  /** A JSONL cassette replayed for every task (no API key needed). */
  replay?: string;
  /** A JSON file with one model configuration (`{ provider, model, ... }` of `@ufo-ts/llm-providers`). */
  modelConfig?: string;
  /** Provider name (with `model`), e.g. `openai`. */
  provider?: string;
  /** Model id (with `provider`), e.g. `gpt-4o`. */
  model?: string;
  /** API root for the provider. */
  baseUrl?: string;
}

/** The model flags as parsed by `parseOptions` (`--replay`, `--model-config`, `--provider`, `--model`, `--base-url`). */
export interface ModelFlagValues {
  replay?: string | undefined;
  'model-config'?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
  'base-url'?: string | undefined;
}

/** {@link ModelOptions} from the parsed model flags (absent flags stay absent). */
export function modelOptionsFromFlags(values: ModelFlagValues): ModelOptions {
  return {
    ...(values.replay !== undefined ? { replay: values.replay } : {}),
    ...(values['model-config'] !== undefined ? { modelConfig: values['model-config'] } : {}),
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
  };
}

/**
 * Builds the per-task model factory of `ufo serve` from its options: `--replay` (each task replays the cassette
 * from its start), `--model-config <file.json>`, or `--provider` with `--model`. The configuration is checked now,
 * so a bad one fails at startup rather than at the first task.
 * @throws CliUsageError when no (or more than one) source is given or the configuration is invalid.
 */
export function modelFactoryFromOptions(
  options: ModelOptions,
  env: Record<string, string | undefined>,
): { describe: string; create: (task?: { resumedAtStep?: number }) => ChatModel } {
  const sources = [options.replay !== undefined, options.modelConfig !== undefined, options.provider !== undefined || options.model !== undefined].filter(
    Boolean,
  ).length;
  if (sources === 0) throw new CliUsageError('choose a model: --replay <cassette.jsonl>, --model-config <file.json>, or --provider <name> --model <id>');
  if (sources > 1) throw new CliUsageError('give only one of --replay, --model-config, --provider/--model');
  if (options.replay !== undefined) {
    const text = readText(options.replay, 'cassette');
    try {
      parseCassette(text);
    } catch (error) {
      throw new CliUsageError(`the cassette ${options.replay} is invalid: ${(error as Error).message}`, { cause: error });
    }
    // a session that resumed after waiting for a person continues the cassette after the steps it had taken
    const fromStep = (task?: { resumedAtStep?: number }) =>
      text
        .split('\n')
        .filter((line) => line.trim())
        .slice(task?.resumedAtStep ?? 0)
        .join('\n');
    return { describe: `replay of ${options.replay}`, create: (task) => new ReplayModel({ cassette: fromStep(task) }) };
  }
  let config: ModelConfigInput;
  if (options.modelConfig !== undefined) {
    try {
      config = JSON.parse(readText(options.modelConfig, 'model configuration')) as ModelConfigInput;
    } catch (error) {
      if (error instanceof CliUsageError) throw error;
      throw new CliUsageError(`the model configuration ${options.modelConfig} is not JSON: ${(error as Error).message}`, { cause: error });
    }
  } else {
    if (!options.provider || !options.model) throw new CliUsageError('--provider and --model go together');
    config = { provider: options.provider as ModelConfigInput['provider'], model: options.model, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) };
  }
  try {
    createModelFromConfig(config, { env });
  } catch (error) {
    throw new CliUsageError(`the model configuration is invalid: ${(error as Error).message}`, { cause: error });
  }
  return { describe: `${config.provider}/${config.model}`, create: () => createModelFromConfig(config, { env }) };
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliUsageError(`cannot read the ${what} ${path}: ${(error as Error).message}`, { cause: error });
  }
}
