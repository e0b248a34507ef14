import type { Clock, DispatchTarget } from '@ufo-ts/core';
import { canonicalJson } from '@ufo-ts/core/internal';
import type { ServerConfig } from '../config/tool-servers-config.js';
import type { DispatcherEventListener } from '../dispatcher-events.js';
import type { InProcessServerFactory, InstanceTarget } from './create-client-transport.js';
import { ServerConnection } from './server-connection.js';

/** Options of {@link ServerPool}. */
export interface ServerPoolOptions {
  factories: Readonly<Record<string, InProcessServerFactory>>;
  clientName: string;
  startTimeoutMs: number;
  retryStartAfterMs: number;
  clock: Clock;
  /** Send SIGTERM to every spawned child when this process exits without `closeAll()`. */
  killChildrenOnExit: boolean;
  emit: DispatcherEventListener;
}

/**
 * The application an instance of `config` serves: `reset: true` servers get one instance per target process
 * (or root when no process is known); shared servers get one instance per configuration.
 */
export function instanceKey(config: ServerConfig, target: DispatchTarget): string {
  const key = canonicalJson(config);
  return config.reset ? `${key}@${target.process ?? target.root ?? 'default'}` : key;
}

/**
 * The dispatcher's server instances, pooled by their full configuration (not by namespace alone, finding 18)
 * plus, for `reset: true` servers, the application they serve. Owned by one dispatcher: no global state.
 */
export class ServerPool {
  private readonly connections = new Map<string, ServerConnection>();
  private counter = 0;
  private readonly onExit = (): void => this.killChildren();
  private exitHookInstalled = false;

  constructor(private readonly options: ServerPoolOptions) {}

  /** The pooled connection for `config` serving `target` (created, not started, on first request). */
  connectionFor(config: ServerConfig, target: DispatchTarget): ServerConnection {
    const key = instanceKey(config, target);
    let connection = this.connections.get(key);
    if (!connection) {
      this.counter += 1;
      const instanceTarget: InstanceTarget | undefined = config.reset ? { agent: target.agent, root: target.root, process: target.process } : undefined;
      connection = new ServerConnection({
        instance: `${config.namespace}#${this.counter}`,
        config,
        target: instanceTarget,
        factories: this.options.factories,
        clientName: this.options.clientName,
        startTimeoutMs: this.options.startTimeoutMs,
        retryStartAfterMs: this.options.retryStartAfterMs,
        clock: this.options.clock,
        emit: this.options.emit,
      });
      this.connections.set(key, connection);
      if (config.transport === 'stdio' && this.options.killChildrenOnExit && !this.exitHookInstalled) {
        // Installed only by pools that spawn children, and removed by closeAll().
        process.once('exit', this.onExit);
        this.exitHookInstalled = true;
      }
    }
    return connection;
  }

  /** Every connection created so far. */
  list(): ServerConnection[] {
    return [...this.connections.values()];
  }

  /** Closes every instance (children are stopped: stdin closed, then SIGTERM, then SIGKILL). */
  async closeAll(): Promise<void> {
    await Promise.allSettled(this.list().map((connection) => connection.close()));
    if (this.exitHookInstalled) process.removeListener('exit', this.onExit);
    this.exitHookInstalled = false;
  }

  /** Synchronous last resort on process exit: signal every live child. */
  private killChildren(): void {
    for (const connection of this.connections.values()) {
      const pid = connection.pid();
      if (pid === undefined) continue;
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
