// Test helper: an in-process server and raw device connections that are closed after each test.
import type { UfoServerOptions } from '../../src/index.js';
import { afterEach } from 'vitest';
import { startInProcessServer, type InProcessServer } from './in-process-server.js';
import { RawClient } from './raw-client.js';

/** What {@link serverPerTest} gives a test file. */
export interface ServerPerTest {
  /** Starts this test's server (closed after the test). */
  start(options?: Partial<UfoServerOptions>): Promise<InProcessServer>;
  /** Opens a raw device connection with the server's API key (closed after the test). */
  connect(server: InProcessServer): Promise<RawClient>;
}

/** Registers an `afterEach` that closes the connections and the server a test opened through the returned helpers. */
export function serverPerTest(): ServerPerTest {
  let server: InProcessServer | undefined;
  const clients: RawClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server?.close();
    server = undefined;
  });
  return {
    async start(options = {}) {
      server = await startInProcessServer(options);
      return server;
    },
    async connect(target) {
      const client = await RawClient.connect(target.wsUrl, { apiKey: target.apiKey });
      clients.push(client);
      return client;
    },
  };
}
