import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP load balancer on loopback for the tests: each new connection goes to the next backend (round robin), or to
 * the preferred one while it is set; a backend that refuses is skipped. Nodes behind it see the devices' WebSockets.
 */
export class LoadBalancer {
  private next = 0;
  private preferred: number | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly backends: number[],
  ) {}

  static async start(backends: number[]): Promise<LoadBalancer> {
    let balancer: LoadBalancer | undefined;
    const server = createServer((client) => balancer!.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    balancer = new LoadBalancer(server, (server.address() as { port: number }).port, backends);
    return balancer;
  }

  /** `ws://127.0.0.1:<port>/ws` */
  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  /** New connections go to this backend (index) while it accepts; undefined restores round robin. */
  prefer(index: number | undefined): void {
    this.preferred = index;
  }

  /** Replaces a backend's port (a restarted node). */
  replace(index: number, port: number): void {
    this.backends[index] = port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    client.pause();
    const order = this.order();
    const attempt = (i: number) => {
      if (i >= order.length) return client.destroy();
      const upstream = connect(this.backends[order[i]!]!, '127.0.0.1');
      let connected = false;
      upstream.on('error', () => {
        if (!connected) attempt(i + 1);
      });
      upstream.once('connect', () => {
        connected = true;
        this.sockets.add(upstream);
        upstream.on('close', () => (this.sockets.delete(upstream), client.destroy()));
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  }

  private order(): number[] {
    const n = this.backends.length;
    const start = this.preferred ?? this.next++ % n;
    return Array.from({ length: n }, (_, i) => (start + i) % n);
  }
}
