import type { DeviceConnection } from './device-connection.js';

/** The registered (online) clients by id. Only one connection per client id (duplicates are refused). */
export class ClientRegistry {
  private readonly clients = new Map<string, DeviceConnection>();

  /** Registers a connection; returns false when the id is already taken by an open connection. */
  add(clientId: string, connection: DeviceConnection): boolean {
    const existing = this.clients.get(clientId);
    if (existing && existing !== connection && existing.open) return false;
    this.clients.set(clientId, connection);
    return true;
  }

  /** Removes the entry if it still belongs to this connection. */
  remove(clientId: string, connection: DeviceConnection): boolean {
    if (this.clients.get(clientId) !== connection) return false;
    this.clients.delete(clientId);
    return true;
  }

  /** The connection registered under `clientId`, or `undefined` when none is. */
  get(clientId: string): DeviceConnection | undefined {
    return this.clients.get(clientId);
  }

  /** Every registered connection, in registration order. */
  list(): DeviceConnection[] {
    return [...this.clients.values()];
  }

  get size(): number {
    return this.clients.size;
  }
}
