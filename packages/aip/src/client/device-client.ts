import { randomUUID } from 'node:crypto';
import { clockInterval, clockTimeout, errorMessage, systemClock, type Clock, type Result, type StopTimer } from '@ufo-ts/core';
import WebSocket from 'ws';
import { AipChannelClosedError, AipMessageTooLargeError, DeviceClientStoppedError, RegistrationRefusedError } from '../errors.js';
import type { ClientMessageInput } from '../protocol/client-messages.js';
import { decodeServerMessage, encodeClientMessage } from '../protocol/codec.js';
import type { DeviceInfo } from '../protocol/device-info.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../protocol/limits.js';
import { PROTOCOL_DEFAULTS } from '../protocol/protocol-defaults.js';
import { AIP_PROTOCOL_VERSION } from '../protocol/protocol-version.js';
import type { ServerCommandMessage, ServerMessage, TaskEndMessage } from '../protocol/server-messages.js';
import { backoffDelay } from './backoff.js';
import type { DeviceClientOptions } from './device-client-options.js';
import { TaskTracker, type TrackedTask } from './task-tracker.js';
import { CommandRunner } from './command-runner.js';
import { CommandDeduplicator } from './command-dedup.js';
import type { DeviceClientEvent } from './device-client-events.js';
import { collectDeviceInfo } from './device-info-provider.js';

/** Connection state of a {@link DeviceClient}. */
export type DeviceClientState = 'idle' | 'connecting' | 'registered' | 'waiting' | 'stopped';

/** What {@link DeviceClient.requestTask} resolves with. */
export interface RequestedTask {
  sessionId: string;
  taskName: string;
  /** Resolves with the TASK_END message (rejects if the connection drops first). */
  done: Promise<TaskEndMessage>;
}

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

const FATAL_REGISTRATION_CODES = new Set(['PROTOCOL_VERSION_MISMATCH', 'CLIENT_TYPE_UNSUPPORTED', 'MESSAGE_INVALID', 'UNAUTHORIZED', 'CREDENTIAL_INVALID']);

/**
 * The device side of AIP (`ufo client`): connects to the server, registers with its device info, sends heartbeats,
 * runs every COMMAND on its own dispatcher and always answers with COMMAND_RESULTS (an unknown tool is a failure
 * Result), aborts in-flight work on CANCEL, and reconnects with exponential backoff and jitter.
 *
 * @example
 * ```ts
 * const client = new DeviceClient({
 *   serverUrl: 'ws://127.0.0.1:5000/ws',
 *   clientId: 'lab-pc-1',
 *   apiKey: process.env.UFO_API_KEY,
 *   platform: 'linux',
 *   dispatcher: createLocalDispatcherFromYaml('tool-servers.yaml'),
 *   closeDispatcherOnStop: true,
 * });
 * await client.start(); // resolves at the first registration
 * const task = await client.requestTask({ request: 'open the calculator' });
 * console.log(await task.done); // the TASK_END
 * await client.stop();
 * ```
 */
export class DeviceClient {
  private readonly options: DeviceClientOptions;
  private readonly runner: CommandRunner;
  private readonly dedup: CommandDeduplicator;
  private readonly maxBytes: number;
  private readonly clock: Clock;
  private socket: WebSocket | undefined;
  private stateValue: DeviceClientState = 'idle';
  private stopped = false;
  private loop: Promise<void> | undefined;
  private first: { promise: Promise<void>; deferred: Deferred<void>; settled: boolean } | undefined;
  private deviceInfo: DeviceInfo | undefined;
  private wake: (() => void) | undefined;
  private readonly tasks = new TaskTracker();

