import type { DeviceConnection } from './device-connection.js';

/**
 * A server-wide ceiling on bytes queued for peers that do not read: each connection has its own limit, and this
 * caps their sum, so a handful of non-reading clients cannot grow the process's memory without bound. When a send
 * would cross it, the connection with the largest backlog (the slowest reader) is disconnected.
 */
export class OutboundBudget {
  private readonly connections = new Set<DeviceConnection>();

  constructor(readonly maxTotalBytes: number) {}

  add(connection: DeviceConnection): void {
    this.connections.add(connection);
  }

  delete(connection: DeviceConnection): void {
    this.connections.delete(connection);
  }

  /** Bytes queued for every connection. */
  used(): number {
    let total = 0;
    for (const connection of this.connections) total += connection.socket.bufferedAmount;
    return total;
  }

  /** The connection with the most bytes queued, when any has some. */
  slowest(): DeviceConnection | undefined {
    let worst: DeviceConnection | undefined;
    for (const connection of this.connections) {
      if (connection.socket.bufferedAmount > (worst?.socket.bufferedAmount ?? 0)) worst = connection;
    }
    return worst;
  }
}
