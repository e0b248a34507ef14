/**
 * `@ufo-ts/config`: the configuration of ufo-ts. YAML files with `${VAR}` expansion, validated by zod with errors
 * that name the file, the line, the key and what was expected; a JSON Schema for editors; the original UFO keys
 * converted; and factories for the configured models, dispatcher and embedding model.
 */
export * from './errors.js';
export * from './schema/ufo-config-schema.js';
export * from './load/load-config.js';
export { expandEnv } from './load/expand-env.js';
export { closest } from './load/format-issues.js';
export { MAX_CONFIG_FILE_BYTES, MAX_CONFIG_ALIASES } from './load/yaml-source.js';
export * from './original/original-keys.js';
export * from './original/from-ufo-config.js';
export * from './runtime/create-models.js';
export * from './runtime/create-dispatcher.js';
export * from './runtime/embedding-model.js';
