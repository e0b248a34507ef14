import type { DispatchTarget, ToolType } from '@ufo-ts/core';
import type { ServerConfig, ToolServersConfig } from '../config/tool-servers-config.js';
import { AgentUnknownError } from '../errors.js';

/** One server of a route, with the list (section) it was configured under. */
export interface RouteEntry {
  config: ServerConfig;
  section: ToolType;
}

/** The servers a target uses, and which application root entry was chosen. */
export interface Route {
  /** The root entry used: the target's root, or `default`. */
  root: string;
  /** data_collection servers first, then action servers, each in configuration order. */
  entries: RouteEntry[];
}

/**
 * Picks the servers for a target: `config[agent][root]`, falling back to `config[agent].default`.
 *
 * @throws AgentUnknownError when the agent kind has no section, or neither the root nor `default` exists.
 */
export function resolveRoute(config: ToolServersConfig, target: DispatchTarget): Route {
  const byRoot = config[target.agent];
  if (!byRoot) {
    throw new AgentUnknownError(`No tool servers are configured for agent "${target.agent}" (configured agents: ${Object.keys(config).join(', ') || 'none'})`);
  }
  const root = target.root !== undefined && byRoot[target.root] ? target.root : 'default';
  const lists = byRoot[root];
  if (!lists) {
    throw new AgentUnknownError(`Agent "${target.agent}" has no tool servers for root "${target.root ?? 'default'}" and no "default" entry`);
  }
  return {
    root,
    entries: [
      ...lists.data_collection.map((server) => ({ config: server, section: 'data_collection' as const })),
      ...lists.action.map((server) => ({ config: server, section: 'action' as const })),
    ],
  };
}
