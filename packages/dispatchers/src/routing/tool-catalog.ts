import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { DispatchTarget, ToolInfo, ToolType } from '@ufo-ts/core';
import type { ToolServersConfig } from '../config/tool-servers-config.js';
import type { LiveServer, ServerConnection } from '../connection/server-connection.js';
import type { ServerPool } from '../connection/server-pool.js';
import type { DispatcherEventListener } from '../dispatcher-events.js';
import { ServerStartError } from '../errors.js';
import { TOOL_TIMEOUT_META_KEY, TOOL_TYPE_META_KEY } from '../shared/meta-keys.js';
import { raceAbort } from '../shared/with-deadline.js';
import { resolveRoute, type Route } from './resolve-route.js';

/** A tool a target can call, keyed `tool_type::tool_name` as in the original. */
export interface CatalogEntry {
  readonly key: string;
  readonly tool: Tool;
  readonly toolType: ToolType;
  readonly namespace: string;
  readonly connection: ServerConnection;
  readonly live: LiveServer;
  /** Per-tool timeout from the configuration (`timeouts`) or the tool's `_meta`, if any. */
  readonly timeoutMs: number | undefined;
}

/** A server of the route that could not be started. */
export interface CatalogFailure {
  readonly namespace: string;
  readonly error: ServerStartError;
}

/** Everything a target can call right now. */
export interface ToolCatalog {
  readonly entries: ReadonlyMap<string, CatalogEntry>;
  /** Server order of the configuration, tools by name within a server. */
  readonly ordered: readonly CatalogEntry[];
  readonly failures: readonly CatalogFailure[];
  /** Tools the servers list but this dispatcher cannot call, by name, with the reason (see {@link uncallableReason}). */
  readonly uncallable: ReadonlyMap<string, string>;
}

/**
 * Why a listed tool cannot be called through `tools/call`, or undefined when it can: a tool whose
 * `execution.taskSupport` is `"required"` only runs as an MCP task (`tools/call` with `task`), which this
 * dispatcher does not drive, and answers a plain call with error -32600. Such tools are never offered.
 */
export function uncallableReason(tool: Tool): string | undefined {
  const execution = (tool as { execution?: { taskSupport?: unknown } }).execution;
  if (execution?.taskSupport === 'required') {
    return 'it requires task-based execution (execution.taskSupport "required"), which this dispatcher does not support';
  }
  return undefined;
}

/** Converts a catalog entry to core's ToolInfo. */
export function toToolInfo(entry: CatalogEntry): ToolInfo {
  return {
    name: entry.tool.name,
    description: entry.tool.description ?? '',
    input_schema: entry.tool.inputSchema as Record<string, unknown>,
    tool_type: entry.toolType,
    namespace: entry.namespace,
  };
}

/**
 * Builds and caches the tool catalog of each target: starts the target's servers (concurrently), lists their
 * tools and keys them `tool_type::tool_name` (first registration wins, servers whose configured list matches
 * the tool's type first). A cached catalog is reused until a
 * server of the target restarts or announces new tools.
 */
export class TargetCatalogs {
  private readonly cache = new Map<string, { signature: string; catalog: ToolCatalog }>();
  /** The last complete catalog of each target as given (agent, root, process), with the instances it was built from. */
  private readonly ready = new Map<string, ReadyCatalog>();
  /** Listed tool objects already reported as uncallable (each is reported once per server start). */
  private readonly reported = new WeakSet<Tool>();

  constructor(
    private readonly config: ToolServersConfig,
    private readonly pool: ServerPool,
    private readonly emit: DispatcherEventListener,
  ) {}

  /**
   * The catalog of a target. Throws AgentUnknownError for an unconfigured agent; start failures are listed.
   * While every server of the target's last catalog still runs the same instance with the same tools, that
   * catalog is returned without waiting on anything (the hot path of every call).
   */
  get(target: DispatchTarget, signal?: AbortSignal): Promise<ToolCatalog> {
    const readyKey = `${target.agent}\u0000${target.root ?? ''}\u0000${target.process ?? ''}`;
    const ready = this.ready.get(readyKey);
    if (ready && stillCurrent(ready)) return Promise.resolve(ready.catalog);
    return this.build(target, readyKey, signal);
  }