  constructor(options: DeviceClientOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.runner = new CommandRunner(options.dispatcher);
    this.dedup = new CommandDeduplicator(options.rememberCommands ?? 1_000);
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  /** Current connection state. */
  get state(): DeviceClientState {
    return this.stateValue;
  }

  /** The session the server last started on this device and has not ended yet. */
  get currentTask(): TrackedTask | undefined {
    return this.tasks.current;
  }

  /**
   * Starts connecting (and reconnecting) in the background. Resolves at the first successful registration.
   * @throws RegistrationRefusedError when the server refuses the device for good (bad key, protocol mismatch).
   * @throws DeviceClientStoppedError when `maxRetries` is exhausted or `stop()` is called first.
   */
  start(): Promise<void> {
    if (!this.first) {
      let deferred!: Deferred<void>;
      const promise = new Promise<void>((resolve, reject) => (deferred = { resolve, reject }));
      promise.catch(() => undefined);
      this.first = { promise, deferred, settled: false };
      this.loop = this.runLoop();
    }
    return this.first.promise;
  }

  /** Disconnects, aborts in-flight commands and stops reconnecting. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return this.loop;
    this.stopped = true;
    this.settleFirst(new DeviceClientStoppedError('the device client was stopped'));
    this.runner.cancelAll('the device client stopped');
    this.wake?.();
    this.socket?.close(1000, 'client stopping');
    await this.loop;
    if (this.options.closeDispatcherOnStop) await this.options.dispatcher.close();
    this.stateValue = 'stopped';
  }

  /**
   * Asks the server to run a task on this device (a client TASK message). Resolves once the server accepted it.
   * @throws AipError when the server refuses it (its ERROR text) or the connection is not registered.
   */
  requestTask(input: { request: string; taskName?: string; sessionId?: string }): Promise<RequestedTask> {
    const requestId = randomUUID();
    const acknowledged = this.tasks.expectAck(requestId);
    try {
      if (this.stateValue !== 'registered') throw new AipChannelClosedError('the device is not registered with the server');
      this.send({
        type: 'task',
        request: input.request,
        request_id: requestId,
        client_id: this.options.clientId,
        ...(input.taskName !== undefined ? { task_name: input.taskName } : {}),
        ...(input.sessionId !== undefined ? { session_id: input.sessionId } : {}),
      });
    } catch (error) {
      this.tasks.forget(requestId);
      return Promise.reject(error);
    }
    return acknowledged.then(({ sessionId, taskName }) => ({ sessionId, taskName, done: this.waitForTaskEnd(sessionId) }));
  }

  /** Resolves with the TASK_END of a session running on this device. */
  waitForTaskEnd(sessionId: string): Promise<TaskEndMessage> {
    return this.tasks.waitForEnd(sessionId);
  }

  /** Cancels one of this device's own sessions (a client CANCEL message). */
  cancelTask(sessionId: string, reason = 'cancelled by the device'): void {
    this.send({ type: 'cancel', session_id: sessionId, reason, client_id: this.options.clientId });
  }

  private async runLoop(): Promise<void> {
    let failures = 0;
    let attempt = 0;
    while (!this.stopped) {
      attempt += 1;
      const outcome = await this.connectOnce(attempt);
      if (this.stopped) break;
      if (outcome.fatal) {
        this.emit({ type: 'gave-up', error: outcome.fatal.message });
        this.settleFirst(outcome.fatal);
        break;
      }
      failures = outcome.registered ? 0 : failures + 1;
      if (failures > (this.options.maxRetries ?? Number.POSITIVE_INFINITY)) {
        const error = new DeviceClientStoppedError(`gave up after ${failures} failed connection attempts: ${outcome.error ?? 'connection closed'}`);
        this.emit({ type: 'gave-up', error: error.message });
        this.settleFirst(error);
        break;
      }
      const delayMs = backoffDelay(failures, this.options.backoff, this.options.random);
      this.stateValue = 'waiting';
      this.emit({ type: 'reconnect-scheduled', attempt: failures + 1, delayMs });
      const wake = new AbortController();
      this.wake = () => wake.abort();
      await this.clock.sleep(delayMs, wake.signal).catch(() => undefined);
      this.wake = undefined;
    }
    this.stateValue = 'stopped';
  }

  /** One connection: open, register, serve until it closes. */
  private connectOnce(attempt: number): Promise<{ registered: boolean; fatal?: RegistrationRefusedError; error?: string }> {
    this.stateValue = 'connecting';
    this.emit({ type: 'connecting', attempt, url: this.options.serverUrl });
    const registerTimeoutMs = this.options.registerTimeoutMs ?? PROTOCOL_DEFAULTS.registerTimeoutMs;
    return new Promise((resolve) => {
      let registered = false;
      let fatal: RegistrationRefusedError | undefined;
      let lastError: string | undefined;
      let stopHeartbeat: StopTimer | undefined;
      let stopRegisterTimer: StopTimer | undefined;
      let lastHeard = this.clock.monotonic();
      const registerId = randomUUID();
      let socket: WebSocket;
      try {
        socket = new WebSocket(this.options.serverUrl, {
          headers: this.options.apiKey ? { 'x-api-key': this.options.apiKey } : {},
          maxPayload: this.maxBytes,
          handshakeTimeout: registerTimeoutMs,
          perMessageDeflate: false,
        });
      } catch (error) {
        resolve({
          registered: false,
          fatal: new RegistrationRefusedError('INVALID_URL', `cannot connect to ${this.options.serverUrl}: ${errorMessage(error)}`),
        });
        return;
      }
      this.socket = socket;

      const startHeartbeat = (intervalMs: number) => {
        const timeoutMs = this.options.heartbeatTimeoutMs ?? intervalMs * PROTOCOL_DEFAULTS.heartbeatTimeoutPeriods;
        stopHeartbeat = clockInterval(this.clock, intervalMs, () => {
          const silentMs = this.clock.monotonic() - lastHeard;
          if (silentMs > timeoutMs) {
            this.emit({ type: 'heartbeat-timeout', silentMs });
            socket.terminate();
            return;
          }
          this.trySend({ type: 'heartbeat', client_id: this.options.clientId, timestamp: new Date(this.clock.now()).toISOString() });
        });
      };

      socket.on('unexpected-response', (_request, response) => {
        const status = response.statusCode ?? 0;
        lastError = `server answered the upgrade with HTTP ${status}`;
        if (status === 401 || status === 403) {
          fatal = new RegistrationRefusedError('UNAUTHORIZED', `the server refused the connection (HTTP ${status}): check the API key and the allowed origins`);
        }
        response.resume();
        socket.terminate();
      });
      socket.on('error', (error) => {
        lastError = errorMessage(error);
      });
      socket.on('open', () => {
        stopRegisterTimer = clockTimeout(this.clock, registerTimeoutMs, () => {
          lastError = `no registration answer within ${registerTimeoutMs} ms`;
          socket.terminate();
        });
        void this.describeDevice().then((info) => {
          this.trySend({
            type: 'register',
            protocol_version: AIP_PROTOCOL_VERSION,
            client_id: this.options.clientId,
            client_type: 'device',
            platform: this.options.platform,
            device_info: info,
            ...(this.options.credential !== undefined ? { credential: this.options.credential } : {}),
            request_id: registerId,
            timestamp: new Date(this.clock.now()).toISOString(),
          });
        });
      });
      socket.on('message', (data, isBinary) => {
        lastHeard = this.clock.monotonic();
        if (isBinary) {
          this.trySend({ type: 'error', error: 'binary frames are not part of AIP', code: 'MESSAGE_INVALID' });
          return;
        }
        const decoded = decodeServerMessage(data as Buffer, { maxBytes: this.maxBytes });
        if (!decoded.ok) {
          this.emit({ type: 'warning', message: `ignored an invalid server message: ${decoded.error}` });
          this.trySend({
            type: 'error',
            error: decoded.error,
            code: decoded.code,
            ...(decoded.correlationId ? { prev_response_id: decoded.correlationId } : {}),
          });
          return;
        }
        const message = decoded.message;
        if (!registered) {
          if (message.type === 'heartbeat' && message.response_id === registerId) {
            registered = true;
            stopRegisterTimer?.();
            this.stateValue = 'registered';
            const intervalMs = this.options.heartbeatIntervalMs ?? message.heartbeat_interval_ms ?? PROTOCOL_DEFAULTS.heartbeatIntervalMs;
            startHeartbeat(intervalMs);
            this.emit({ type: 'registered', serverProtocolVersion: message.protocol_version, heartbeatIntervalMs: intervalMs });
            this.settleFirst();
          } else if (message.type === 'error') {
            lastError = `${message.code}: ${message.error}`;
            if (FATAL_REGISTRATION_CODES.has(message.code)) {
              fatal = new RegistrationRefusedError(message.code, `the server refused the registration: ${message.error}`);
            }
            this.emit({ type: 'server-error', code: message.code, error: message.error });
            // registration failed: close now (and retry unless fatal) rather than wait for the server to close
            socket.close(1000, 'registration refused');
          }
          return;
        }
        this.handle(message);
      });
      socket.on('close', (code, reasonBuffer) => {
        stopHeartbeat?.();
        stopRegisterTimer?.();
        const reason = reasonBuffer.toString('utf8');
        if (this.socket === socket) this.socket = undefined;
        this.stateValue = this.stopped ? 'stopped' : 'waiting';
        if (!this.options.keepCommandsOnDisconnect) {
          this.dedup.forgetRunning();
          this.runner.cancelAll('the connection to the server was lost');
        }
        this.tasks.failAll(new AipChannelClosedError(`the connection to the server closed (${code}${reason ? `: ${reason}` : ''})`));
        this.emit({ type: 'disconnected', code, reason, wasRegistered: registered });
        resolve({ registered, ...(fatal ? { fatal } : {}), ...(lastError ? { error: lastError } : {}) });
      });
    });
  }

  private handle(message: ServerMessage): void {
    switch (message.type) {
      case 'task':
        this.tasks.started(message);
        this.emit({ type: 'task-started', sessionId: message.session_id, taskName: message.task_name, request: message.user_request });
        return;
      case 'command':
        void this.runCommand(message);
        return;
      case 'task_end':
        this.runner.cancel(message.session_id, undefined, 'the task ended');
        this.emit({ type: 'task-ended', sessionId: message.session_id, taskName: message.task_name, status: message.status, error: message.error });
        this.tasks.ended(message);
        return;
      case 'heartbeat':
        this.tasks.acknowledged(message);
        return;
      case 'error':
        this.tasks.refused(message);
        this.emit({ type: 'server-error', code: message.code, error: message.error });
        return;
      case 'device_info_request':
        void this.describeDevice(true).then((info) =>
          this.trySend({ type: 'device_info_response', device_info: info, prev_response_id: message.request_id, client_id: this.options.clientId }),
        );
        return;
      case 'cancel': {
        const aborted = this.runner.cancel(message.session_id, message.response_id, message.reason);
        this.emit({ type: 'cancel', sessionId: message.session_id, responseId: message.response_id, reason: message.reason, aborted });
        return;
      }
    }
  }

  private async runCommand(message: ServerCommandMessage): Promise<void> {
    const { results, repeated } = await this.dedup.run(message, async () => {
      const started = this.clock.monotonic();
      this.emit({ type: 'command-start', sessionId: message.session_id, responseId: message.response_id, tools: message.actions.map((a) => a.tool_name) });
      const ran = await this.runner.run(message);
      this.emit({
        type: 'command-end',
        sessionId: message.session_id,
        responseId: message.response_id,
        results: ran,
        durationMs: this.clock.monotonic() - started,
      });
      return ran;
    });
    if (repeated) this.emit({ type: 'command-repeated', sessionId: message.session_id, responseId: message.response_id });
    const reply = (actionResults: Result[]) =>
      this.send({
        type: 'command_results',
        session_id: message.session_id,
        prev_response_id: message.response_id,
        action_results: actionResults,
        client_id: this.options.clientId,
        status: 'continue',
      });
    try {
      reply(results);
    } catch (error) {
      if (error instanceof AipMessageTooLargeError) {
        // still answer: the server must not wait for a reply that can never arrive
        const text = `RESULT_TOO_LARGE: the results (${error.message}) do not fit in one AIP message`;
        this.trySendWith(() =>
          reply(results.map((r) => ({ status: 'failure', error: text, code: 'RESULT_TOO_LARGE', namespace: r.namespace ?? null, call_id: r.call_id }))),
        );
      } else {
        this.emit({ type: 'warning', message: `could not send the results of ${message.response_id}: ${errorMessage(error)}` });
      }
    }
  }

  private async describeDevice(refresh = false): Promise<DeviceInfo> {
    if (!this.deviceInfo || refresh) {
      this.deviceInfo = await collectDeviceInfo({
        clientId: this.options.clientId,
        platform: this.options.platform,
        dispatcher: this.options.dispatcher,
        ...(this.options.agentKinds ? { agentKinds: this.options.agentKinds } : {}),
        ...(this.options.deviceInfo ? { overrides: this.options.deviceInfo } : {}),
        onWarning: (message) => this.emit({ type: 'warning', message }),
      });
    }
    return this.deviceInfo;
  }

  private send(message: ClientMessageInput): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) throw new AipChannelClosedError('not connected to the server');
    socket.send(encodeClientMessage(message, { maxBytes: this.maxBytes }));
  }

  private trySend(message: ClientMessageInput): void {
    this.trySendWith(() => this.send(message));
  }

  private trySendWith(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.emit({ type: 'warning', message: `could not send: ${errorMessage(error)}` });
    }
  }

  private settleFirst(error?: Error): void {
    if (!this.first || this.first.settled) return;
    this.first.settled = true;
    if (error) this.first.deferred.reject(error);
    else this.first.deferred.resolve();
  }

  private emit(event: DeviceClientEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // observers never change the client's behaviour
    }
  }
}
