import {
  AipErrorCodeSchema,
  decodeClientMessage,
  type AipErrorCode,
  type ClientCancelMessage,
  type ClientMessage,
  type ClientTaskMessage,
  type CommandResultsMessage,
} from '@ufo-ts/aip';
import { errorMessage, type Clock } from '@ufo-ts/core';
import type { DeviceCredentialStore } from '../auth/device-credentials.js';
import { Registration } from './registration.js';
import type { ClientRegistry } from '../connections/client-registry.js';
import type { DeviceConnection } from '../connections/device-connection.js';
import { ServerError } from '../errors.js';
import type { ServerEvent } from '../server-events.js';
import type { ResultStore } from '../sessions/result-store.js';
import type { SessionManager } from '../sessions/session-manager.js';
import type { DeviceHooks } from '../scale-out/scale-out.js';
import type { TaskBackend } from '../scale-out/task-backend.js';

/** Options of {@link MessageRouter}. */
export interface MessageRouterOptions {
  registry: ClientRegistry;
  sessions: SessionManager;
  results: ResultStore;
  /** Where a device's own TASK requests start (this process, or the cluster's queue), with its per-device budgets. */
  tasks: TaskBackend;
  /** Scale-out hooks (cluster mode): registrations, and results of commands forwarded from other nodes. */
  hooks?: DeviceHooks;
  maxMessageBytes: number;
  /** Largest message of any type but `command_results`, in bytes. */
  maxControlMessageBytes: number;
  /** Told to devices at registration. */
  heartbeatIntervalMs: number;
  /** Per-device credentials checked at registration. */
  credentials: DeviceCredentialStore;
  /** Refuse client ids that have no credential issued (default: only ids with one must present it). */
  requireDeviceCredentials: boolean;
  /** When a client id is taken, the holding connection must answer a ping within this time or is dropped. */
  duplicateProbeMs: number;
  /** The time connections and registrations are stamped and measured with. */
  clock: Clock;
  emit: (event: ServerEvent) => void;
}

/**
 * Handles every incoming WebSocket message: validates it with zod first, then applies the security rules of the
 * original server before acting. Every message that is invalid or not allowed is answered with an
 * ERROR (and the connection closed when it is not registered yet); nothing throws out of {@link handle}.
 */
export class MessageRouter {
  private readonly registration: Registration;

  constructor(private readonly options: MessageRouterOptions) {
    this.registration = new Registration({ ...options, refuse: (connection, code, error, extra) => this.refuse(connection, code, error, extra) });
  }

  /** Handles one frame from a connection. Never throws. */
  handle(connection: DeviceConnection, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    connection.heard();
    const registered = connection.identity !== undefined;
    try {
      if (isBinary) {
        this.refuse(connection, 'MESSAGE_INVALID', 'binary frames are not part of AIP: send JSON text frames', { fatal: !registered });
        return;
      }
      const decoded = decodeClientMessage(toBuffer(data), { maxBytes: this.options.maxMessageBytes, maxControlBytes: this.options.maxControlMessageBytes });
      if (!decoded.ok) {
        this.refuse(connection, decoded.code, decoded.error, { fatal: !registered, ...(decoded.correlationId ? { responseId: decoded.correlationId } : {}) });
        return;
      }
      const message = decoded.message;
      if (!registered) {
        if (connection.registering) {
          this.refuse(connection, 'NOT_REGISTERED', 'the registration is still being checked: wait for its answer', { ...responseIdOf(message) });
          return;
        }
        if (message.type !== 'register') {
          this.refuse(connection, 'NOT_REGISTERED', `the first message must be "register", not "${message.type}"`, { fatal: true });
          return;
        }
        this.registration.register(connection, message);
        return;
      }
      this.route(connection, message);
    } catch (error) {
      this.refuse(connection, 'INTERNAL_ERROR', `the server could not handle the message: ${errorMessage(error)}`, {});
    }
  }

  private route(connection: DeviceConnection, message: ClientMessage): void {
    const identity = connection.identity!;
    if (message.type === 'register') {
      this.refuse(connection, 'ALREADY_REGISTERED', `this connection is already registered as "${identity.clientId}"`, {
        ...(message.request_id ? { responseId: message.request_id } : {}),
      });
      return;
    }
    if (
      (message.client_id !== undefined && message.client_id !== identity.clientId) ||
      (message.client_type !== undefined && message.client_type !== identity.clientType)
    ) {
      this.refuse(
        connection,
        'IDENTITY_MISMATCH',
        `this connection is registered as ${identity.clientType} "${identity.clientId}"; it cannot speak as ${message.client_type ?? identity.clientType} "${message.client_id ?? identity.clientId}"`,
        { ...responseIdOf(message) },
      );
      return;
    }
    switch (message.type) {
      case 'heartbeat':
        connection.send({ type: 'heartbeat', status: 'ok', ...(message.request_id ? { response_id: message.request_id } : {}) });
        return;
      case 'task':
        this.startTask(connection, message);
        return;
      case 'command_results':
        this.acceptResults(connection, message);
        return;
      case 'cancel':
        this.cancel(connection, message);
        return;
      case 'device_info_response':
        if (message.device_info.device_id !== identity.clientId || message.device_info.platform !== identity.platform) {
          this.refuse(connection, 'IDENTITY_MISMATCH', 'device information must describe the registered device (same device_id and platform)', {
            ...responseIdOf(message),
          });
          return;
        }
        connection.deviceInfo = message.device_info;
        return;
      case 'error':
        this.options.emit({ type: 'client-error', clientId: identity.clientId, code: message.code, error: message.error });
        return;
    }
  }

