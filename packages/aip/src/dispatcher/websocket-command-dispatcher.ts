import { randomUUID } from 'node:crypto';
import { BoundedMap } from '@ufo-ts/core/internal';
import {
  clockTimeout,
  CommandSchema,
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
import { AipError, RemoteListToolsError, type AipClientErrorCode } from '../errors.js';
import type { CommandResultsMessage } from '../protocol/client-messages.js';
import { PROTOCOL_DEFAULTS } from '../protocol/protocol-defaults.js';
import { traceContextsOf, type TracedExecuteOptions } from '../protocol/trace-context.js';
import type { AipChannel } from './aip-channel.js';
import { listRemoteTools } from './list-remote-tools.js';
import type { RemoteDispatcherEvent, RemoteDispatcherEventListener } from './dispatcher-events.js';

/** Options of {@link WebSocketCommandDispatcher}. */
export interface WebSocketCommandDispatcherOptions {
  /** The device connection COMMAND messages go to. */
  channel: AipChannel;
  /** The session the commands belong to (sent in every COMMAND; results must carry it). */
  sessionId: string;
  /** The task name, sent along for the device's logs. */
  taskName?: string;
  /**
   * Timeout of one command that has no `timeout_ms`, in ms (default 30 000). A batch waits for the sum of its
   * commands' timeouts plus `graceMs`; then every command of the batch fails with `COMMAND_TIMEOUT`.
   */
  commandTimeoutMs?: number;
  /** Extra wait per batch for the network and the device's own overhead, in ms (default 2 000). */
  graceMs?: number;
  /** Receives late, duplicate and unknown results, timeouts and send failures. Listener errors are ignored. */
  onEvent?: RemoteDispatcherEventListener;
  /** How many answered batch ids are remembered to tell duplicate or late results from unknown ones (default 1 000). */
  rememberSettled?: number;
  /** Creates COMMAND `response_id`s for batches without `ExecuteOptions.commandId` (default: random UUIDs). */
  createResponseId?: () => string;
  /** The time source of batch deadlines and timestamps (default `systemClock`; tests pass `ManualClock`). */
  clock?: Clock;
}

type SettleKind = 'resolved' | 'timed-out' | 'aborted' | 'disconnected' | 'closed' | 'send-failed';

interface PendingBatch {
  responseId: string;
  commands: Command[];
  settle(kind: SettleKind, results: Result[]): void;
}

/** What {@link WebSocketCommandDispatcher.acceptResults} did with a COMMAND_RESULTS message. */
export type AcceptResultsOutcome = 'resolved' | 'duplicate' | 'late' | 'unknown';

/**
 * The {@link CommandDispatcher} of a remote device: each `execute` sends one COMMAND message through the device's
 * {@link AipChannel}, its `response_id` the batch's `ExecuteOptions.commandId` (the action journal's id, which the
 * device de-duplicates on) or a fresh one, and resolves when the server hands the matching
 * COMMAND_RESULTS to {@link acceptResults}. It never throws for a per-command problem and never hangs:
 * - a batch that gets no answer within its deadline fails with `COMMAND_TIMEOUT` (and the device is told to cancel it);
 * - `disconnect()` (the device left) fails every pending batch at once with `DEVICE_DISCONNECTED`, and later ones too;
 * - `cancel()` (the session was cancelled) and `ExecuteOptions.signal` fail them with `COMMAND_ABORTED`;
 * - results for a batch that is no longer pending are ignored and reported as `results-ignored` events.
 *
 * @example
 * ```ts
 * const dispatcher = new WebSocketCommandDispatcher({ channel, sessionId, taskName, commandTimeoutMs: 30_000 });
 * const results = await dispatcher.execute(commands, { target: { agent: 'LinuxAgent' } });
 * // meanwhile the server hands the device's COMMAND_RESULTS for this session to the dispatcher:
 * dispatcher.acceptResults(message);
 * ```
 */
export class WebSocketCommandDispatcher implements CommandDispatcher {
  readonly sessionId: string;
  private readonly options: WebSocketCommandDispatcherOptions;
  private readonly pending = new Map<string, PendingBatch>();
  private readonly settled: BoundedMap<string, SettleKind>;
  private terminal: AipError | undefined;

  constructor(options: WebSocketCommandDispatcherOptions) {
    this.options = options;
    this.settled = new BoundedMap(options.rememberSettled ?? 1_000);
    this.sessionId = options.sessionId;
  }

  /** Number of batches waiting for results. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Sends the batch; `options.traceContexts` (see {@link TracedExecuteOptions}) travel with it as `trace_contexts`. */
  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    if (commands.length === 0) return [];
    const valid: Command[] = [];
    const invalid = new Map<number, Result>();
    commands.forEach((command, index) => {
      const parsed = CommandSchema.safeParse(command);
      if (parsed.success) valid.push(parsed.data);
      else
        invalid.set(
          index,
          failure(callIdOf(command), new AipError('COMMAND_INVALID', `the command is not valid: ${parsed.error.issues[0]?.message ?? 'invalid'}`)),
        );
    });
    const sent = valid.length > 0 ? await this.sendBatch(valid, options) : [];
    if (invalid.size === 0) return sent;
    const out: Result[] = [];
    let next = 0;
    for (let i = 0; i < commands.length; i += 1) out.push(invalid.get(i) ?? sent[next++]!);
    return out;
  }

  /**
   * Lists the device's tools for a target (through the `list_tools` meta command).
   * @throws RemoteListToolsError when the device cannot list them (or is gone).
   */
  listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return listRemoteTools(this, this.options.channel.deviceId, options);
  }

  /**
   * Hands a COMMAND_RESULTS message (already validated and checked to come from this session's device) to the
   * batch it answers. Results are matched to commands by `call_id`; a command without a result fails with
   * `RESULT_MISSING`.
   */
  acceptResults(message: CommandResultsMessage): AcceptResultsOutcome {
    const batch = this.pending.get(message.prev_response_id);
    if (!batch) {
      const before = this.settled.get(message.prev_response_id);
      const reason = before === undefined ? 'unknown' : before === 'resolved' ? 'duplicate' : 'late';
      this.emit({ type: 'results-ignored', reason, sessionId: this.sessionId, responseId: message.prev_response_id });
      return reason;
    }
    const byCallId = new Map(message.action_results.map((result) => [result.call_id, result]));
    const missing: string[] = [];
    const results = batch.commands.map((command) => {
      const result = byCallId.get(command.call_id);
      byCallId.delete(command.call_id);
      if (result) return result;
      missing.push(command.call_id);
      return failure(command.call_id, new AipError('RESULT_MISSING', `device ${this.options.channel.deviceId} sent no result for this command`));
    });
    if (missing.length > 0 || byCallId.size > 0) {
      this.emit({ type: 'results-mismatch', sessionId: this.sessionId, responseId: batch.responseId, missing, unexpected: [...byCallId.keys()] });
    }
    batch.settle('resolved', results);
    return 'resolved';
  }

  /** The device left: every pending batch fails now with `DEVICE_DISCONNECTED`, and so does every later one. */
  disconnect(reason = `device ${this.options.channel.deviceId} disconnected`): void {
    this.terminate(new AipError('DEVICE_DISCONNECTED', reason), 'disconnected', false);
  }

  /**
   * The session was cancelled: pending batches fail with `COMMAND_ABORTED`, the device is told to stop them, and
   * later batches fail at once.
   */
  cancel(reason = 'the session was cancelled'): void {
    this.terminate(new AipError('COMMAND_ABORTED', reason), 'aborted', true);
  }

  /** Fails pending and later batches with `DISPATCHER_CLOSED`. The device connection itself stays open. */
  async close(): Promise<void> {
    this.terminate(new AipError('DISPATCHER_CLOSED', 'the remote dispatcher is closed'), 'closed', true);
  }

  private terminate(error: AipError, kind: SettleKind, tellDevice: boolean): void {
    this.terminal ??= error;
    for (const batch of [...this.pending.values()]) {
      batch.settle(
        kind,
        batch.commands.map((command) => failure(command.call_id, error)),
      );
      if (tellDevice) this.sendCancel(batch.responseId, error.message);
    }
  }

  private sendBatch(commands: Command[], options: TracedExecuteOptions): Promise<Result[]> {
    if (this.terminal) return Promise.resolve(commands.map((command) => failure(command.call_id, this.terminal!)));
    if (options.signal?.aborted) {
      const error = new AipError('COMMAND_ABORTED', `aborted before sending: ${errorMessage(options.signal.reason)}`);
      return Promise.resolve(commands.map((command) => failure(command.call_id, error)));
    }
    const responseId = options.commandId ?? this.options.createResponseId?.() ?? randomUUID();
    const commandTimeoutMs = this.options.commandTimeoutMs ?? PROTOCOL_DEFAULTS.commandTimeoutMs;
    const deadlineMs =
      commands.reduce((sum, command) => sum + (command.timeout_ms ?? commandTimeoutMs), 0) + (this.options.graceMs ?? PROTOCOL_DEFAULTS.commandGraceMs);
    const clock = this.options.clock ?? systemClock;
    return new Promise<Result[]>((resolve) => {
      const signal = options.signal;
      const onAbort = () => {
        const error = new AipError('COMMAND_ABORTED', `aborted: ${errorMessage(signal?.reason)}`);
        batch.settle(
          'aborted',
          commands.map((command) => failure(command.call_id, error)),
        );
        this.sendCancel(responseId, error.message);
      };
      const stopTimer = clockTimeout(clock, deadlineMs, () => {
        this.emit({ type: 'command-timeout', sessionId: this.sessionId, responseId, waitedMs: deadlineMs, commands: commands.length });
        const error = new AipError('COMMAND_TIMEOUT', `device ${this.options.channel.deviceId} sent no results within ${deadlineMs} ms`);
        batch.settle(
          'timed-out',
          commands.map((command) => failure(command.call_id, error)),
        );
        this.sendCancel(responseId, error.message);
      });
      const batch: PendingBatch = {
        responseId,
        commands,
        settle: (kind, results) => {
          if (!this.pending.delete(responseId)) return;
          stopTimer();
          signal?.removeEventListener('abort', onAbort);
          this.settled.set(responseId, kind);
          resolve(results);
        },
      };
      this.pending.set(responseId, batch);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        this.options.channel.send({
          type: 'command',
          status: 'continue',
          session_id: this.sessionId,
          ...(this.options.taskName !== undefined ? { task_name: this.options.taskName } : {}),
          response_id: responseId,
          agent_name: options.target.agent,
          ...(options.target.root !== undefined ? { root_name: options.target.root } : {}),
          ...(options.target.process !== undefined ? { process_name: options.target.process } : {}),
          actions: commands,
          stop_on_failure: options.stopOnFailure ?? false,
          ...traceContextsOf(commands, options.traceContexts),
          timestamp: new Date(clock.now()).toISOString(),
        });
      } catch (error) {
        this.emit({ type: 'send-failed', sessionId: this.sessionId, responseId, error: errorMessage(error) });
        const cause =
          error instanceof AipError
            ? error
            : new AipError('DEVICE_DISCONNECTED', `could not send to device ${this.options.channel.deviceId}: ${errorMessage(error)}`, { cause: error });
        batch.settle(
          'send-failed',
          commands.map((command) => failure(command.call_id, cause)),
        );
      }
    });
  }

  private sendCancel(responseId: string, reason: string): void {
    try {
      this.options.channel.send({ type: 'cancel', session_id: this.sessionId, response_id: responseId, reason: reason.slice(0, 1_000) });
    } catch {
      // the device is gone; nothing to cancel there
    }
  }

  private emit(event: RemoteDispatcherEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // observers never change dispatching
    }
  }
}

function callIdOf(command: unknown): string {
  const callId = (command as { call_id?: unknown } | null)?.call_id;
  return typeof callId === 'string' ? callId : '';
}

function failure(callId: string, error: AipError): Result {
  return { status: 'failure', error: error.toResultText(), code: error.code, namespace: null, call_id: callId, duration_ms: 0 };
}

/** Error codes a failure Result of this dispatcher can start with. */
export type RemoteFailureCode = Extract<
  AipClientErrorCode,
  | 'DEVICE_DISCONNECTED'
  | 'COMMAND_TIMEOUT'
  | 'COMMAND_ABORTED'
  | 'COMMAND_INVALID'
  | 'RESULT_MISSING'
  | 'DISPATCHER_CLOSED'
  | 'AIP_MESSAGE_TOO_LARGE'
  | 'AIP_CHANNEL_CLOSED'
>;