  private async build(target: DispatchTarget, readyKey: string, signal: AbortSignal | undefined): Promise<ToolCatalog> {
    const route = resolveRoute(this.config, target);
    const connections = route.entries.map((entry) => this.pool.connectionFor(entry.config, target));
    const unique = [...new Set(connections)];
    const settled = await raceAbort(Promise.allSettled(unique.map((c) => c.acquire(signal))), signal);
    const outcome = new Map(unique.map((c, i) => [c, settled[i]!] as const));
    const signature = connections
      .map((c) => {
        const s = outcome.get(c)!;
        return s.status === 'fulfilled' ? `${s.value.generation}.${s.value.toolsVersion}` : 'x';
      })
      .join(',');
    const cacheKey = `${target.agent}::${target.process ?? ''}::${route.root}`;
    const cached = this.cache.get(cacheKey);
    const catalog = cached && cached.signature === signature ? cached.catalog : this.assemble(route, connections, outcome);
    this.cache.set(cacheKey, { signature, catalog });
    const lives = unique.map((connection) => {
      const settledOne = outcome.get(connection)!;
      return settledOne.status === 'fulfilled' ? { connection, live: settledOne.value, toolsVersion: settledOne.value.toolsVersion } : undefined;
    });
    if (lives.every((l) => l !== undefined)) this.ready.set(readyKey, { lives, catalog });
    else this.ready.delete(readyKey);
    return catalog;
  }

  private assemble(route: Route, connections: ServerConnection[], outcome: Map<ServerConnection, PromiseSettledResult<LiveServer>>): ToolCatalog {
    const entries = new Map<string, CatalogEntry>();
    const failures: CatalogFailure[] = [];
    const uncallable = new Map<string, string>();
    // Candidates in configuration order; a tool typed like the list its server is configured under is
    // registered before one whose `_meta` moves it to the other type, so the configured list has precedence.
    const candidates: Array<{ entry: CatalogEntry; matchesSection: boolean; position: number }> = [];
    route.entries.forEach((routeEntry, index) => {
      const connection = connections[index]!;
      const settled = outcome.get(connection)!;
      if (settled.status === 'rejected') {
        if (!failures.some((f) => f.namespace === connection.namespace)) {
          const error = settled.reason instanceof ServerStartError ? settled.reason : new ServerStartError(String(settled.reason), { cause: settled.reason });
          failures.push({ namespace: connection.namespace, error });
        }
        return;
      }
      const live = settled.value;
      const tools = [...live.tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const tool of tools) {
        const reason = uncallableReason(tool);
        if (reason !== undefined) {
          uncallable.set(tool.name, `tool "${tool.name}" of server "${connection.namespace}" is not offered: ${reason}`);
          if (!this.reported.has(tool)) {
            this.reported.add(tool);
            this.emit({
              type: 'warning',
              message: uncallable.get(tool.name)!,
              details: { tool: tool.name, namespace: connection.namespace, reason: 'task-required' },
            });
          }
          continue;
        }
        const toolType = metaToolType(tool) ?? routeEntry.section;
        candidates.push({
          matchesSection: toolType === routeEntry.section,
          position: candidates.length,
          entry: {
            key: `${toolType}::${tool.name}`,
            tool,
            toolType,
            namespace: connection.namespace,
            connection,
            live,
            timeoutMs: routeEntry.config.timeouts?.[tool.name] ?? metaTimeout(tool),
          },
        });
      }
    });
    const kept: typeof candidates = [];
    for (const candidate of [...candidates.filter((c) => c.matchesSection), ...candidates.filter((c) => !c.matchesSection)]) {
      const { entry } = candidate;
      const existing = entries.get(entry.key);
      if (existing) {
        if (existing.connection !== entry.connection) {
          this.emit({
            type: 'warning',
            message: `Tool "${entry.key}" of server "${entry.namespace}" is shadowed by server "${existing.namespace}"`,
            details: { tool: entry.tool.name, kept: existing.namespace, skipped: entry.namespace },
          });
        }
        continue;
      }
      entries.set(entry.key, entry);
      kept.push(candidate);
    }
    const ordered = kept.sort((a, b) => a.position - b.position).map((c) => c.entry);
    return { entries, ordered, failures, uncallable };
  }
}

interface ReadyCatalog {
  lives: Array<{ connection: ServerConnection; live: LiveServer; toolsVersion: number }>;
  catalog: ToolCatalog;
}

/** Whether every instance a catalog was built from still runs, unchanged. */
function stillCurrent(ready: ReadyCatalog): boolean {
  for (const { connection, live, toolsVersion } of ready.lives) {
    if (connection.current() !== live || live.toolsVersion !== toolsVersion) return false;
  }
  return true;
}

function metaToolType(tool: Tool): ToolType | undefined {
  const value = tool._meta?.[TOOL_TYPE_META_KEY];
  return value === 'action' || value === 'data_collection' ? value : undefined;
}

function metaTimeout(tool: Tool): number | undefined {
  const value = tool._meta?.[TOOL_TIMEOUT_META_KEY];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}
