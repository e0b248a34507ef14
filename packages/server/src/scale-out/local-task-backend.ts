import type { ClientRegistry } from '../connections/client-registry.js';
import { DeviceNotFoundError } from '../errors.js';
import type { ResultStore } from '../sessions/result-store.js';
import type { SessionManager } from '../sessions/session-manager.js';
import type { TaskRecord } from '../sessions/task-record.js';
import type { ClientSummary, StartTaskRequest, TaskBackend, TaskRef } from './task-backend.js';

/** Options of {@link LocalTaskBackend}. */
export interface LocalTaskBackendOptions {
  registry: ClientRegistry;
  sessions: SessionManager;
  results: ResultStore;
}

/** The single-process {@link TaskBackend} (the default): tasks run in this process on its own devices. */
export class LocalTaskBackend implements TaskBackend {
  constructor(private readonly options: LocalTaskBackendOptions) {}

  async listClients(): Promise<ClientSummary[]> {
    const { registry, sessions } = this.options;
    return registry.list().flatMap((connection) => {
      const identity = connection.identity;
      if (!identity) return [];
      const task = sessions.activeFor(connection);
      return [
        {
          client_id: identity.clientId,
          client_type: identity.clientType,
          platform: identity.platform,
          connected_at: new Date(connection.registeredAt ?? connection.openedAt).toISOString(),
          last_seen: new Date(connection.lastSeen).toISOString(),
          busy: task !== undefined,
          ...(task ? { task_name: task.task_name, session_id: task.session_id } : {}),
          device_info: connection.deviceInfo,
        },
      ];
    });
  }

  async health(): Promise<{ onlineClients: number; runningTasks: number }> {
    return { onlineClients: this.options.registry.size, runningTasks: this.options.sessions.runningCount };
  }

  async startTask(request: StartTaskRequest): Promise<TaskRecord> {
    const { clientId, ...task } = request;
    const connection = this.options.registry.get(clientId);
    if (!connection?.identity || !connection.open) throw new DeviceNotFoundError(clientId);
    return this.options.sessions.start({ ...task, connection });
  }

  async findTask(ref: TaskRef): Promise<TaskRecord | undefined> {
    return 'taskName' in ref ? this.options.results.get(ref.taskName) : this.options.results.getBySession(ref.sessionId);
  }

  async cancelTask(sessionId: string, reason: string): Promise<boolean> {
    return this.options.sessions.cancel(sessionId, reason) !== undefined;
  }
}
