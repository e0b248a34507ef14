import { systemClock } from '@ufo-ts/core';
import type { Clock, Command, CommandDispatcher, DispatchTarget, ExecuteOptions, ListToolsOptions, Result, ToolInfo } from '@ufo-ts/core';
import { ArgumentValidator } from './calling/argument-validator.js';
import { runCommand, type RunCommandContext } from './calling/run-command.js';
import { parseToolServersConfig } from './config/load-tool-servers-config.js';
import type { ToolServersConfig, ToolServersConfigInput } from './config/tool-servers-config.js';
import type { InProcessServerFactory } from './connection/create-client-transport.js';
import { ServerPool } from './connection/server-pool.js';
import { safeEmitter, type DispatcherEventListener } from './dispatcher-events.js';
import { DispatcherClosedError, DispatchError, ServerStartError, ToolServersConfigError } from './errors.js';
import { TargetCatalogs, toToolInfo } from './routing/tool-catalog.js';

/** Options of {@link LocalCommandDispatcher}. */
export interface LocalCommandDispatcherOptions {
  /** Which servers each agent kind and application root uses (validated with `ToolServersConfigSchema`). */
  config: ToolServersConfigInput;
  /** Factories of `in-process` servers, by the name their configuration's `factory` field uses. */
  factories?: Readonly<Record<string, InProcessServerFactory>>;
  /** Timeout of a tool call when neither the command, the configuration nor the tool sets one. Default 30 000 ms. */
  defaultTimeoutMs?: number;
  /**
   * A progress notification from the server starts the call's timeout anew, so a long call that keeps reporting
   * progress is not cut off (bounded by `maxTotalTimeoutMs`). Default `false`.
   */
  resetTimeoutOnProgress?: boolean;
  /** With `resetTimeoutOnProgress`: the longest any call may run in total. Default 600 000 ms (never below the call's timeout). */
  maxTotalTimeoutMs?: number;
  /** Longest wait for a server to spawn, connect and list its tools. Default 30 000 ms. */
  startTimeoutMs?: number;
  /** After a server failed to start, commands needing it fail fast with the same error for this long. Default 1 000 ms. */
  retryStartAfterMs?: number;
  /**
   * The time source of the server start deadline and the retry window (default `systemClock`; tests pass
   * `ManualClock`). Call timeouts are the MCP SDK's own.
   */
  clock?: Clock;
  /** Client name announced to servers in the MCP handshake. Default `ufo-ts-dispatcher`. */
  clientName?: string;
  /** Receives server lifecycle, command (start, progress, end) and warning events. Listener errors are ignored. */
  onEvent?: DispatcherEventListener;
  /** SIGTERM spawned servers if this process exits without `close()`. Default `true`. */
  killChildrenOnExit?: boolean;
}

/**
 * Runs Commands on MCP tool servers (stdio child processes, streamable HTTP, in-process), routed by agent kind
 * and application root and keyed `tool_type::tool_name`. Servers are started on first use, pooled per
 * configuration (and per application for `reset: true`), restarted on the next use after a crash, and closed
 * by `close()` or when the process exits. Per-command problems never throw: they come back as failure Results
 * whose `error` starts with a code (`TOOL_UNKNOWN`, `TOOL_ARGUMENTS_INVALID`, `TOOL_TIMEOUT`, ...).
 *
 * @example
 * ```ts
 * const dispatcher = new LocalCommandDispatcher({
 *   config: { LinuxAgent: { default: { action: [{ namespace: 'ui', transport: 'stdio', command: 'node', args: ['ui-server.js'] }] } } },
 * });
 * const results = await dispatcher.execute([createCommand('type_text', { text: 'hello' })], { target: { agent: 'LinuxAgent' } });
 * await dispatcher.close();
 * ```
 */
export class LocalCommandDispatcher implements CommandDispatcher {
  /** The validated configuration in use. */
  readonly config: ToolServersConfig;
  private readonly pool: ServerPool;
  private readonly context: RunCommandContext;
  private closing: Promise<void> | undefined;

