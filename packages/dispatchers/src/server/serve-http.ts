import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { ToolServerListenError } from '../errors.js';
import { createHttpRequestGuard } from './http-request-guard.js';

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** Interface to bind. Default `127.0.0.1` (loopback only). */
  host?: string;
  /** Port to bind; `0` (default) picks a free one (read it from the returned handle). */
  port?: number;
  /** URL path of the MCP endpoint. Default `/mcp`. */
  path?: string;
  /** When set, every request needs `Authorization: Bearer <token>` (compared in constant time). */
  token?: string;
  /** Extra accepted `Host` header values (`name` or `name:port`); loopback names are always accepted. */
  allowedHosts?: string[];
  /** Extra accepted `Origin` values; loopback origins are always accepted, requests without Origin too. */
  allowedOrigins?: string[];
  /** Largest accepted request body in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Answer POSTs with plain JSON (default `true`, fastest) instead of an SSE stream. */
  jsonResponse?: boolean;
}

/** A running streamable-HTTP tool server. */
export interface HttpToolServer {
  /** The endpoint URL, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string;
  /** The bound port. */
  port: number;
  /** Number of open MCP sessions (one `McpServer` each). */
  sessionCount(): number;
  /** Closes every session and the listening socket. */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
}

/**
 * Serves MCP over streamable HTTP with stateful sessions: every `initialize` gets a fresh server from
 * `createServer` and a session id; later requests carry `mcp-session-id`. Binds 127.0.0.1 by default, rejects
 * non-loopback `Host`/`Origin` headers unless listed (DNS-rebinding protection) and, with `token`, requests
 * without the bearer token.
 *
 * @throws ToolServerListenError when the port cannot be bound.
 *
 * @example
 * ```ts
 * const http = await serveHttp(() => createToolServer({ name: 'bash', version: '1.0.0', tools }), { port: 8010, token: process.env.BASH_TOKEN });
 * console.log(http.url); // http://127.0.0.1:8010/mcp
 * await http.close();
 * ```
 */
export async function serveHttp(createServer_: () => McpServer, options: ServeHttpOptions = {}): Promise<HttpToolServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const jsonResponse = options.jsonResponse ?? true;
  const guard = createHttpRequestGuard(options);
  const sessions = new Map<string, Session>();

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const server = createServer_();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: jsonResponse,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return sendError(res, 404, 'Not found');
    const rejection = guard(req);
    if (rejection) {
      if (rejection.challenge !== undefined) res.setHeader('WWW-Authenticate', rejection.challenge);
      return sendError(res, rejection.status, rejection.message);
    }
    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) return sendError(res, 404, 'Session not found');
    if (req.method === 'POST') {
      const body = await readJsonBody(req, maxBodyBytes);
      if (!body.ok) return sendError(res, body.status, body.message);
      if (session) return session.transport.handleRequest(req, res, body.value);
      if (!isInitializeRequest(body.value)) return sendError(res, 400, 'No session: send initialize first');
      return openSession(req, res, body.value);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!session) return sendError(res, 400, 'Missing mcp-session-id header');
      return session.transport.handleRequest(req, res);
    }
    res.setHeader('Allow', 'GET, POST, DELETE');
    return sendError(res, 405, 'Method not allowed');
  };

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, error instanceof Error ? error.message : 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => {
      reject(new ToolServerListenError(`Cannot listen on ${host}:${options.port ?? 0}: ${error.message}`, { cause: error }));
    };
    httpServer.once('error', onError);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', onError);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    sessionCount: () => sessions.size,
    close: () => {
      closing ??= (async () => {
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.allSettled(
          open.map(async (s) => {
            await s.transport.close();
            await s.server.close();
          }),
        );
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return { ok: false, status: 413, message: `Body larger than ${maxBytes} bytes` };
    chunks.push(buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Body is not valid JSON' };
  }
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
