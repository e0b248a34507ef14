import { randomUUID } from 'node:crypto';
import {
  backoffDelay,
  listRemoteTools,
  PROTOCOL_DEFAULTS,
  traceContextsOf,
  type BackoffOptions,
  type ServerCommandMessage,
  type TracedExecuteOptions,
} from '@ufo-ts/aip';
import {
  clockTimeout,
  errorMessage,
  systemClock,
  type Clock,
  type Command,
  type CommandDispatcher,
  type ExecuteOptions,
  type ListToolsOptions,
  type Result,
  type ToolInfo,
} from '@ufo-ts/core';
import type { RoutedDispatcherEvent } from '@ufo-ts/server';
import type { CommandRouter } from './command-router.js';

/** Options of {@link RoutedCommandDispatcher}. */
export interface RoutedCommandDispatcherOptions {
  router: CommandRouter;
  /** The device the session runs on. */
  clientId: string;
  sessionId: string;
  taskName?: string;
  /**
   * The id of a batch without `ExecuteOptions.commandId` (default: random). Journaled actions carry the journal's
   * id, which the device de-duplicates on; other commands (screenshots, window selection) are safe to send again
   * with a fresh id.
   */
  commandId?: (commands: readonly Command[], target: ExecuteOptions['target']) => string;
  /** Timeout of one command without its own `timeout_ms`, in ms (default 30 000); a batch waits for the sum plus `graceMs`. */
  commandTimeoutMs?: number;
  /** Extra wait per batch, in ms (default 2 000). */
  graceMs?: number;
  /**
   * While waiting, the command is published again (same id) this often, in ms (default 2 000): if the node holding
   * the device died and the device reconnected elsewhere, the new holder gets it; the device runs it only once.
   */
  resendEveryMs?: number;
  /**
   * How long the session keeps retrying (with backoff) while no node holds the device, in ms (default 15 000).
   * 0 fails the command at once.
   */
  offlineBudgetMs?: number;
  /** Delays between retries while the device is offline (default 100 ms doubling to 2 s). */
  backoff?: BackoffOptions;
  /** Called with each routing event; optional. */
  onEvent?: (event: RoutedDispatcherEvent) => void;
  /** The time source of deadlines, the offline budget, backoff and re-publishing (default `systemClock`; tests pass `ManualClock`). */
  clock?: Clock;
}

type Outcome = { kind: 'results'; results: Result[] } | { kind: 'failed'; code: 'DEVICE_OFFLINE' | 'COMMAND_TIMEOUT' | 'COMMAND_ABORTED'; error: string };

/**
 * The {@link CommandDispatcher} of a session in cluster mode: each batch becomes one COMMAND routed through Redis
 * to whichever node holds the device's WebSocket. No holder → the batch fails at once as `DEVICE_OFFLINE` unless
 * the device comes back within the offline budget (retried with backoff). Never throws, never hangs.
 */
export class RoutedCommandDispatcher implements CommandDispatcher {
  private readonly controller = new AbortController();
  private readonly clock: Clock;

  constructor(private readonly options: RoutedCommandDispatcherOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * Routes the batch to the device's node; `options.traceContexts` (see `TracedExecuteOptions`) travel with it as
   * the COMMAND's `trace_contexts`, so the device's tool spans join the session's trace wherever it is connected.
   */
  async execute(commands: readonly Command[], options: TracedExecuteOptions): Promise<Result[]> {
    if (commands.length === 0) return [];
    const commandId = options.commandId ?? this.options.commandId?.(commands, options.target) ?? randomUUID();
    const message: ServerCommandMessage = {
      type: 'command',
      status: 'continue',
      session_id: this.options.sessionId,
      ...(this.options.taskName !== undefined ? { task_name: this.options.taskName } : {}),
      response_id: commandId,
      agent_name: options.target.agent,
      ...(options.target.root !== undefined ? { root_name: options.target.root } : {}),
      ...(options.target.process !== undefined ? { process_name: options.target.process } : {}),
      actions: [...commands],
      stop_on_failure: options.stopOnFailure ?? false,
      ...traceContextsOf(commands, options.traceContexts),
      timestamp: new Date(this.clock.now()).toISOString(),
    };
    const outcome = await this.route(message, options.signal);
    if (outcome.kind === 'results') return outcome.results;
    this.emit({ type: 'failed', clientId: this.options.clientId, commandId, code: outcome.code });
    if (outcome.code !== 'DEVICE_OFFLINE') {
      void this.options.router
        .deliver(this.options.clientId, { type: 'cancel', session_id: this.options.sessionId, response_id: commandId, reason: outcome.error.slice(0, 1_000) })
        .catch(() => undefined);
    }
    return commands.map((command) => failure(command.call_id, `${outcome.code}: ${outcome.error}`));
  }

  listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return listRemoteTools(this, this.options.clientId, options);
  }

