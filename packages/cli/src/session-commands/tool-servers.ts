import { existsSync } from 'node:fs';
import type { CommandDispatcher } from '@ufo-ts/core';
import { ConfigError, createDispatcher, loadConfig, type LoadedConfig, type UfoConfig } from '@ufo-ts/config';
import { createLocalDispatcherFromYaml } from '@ufo-ts/dispatchers';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';

// The first half of a session command, kept free of the session code (sessions, agents, providers) so the tool
// servers can be started before that code is loaded: see `startToolServers`.

/** The parsed shared options (see SESSION_OPTIONS). */
export interface SessionOptionValues {
  config?: string[] | undefined;
  tools?: string | undefined;
  replay?: string | undefined;
  'model-config'?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
  'base-url'?: string | undefined;
  'log-root'?: string | undefined;
  'no-record'?: boolean | undefined;
  'no-evaluation'?: boolean | undefined;
  'tool-mode'?: string | undefined;
}

/** Loads the configuration files (`--config`, else `./ufo.yaml` when present); errors are usage errors (exit 2). */
export function loadCliConfig(values: SessionOptionValues, io: CliIo, overrides?: Record<string, unknown>): LoadedConfig {
  const files = values.config?.length ? values.config : existsSync('ufo.yaml') ? ['ufo.yaml'] : [];
  try {
    const loaded = loadConfig({ files, env: io.env, ...(overrides ? { overrides } : {}) });
    for (const warning of loaded.warnings) io.stderr(`warning: ${warning}\n`);
    return loaded;
  } catch (error) {
    if (error instanceof ConfigError) throw new CliUsageError(error.message, { cause: error });
    throw error;
  }
}

/** The dispatcher: `--tools <yaml>`, else the configuration's `toolServers`. */
function dispatcherFrom(values: SessionOptionValues, config: UfoConfig, io: CliIo): CommandDispatcher {
  if (values.tools) {
    try {
      return createLocalDispatcherFromYaml(values.tools, { env: io.env });
    } catch (error) {
      throw new CliUsageError(`cannot use the tool configuration ${values.tools}: ${(error as Error).message}`, { cause: error });
    }
  }
  if (!config.toolServers || Object.keys(config.toolServers).length === 0) {
    throw new CliUsageError('no tool servers: give --tools <file.yaml> or toolServers in the configuration');
  }
  return createDispatcher(config);
}

/**
 * The dispatcher, with the tool servers of `agents` starting in the background (spawned, connected, tools
 * listed) while the command goes on loading the session code: on a cold start the two overlap, and a stdio
 * server's own start-up no longer adds to the time before the first model call. A server that fails to start is
 * reported by the session's first use of it, as without the warm-up.
 */
export function startToolServers(values: SessionOptionValues, config: UfoConfig, io: CliIo, agents: readonly string[]): CommandDispatcher {
  const dispatcher = dispatcherFrom(values, config, io);
  void dispatcher.warmUp?.(agents.map((agent) => ({ agent })));
  return dispatcher;
}
