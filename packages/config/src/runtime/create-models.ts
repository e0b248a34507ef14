import type { ChatModel } from '@ufo-ts/core';
import { createAgentModels, createModelFromConfig, type CreateAgentModelsOptions } from '@ufo-ts/llm-providers';
import { ConfigError } from '../errors.js';
import type { UfoConfig } from '../schema/ufo-config-schema.js';

/** The models by role, as `@ufo-ts/sessions` takes them (`SessionModels`). */
export type ConfiguredModels = Partial<Record<'HOST_AGENT' | 'APP_AGENT' | 'LINUX_AGENT' | 'OPERATOR' | 'EVALUATION_AGENT' | 'BACKUP', ChatModel>>;

/**
 * Builds the models of every configured role (`agents`, and `operator.model`). Throws {@link ConfigError} when no
 * model is configured, or a model block is unusable (a missing API key, a bad URL).
 *
 * @example
 * ```ts
 * const models = createModels(loadConfig({ files: ['ufo.yaml'] }).config);
 * const host = models.HOST_AGENT;
 * ```
 */
export function createModels(config: UfoConfig, options: CreateAgentModelsOptions = {}): ConfiguredModels {
  if (!config.agents && !config.operator.model) {
    throw new ConfigError([
      {
        file: '(configuration)',
        path: 'agents',
        message: 'no model is configured: add agents.HOST_AGENT (and APP_AGENT, LINUX_AGENT, EVALUATION_AGENT as needed)',
      },
    ]);
  }
  try {
    const models: ConfiguredModels = config.agents ? { ...createAgentModels(config.agents, options) } : {};
    if (config.operator.model) models.OPERATOR = createModelFromConfig(config.operator.model, options);
    return models;
  } catch (error) {
    throw new ConfigError([{ file: '(configuration)', path: 'agents', message: (error as Error).message }], { cause: error });
  }
}