  /** @throws ToolServersConfigError when the configuration is invalid or names a factory that was not given. */
  constructor(options: LocalCommandDispatcherOptions) {
    this.config = parseToolServersConfig(options.config);
    const factories = options.factories ?? {};
    checkFactories(this.config, factories);
    const emit = safeEmitter(options.onEvent);
    this.pool = new ServerPool({
      factories,
      clientName: options.clientName ?? 'ufo-ts-dispatcher',
      startTimeoutMs: positive(options.startTimeoutMs, 30_000, 'startTimeoutMs'),
      retryStartAfterMs: options.retryStartAfterMs ?? 1_000,
      clock: options.clock ?? systemClock,
      killChildrenOnExit: options.killChildrenOnExit ?? true,
      emit,
    });
    const validator = new ArgumentValidator((tool, reason) =>
      emit({ type: 'warning', message: `Arguments of "${tool}" are not checked before the call: ${reason}` }),
    );
    this.context = {
      catalogs: new TargetCatalogs(this.config, this.pool, emit),
      validator,
      defaultTimeoutMs: positive(options.defaultTimeoutMs, 30_000, 'defaultTimeoutMs'),
      resetTimeoutOnProgress: options.resetTimeoutOnProgress ?? false,
      maxTotalTimeoutMs: positive(options.maxTotalTimeoutMs, 600_000, 'maxTotalTimeoutMs'),
      emit,
      listening: options.onEvent !== undefined,
    };
  }

  /**
   * Runs the commands one after another and returns one Result per command, in order. With `stopOnFailure`,
   * the commands after the first failure are `skipped` with the reason. Once `signal` aborts, the running
   * command and all later ones come back as `COMMAND_ABORTED` failures. `onProgress` receives the progress the
   * tools report (the calls then carry a progress token). Never throws.
   */
  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    const results: Result[] = [];
    let firstFailure: Result | undefined;
    for (const command of commands) {
      const callId = typeof command?.call_id === 'string' ? command.call_id : '';
      if (this.closing) {
        results.push(failure(callId, new DispatcherClosedError()));
      } else if (firstFailure && options.stopOnFailure) {
        results.push({
          status: 'skipped',
          error: `COMMAND_SKIPPED: skipped because an earlier command of the batch failed (call ${firstFailure.call_id}: ${firstFailure.error ?? 'failure'})`,
          code: 'COMMAND_SKIPPED',
          namespace: null,
          call_id: callId,
          duration_ms: 0,
        });
      } else {
        const result = await runCommand(command, options.target, options.signal, this.context, options.onProgress);
        results.push(result);
        if (result.status === 'failure') firstFailure ??= result;
      }
    }
    return results;
  }

  /**
   * Lists the target's tools (starting its servers if needed): configuration server order, tools by name within
   * a server, each once (first registration of a `tool_type::tool_name` wins).
   *
   * @throws AgentUnknownError when the agent kind is not configured.
   * @throws ServerStartError when a server of the target cannot start (its tools would be missing).
   * @throws DispatcherClosedError after `close()`.
   */
  async listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    if (this.closing) throw new DispatcherClosedError();
    const catalog = await this.context.catalogs.get(options.target, options.signal);
    if (catalog.failures.length > 0) {
      throw new ServerStartError(catalog.failures.map((f) => f.error.message).join('\n'), {
        cause: catalog.failures[0]?.error,
      });
    }
    return catalog.ordered.filter((entry) => options.toolType === undefined || entry.toolType === options.toolType).map(toToolInfo);
  }

  /**
   * Starts the servers of each target's route (spawning stdio children, connecting and listing tools) without
   * waiting for a command, so a caller can overlap the servers' start-up with its own (the `ufo` command does this
   * before it loads the session code). Resolves when every server has started or failed; never rejects. A server
   * that failed is reported by the next `listTools`/`execute` that needs it (and retried after `retryStartAfterMs`),
   * exactly as without a warm-up; an unconfigured agent is ignored here and reported there too.
   */
  async warmUp(targets: readonly DispatchTarget[]): Promise<void> {
    if (this.closing) return;
    await Promise.allSettled(targets.map((target) => this.context.catalogs.get(target)));
  }

  /** Stops every server this dispatcher started (child processes included). Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.pool.closeAll();
    return this.closing;
  }

  /** Process ids of the running stdio servers (for diagnostics and tests). */
  serverPids(): number[] {
    return this.pool.list().flatMap((connection) => connection.pid() ?? []);
  }
}

function failure(callId: string, error: DispatchError): Result {
  return { status: 'failure', error: error.toResultText(), code: error.code, namespace: null, call_id: callId, duration_ms: 0 };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value > 0)) throw new ToolServersConfigError(`${name} must be a positive number`);
  return value;
}

function checkFactories(config: ToolServersConfig, factories: Readonly<Record<string, InProcessServerFactory>>): void {
  const missing = new Set<string>();
  for (const byRoot of Object.values(config)) {
    for (const lists of Object.values(byRoot)) {
      for (const server of [...lists.data_collection, ...lists.action]) {
        if (server.transport === 'in-process' && typeof factories[server.factory] !== 'function') {
          missing.add(server.factory);
        }
      }
    }
  }
  if (missing.size > 0) {
    throw new ToolServersConfigError(`In-process factories not given: ${[...missing].join(', ')} (given: ${Object.keys(factories).join(', ') || 'none'})`);
  }
}
