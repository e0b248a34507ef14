/**
 * `@ufo-ts/config`: the configuration of ufo-ts. YAML files with `${VAR}` expansion, validated by zod with errors
 * that name the file, the line, the key and what was expected; a JSON Schema for editors; the original UFO keys
 * converted; and factories for the configured models, dispatcher and embedding model.
 */
export { ConfigError, formatProblem, type ConfigErrorCode, type ConfigProblem } from './errors.js';
export {
  AgentSettingsSchema,
  BatchConfigSchema,
  DemonstrationsConfigSchema,
  EmbeddingConfigSchema,
  CapturesConfigSchema,
  EvaluationConfigSchema,
  ExperienceConfigSchema,
  OperatorConfigSchema,
  ReportsConfigSchema,
  SessionConfigSchema,
  UfoConfigSchema,
  configJsonSchema,
  type UfoConfig,
  type UfoConfigInput,
} from './schema/ufo-config-schema.js';
export { loadConfig, parseConfigText, type LoadConfigOptions, type LoadedConfig } from './load/load-config.js';
export { expandEnv } from './load/expand-env.js';
export { closest } from './load/format-issues.js';
export { MAX_CONFIG_FILE_BYTES, MAX_CONFIG_ALIASES } from './load/yaml-source.js';
export { ORIGINAL_KEY_MAP, renderOriginalKeyTable, type OriginalKeyMapping } from './original/original-keys.js';
export { fromUfoConfig, isOriginalUfoConfig, type ConvertedConfig } from './original/from-ufo-config.js';
export { createModels, type ConfiguredModels } from './runtime/create-models.js';
export { createDispatcher } from './runtime/create-dispatcher.js';
export { createEmbeddingModel, type EmbeddingModelOptions } from './runtime/embedding-model.js';
