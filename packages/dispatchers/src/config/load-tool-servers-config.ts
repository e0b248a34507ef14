import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ToolServersConfigError } from '../errors.js';
import { expandEnv } from './expand-env.js';
import { ToolServersConfigSchema, type ToolServersConfig } from './tool-servers-config.js';
import { fromUfoMcpConfig } from './ufo-mcp-config.js';

/**
 * Validates a tool-server configuration object.
 *
 * @throws ToolServersConfigError listing every problem with its path.
 */
export function parseToolServersConfig(raw: unknown): ToolServersConfig {
  const parsed = ToolServersConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ToolServersConfigError(`Invalid tool-server configuration:\n${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Options of {@link parseToolServersYaml} and {@link loadToolServersConfig}. */
export interface LoadToolServersConfigOptions {
  /** Variables for `${NAME}` / `${NAME:-fallback}` placeholders. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Parses YAML text into a tool-server configuration: expands `${ENV}` placeholders, accepts the original UFO
 * `mcp.yaml` shape (`type: local | http | stdio`, optionally under a top-level `mcp:` key) and validates.
 *
 * @throws ToolServersConfigError on YAML syntax errors, unset variables or schema violations.
 *
 * @example
 * ```ts
 * const config = parseToolServersYaml('LinuxAgent:\n  default:\n    action:\n      - { namespace: ui, transport: stdio, command: node, args: [ui-server.js] }\n');
 * ```
 */
export function parseToolServersYaml(text: string, options: LoadToolServersConfigOptions = {}): ToolServersConfig {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new ToolServersConfigError(`Tool-server configuration is not valid YAML: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseToolServersConfig(fromUfoMcpConfig(expandEnv(raw ?? {}, options.env ?? process.env)));
}

/**
 * Reads and validates a tool-server configuration YAML file (see {@link parseToolServersYaml}).
 *
 * @throws ToolServersConfigError when the file cannot be read or is invalid.
 *
 * @example
 * ```ts
 * const dispatcher = new LocalCommandDispatcher({ config: loadToolServersConfig('config/tool-servers.yaml') });
 * ```
 */
export function loadToolServersConfig(path: string, options: LoadToolServersConfigOptions = {}): ToolServersConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ToolServersConfigError(`Cannot read tool-server configuration ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return parseToolServersYaml(text, options);
  } catch (error) {
    if (error instanceof ToolServersConfigError) {
      throw new ToolServersConfigError(`${path}: ${error.message}`, { cause: error.cause ?? error });
    }
    throw error;
  }
}