  private startTask(connection: DeviceConnection, message: ClientTaskMessage): void {
    const identity = connection.identity!;
    this.options.tasks
      .startTask({
        clientId: identity.clientId,
        request: message.request,
        owner: `device:${identity.clientId}`,
        ...(message.task_name !== undefined ? { taskName: message.task_name } : {}),
        ...(message.session_id !== undefined ? { sessionId: message.session_id } : {}),
      })
      .then(
        (record) => {
          try {
            connection.send({ type: 'heartbeat', status: 'ok', response_id: message.request_id, session_id: record.session_id, task_name: record.task_name });
          } catch {
            // the device left meanwhile; the session fails on its own
          }
        },
        (error: unknown) => {
          const code = error instanceof ServerError ? asAipCode(error.code) : 'INTERNAL_ERROR';
          this.refuse(connection, code, errorMessage(error), {
            responseId: message.request_id,
            ...(message.session_id ? { sessionId: message.session_id } : {}),
          });
        },
      );
  }

  private acceptResults(connection: DeviceConnection, message: CommandResultsMessage): void {
    const running = this.options.sessions.running(message.session_id);
    if (running) {
      if (running.connection !== connection) {
        this.refuse(connection, 'SESSION_NOT_OWNED', `session "${message.session_id}" does not run on this device; its results are not accepted from here`, {
          responseId: message.prev_response_id,
          sessionId: message.session_id,
        });
        return;
      }
      running.dispatcher.acceptResults(message);
      return;
    }
    if (this.options.hooks?.results(connection, message)) return;
    const kept = this.options.results.getBySession(message.session_id);
    if (kept && kept.client_id === connection.identity!.clientId) {
      this.options.emit({
        type: 'results-ignored',
        clientId: kept.client_id,
        sessionId: message.session_id,
        reason: `late results: the session already ended (${kept.status})`,
      });
      return;
    }
    this.refuse(connection, 'SESSION_NOT_FOUND', `no session "${message.session_id}" runs on this device; results never create a session`, {
      responseId: message.prev_response_id,
      sessionId: message.session_id,
    });
  }

  private cancel(connection: DeviceConnection, message: ClientCancelMessage): void {
    const running = this.options.sessions.running(message.session_id);
    if (!running && this.options.hooks) {
      this.cancelElsewhere(connection, message);
      return;
    }
    if (!running) {
      this.refuse(connection, 'SESSION_NOT_FOUND', `no session "${message.session_id}" is running`, { sessionId: message.session_id });
      return;
    }
    if (running.connection !== connection) {
      this.refuse(connection, 'SESSION_NOT_OWNED', `session "${message.session_id}" does not run on this device; it cannot cancel it`, {
        sessionId: message.session_id,
      });
      return;
    }
    this.options.sessions.cancel(message.session_id, message.reason ?? `cancelled by device ${connection.identity!.clientId}`);
  }

  /** Cluster mode: the session may run on another node; only the device it runs on may cancel it. */
  private cancelElsewhere(connection: DeviceConnection, message: ClientCancelMessage): void {
    const clientId = connection.identity!.clientId;
    const { tasks } = this.options;
    void tasks
      .findTask({ sessionId: message.session_id })
      .then(async (record) => {
        if (!record || record.status !== 'running') {
          this.refuse(connection, 'SESSION_NOT_FOUND', `no session "${message.session_id}" is running`, { sessionId: message.session_id });
        } else if (record.client_id !== clientId) {
          this.refuse(connection, 'SESSION_NOT_OWNED', `session "${message.session_id}" does not run on this device; it cannot cancel it`, {
            sessionId: message.session_id,
          });
        } else {
          await tasks.cancelTask(message.session_id, message.reason ?? `cancelled by device ${clientId}`);
        }
      })
      .catch((error: unknown) =>
        this.refuse(connection, 'INTERNAL_ERROR', `the cancel could not be handled: ${errorMessage(error)}`, { sessionId: message.session_id }),
      );
  }

  private refuse(connection: DeviceConnection, code: AipErrorCode, error: string, extra: { responseId?: string; sessionId?: string; fatal?: boolean }): void {
    this.options.emit({ type: 'protocol-error', clientId: connection.identity?.clientId, code, error });
    connection.sendError(code, error, extra);
  }
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function responseIdOf(message: ClientMessage): { responseId?: string } {
  const id = 'request_id' in message ? message.request_id : 'prev_response_id' in message ? message.prev_response_id : undefined;
  return id ? { responseId: id } : {};
}

function asAipCode(code: string): AipErrorCode {
  const parsed = AipErrorCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : 'INTERNAL_ERROR';
}