  /** Fails the batches in flight and every later one with `COMMAND_ABORTED`. */
  cancel(reason = 'the session was cancelled'): void {
    this.controller.abort(new Error(reason));
  }

  async close(): Promise<void> {
    this.cancel('the dispatcher is closed');
  }

  private async route(message: ServerCommandMessage, signal: AbortSignal | undefined): Promise<Outcome> {
    const { router, clientId } = this.options;
    const commandId = message.response_id;
    const timeoutMs = this.options.commandTimeoutMs ?? PROTOCOL_DEFAULTS.commandTimeoutMs;
    const clock = this.clock;
    const deadline =
      clock.monotonic() + message.actions.reduce((sum, c) => sum + (c.timeout_ms ?? timeoutMs), 0) + (this.options.graceMs ?? PROTOCOL_DEFAULTS.commandGraceMs);
    const offlineBudgetMs = this.options.offlineBudgetMs ?? 15_000;
    const resendEveryMs = this.options.resendEveryMs ?? 2_000;
    const abort = anySignal([this.controller.signal, signal]);
    const pending = router.expect(commandId);
    let offlineSince: number | undefined;
    let offlineAttempt = 0;
    let sends = 0;
    try {
      for (;;) {
        if (abort.signal.aborted) return { kind: 'failed', code: 'COMMAND_ABORTED', error: `aborted: ${errorMessage(abort.signal.reason)}` };
        let receivers: number;
        try {
          receivers = await router.sendCommand(clientId, message);
        } catch (error) {
          receivers = 0; // Redis is away: treat like an offline device, within the same budget
          void error;
        }
        if (sends++ > 0) this.emit({ type: 'resend', clientId, commandId, attempt: sends });
        let waitMs: number;
        if (receivers === 0) {
          offlineSince ??= clock.monotonic();
          const offlineMs = clock.monotonic() - offlineSince;
          this.emit({ type: 'device-offline', clientId, commandId, offlineMs });
          if (offlineMs >= offlineBudgetMs) return { kind: 'failed', code: 'DEVICE_OFFLINE', error: `device "${clientId}" is not connected to any node` };
          waitMs = Math.min(backoffDelay(offlineAttempt++, { initialDelayMs: 100, maxDelayMs: 2_000, ...this.options.backoff }), offlineBudgetMs - offlineMs);
        } else {
          offlineSince = undefined;
          offlineAttempt = 0;
          waitMs = Math.min(resendEveryMs, deadline - clock.monotonic());
        }
        const settled = await race(pending.reply, waitMs, abort.signal, clock);
        if (settled) return { kind: 'results', results: match(message, settled.action_results) };
        if (clock.monotonic() >= deadline)
          return { kind: 'failed', code: 'COMMAND_TIMEOUT', error: `device "${clientId}" sent no results within the deadline` };
      }
    } finally {
      pending.dispose();
      abort.dispose();
    }
  }

  private emit(event: RoutedDispatcherEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // observers never change dispatching
    }
  }
}

/** Resolves with the reply, or undefined after `ms` on `clock` or on abort. */
function race<T>(reply: Promise<T>, ms: number, signal: AbortSignal, clock: Clock): Promise<T | undefined> {
  return new Promise((resolve) => {
    let stopTimer = (): void => undefined;
    const done = (value: T | undefined) => {
      stopTimer();
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(undefined);
    stopTimer = clockTimeout(clock, Math.max(0, ms), () => done(undefined));
    signal.addEventListener('abort', onAbort, { once: true });
    void reply.then(done);
  });
}

/** One result per command, matched by call id (a missing one is a failure). */
function match(message: ServerCommandMessage, results: Result[]): Result[] {
  const byCallId = new Map(results.map((r) => [r.call_id, r]));
  return message.actions.map(
    (command) => byCallId.get(command.call_id) ?? failure(command.call_id, 'RESULT_MISSING: the device sent no result for this command'),
  );
}

function failure(callId: string, error: string): Result {
  return { status: 'failure', error, namespace: null, call_id: callId, duration_ms: 0 };
}

/** An abort signal that follows several; `dispose` detaches it. */
function anySignal(signals: Array<AbortSignal | undefined>): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const listeners: Array<() => void> = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const listener = () => controller.abort(signal.reason);
    signal.addEventListener('abort', listener, { once: true });
    listeners.push(() => signal.removeEventListener('abort', listener));
  }
  return { signal: controller.signal, dispose: () => listeners.forEach((remove) => remove()) };
}
