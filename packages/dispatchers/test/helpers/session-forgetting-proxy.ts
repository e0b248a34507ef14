import { createServer, request, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/** An HTTP proxy in front of an MCP server that can make the server forget the client's current session. */
export interface SessionForgettingProxy {
  url: string;
  /** From now on, requests carrying the last session id seen reach the server with an unknown one. */
  forgetSession(): void;
  close(): Promise<void>;
}

/**
 * Forwards every request to `upstream` (streams included) unchanged, except that after `forgetSession()` the
 * session id last seen is replaced by one the server never issued, so the server answers as it does after a
 * restart, while the connection itself stays up (no stream breaks, nothing for a liveness probe to notice).
 */
export async function startSessionForgettingProxy(upstream: string): Promise<SessionForgettingProxy> {
  const target = new URL(upstream);
  let lastSession: string | undefined;
  let forgotten: string | undefined;
  const server: Server = createServer((req, res) => {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
    const session = req.headers['mcp-session-id'];
    if (typeof session === 'string') {
      if (session === forgotten) headers['mcp-session-id'] = 'forgotten-session';
      else lastSession = session;
    }
    const forward = request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    forgetSession: () => {
      forgotten = lastSession;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
