import { existsSync } from 'node:fs';
import { ConfigError, type ConfigProblem } from '../errors.js';
import { fromUfoConfig, isOriginalUfoConfig } from '../original/from-ufo-config.js';
import { UfoConfigSchema, type UfoConfig } from '../schema/ufo-config-schema.js';
import { expandEnv } from './expand-env.js';
import { issueMessages } from './format-issues.js';
import { mergeInto, sourceOf, type Provenance } from './merge.js';
import { parseYamlSource, readYamlSource, type YamlSource } from './yaml-source.js';

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /**
   * YAML files merged in order (later files win, key by key). Each `name.yaml` is followed by `name.<UFO_ENV>.yaml`
   * when `UFO_ENV` is set and that file exists (the original's per-environment overrides).
   */
  files: readonly string[];
  /** Variables for `${NAME}` / `${NAME:-default}` and `UFO_ENV` (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Values merged last (command-line flags), e.g. `{ session: { maxSteps: 5 } }`. */
  overrides?: Record<string, unknown>;
}

/** A validated configuration and how it was assembled. */
export interface LoadedConfig {
  config: UfoConfig;
  /** The files read, in merge order. */
  files: string[];
  /** Keys of original-format files that were not converted. */
  warnings: string[];
}

interface Source {
  file: string;
  yaml?: YamlSource;
  /** True when the file was in the original format (our paths do not exist in it). */
  converted: boolean;
}

/**
 * Loads the configuration: YAML files (ours, or the original UFO keys, converted), `${VAR}` expansion, merged,
 * validated by {@link UfoConfigSchema}. Every problem (unreadable file, YAML syntax, unset variable, invalid or
 * unknown key) is collected and thrown together as one {@link ConfigError} naming the file, line, key and what was
 * expected.
 *
 * @example
 * ```ts
 * const { config, files } = loadConfig({ files: ['ufo.yaml'], overrides: { session: { maxSteps: 5 } } });
 * ```
 */
export function loadConfig(options: LoadConfigOptions): LoadedConfig {
  const env = options.env ?? process.env;
  const files = withEnvironmentFiles(options.files, env.UFO_ENV);
  const state: LoadState = { problems: [], warnings: [], sources: [], inputs: [] };
  for (const file of files) {
    const yaml = readYamlSource(file, state.problems);
    if (yaml) addSource(state, file, yaml, env);
  }
  return finish(state, options.overrides, files);
}

/** Validates configuration text (one file); `file` names it in errors. */
export function parseConfigText(text: string, file = 'config.yaml', options: Omit<LoadConfigOptions, 'files'> = {}): LoadedConfig {
  const state: LoadState = { problems: [], warnings: [], sources: [], inputs: [] };
  const yaml = parseYamlSource(text, file, state.problems);
  if (yaml) addSource(state, file, yaml, options.env ?? process.env);
  return finish(state, options.overrides, [file]);
}

interface LoadState {
  problems: ConfigProblem[];
  warnings: string[];
  sources: Source[];
  inputs: unknown[];
}

/** Expands one file's variables and converts it when it is in the original format. */
function addSource(state: LoadState, file: string, yaml: YamlSource, env: Readonly<Record<string, string | undefined>>): void {
  const before = state.problems.length;
  const expanded = expandEnv(yaml.data, env, { file, problems: state.problems });
  for (const problem of state.problems.slice(before)) {
    const at = yaml.position(problem.path.split('.'));
    if (at) Object.assign(problem, { line: at.line, column: at.column });
  }
  const original = isOriginalUfoConfig(expanded);
  if (original) {
    const converted = fromUfoConfig(expanded);
    state.warnings.push(...converted.warnings.map((w) => `${file}: ${w}`));
    for (const [key, message] of converted.problems) state.problems.push({ file, path: key, message, ...(yaml.position(key.split('.')) ?? {}) });
    state.inputs.push(converted.config);
  } else state.inputs.push(expanded);
  state.sources.push({ file, yaml, converted: original });
}

function finish(state: LoadState, overrides: Record<string, unknown> | undefined, files: string[]): LoadedConfig {
  const { sources, inputs, problems, warnings } = state;
  const merged: Record<string, unknown> = {};
  const provenance: Provenance = new Map();
  inputs.forEach((input, i) => mergeInto(merged, input, i, provenance));
  if (overrides) mergeInto(merged, overrides, -1, provenance);
  if (problems.length) throw new ConfigError(problems);
  const parsed = UfoConfigSchema.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      for (const entry of issueMessages(issue, merged, UfoConfigSchema)) {
        const path = entry.path.map(String);
        const index = sourceOf(provenance, path);
        const source = index === undefined || index < 0 ? undefined : sources[index];
        const file = index === -1 ? '(command line)' : (source?.file ?? (sources.length ? sources[sources.length - 1]!.file : '(defaults)'));
        const position = source && !source.converted ? source.yaml?.position(path, entry.key) : undefined;
        problems.push({ file, path: path.join('.'), message: entry.message, ...(position ? { line: position.line, column: position.column } : {}) });
      }
    }
    throw new ConfigError(problems, { cause: parsed.error });
  }
  return { config: parsed.data, files, warnings };
}

function withEnvironmentFiles(files: readonly string[], ufoEnv: string | undefined): string[] {
  if (!ufoEnv) return [...files];
  return files.flatMap((file) => {
    const variant = file.replace(/(\.ya?ml)$/i, `.${ufoEnv}$1`);
    return variant !== file && existsSync(variant) ? [file, variant] : [file];
  });
}
