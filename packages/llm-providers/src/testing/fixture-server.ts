import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One response a fixture route gives. */
export interface FixtureResponse {
  /** HTTP status (default 200). */
  status?: number;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** A JSON body (sent as `application/json`). */
  json?: unknown;
  /** A server-sent-events body (sent as `text/event-stream`), exactly as the provider streams it. */
  sse?: string;
  /** A raw body. */
  body?: string;
  /** Wait before sending the status line, in ms (timeouts). */
  delayMs?: number;
  /** For `sse`: wait between events, in ms. */
  eventDelayMs?: number;
  /** For `sse`: send this many events, then stall until the client goes away (abort mid-stream). */
  stallAfterEvents?: number;
  /** Destroy the connection without answering (a connection reset). */
  reset?: boolean;
}

/** A route: requests matching method and path get the route's responses in order (the last one repeats). */
export interface FixtureRoute {
  /** HTTP method (default `POST`). */
  method?: string;
  /** Path without the query string, or a pattern it must match. */
  path: string | RegExp;
  /** Responses in order; once used up, the last is repeated. */
  responses: FixtureResponse[];
  /**
   * Computes the response from the request instead (a stand-in model that answers what it was sent); `responses`
   * is then ignored. A responder that throws gets a 500 with the error's message in OpenAI's error shape.
   */
  respond?: (request: RecordedRequest) => FixtureResponse | Promise<FixtureResponse>;
}

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text. */
  text: string;
  /** The body parsed as JSON, when it is JSON. */
  body: unknown;
  /** True when the client closed the connection before the response was complete (cancellation). */
  clientAborted: boolean;
}

/** Options of {@link startFixtureServer}. */
export interface FixtureServerOptions {
  routes: FixtureRoute[];
}

/** A running fixture server. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Resolves when the server has seen `count` requests whose connection closed early. */
  waitForAbort(count?: number): Promise<void>;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (random port) that answers with recorded provider responses (JSON bodies and
 * SSE streams), and records every request it gets. Point a real SDK client at `url` to test against real wire
 * formats. Unmatched requests get a 404 JSON error.
 */
export async function startFixtureServer(options: FixtureServerOptions): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const served = new Map<FixtureRoute, number>();
  const sockets = new Set<Socket>();
  const abortWaiters: Array<{ count: number; resolve: () => void }> = [];
  const checkAborts = (): void => {
    const aborted = requests.filter((request) => request.clientAborted).length;
    for (const waiter of [...abortWaiters]) {
      if (aborted >= waiter.count) {
        abortWaiters.splice(abortWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      text,
      body: tryJson(text),
      clientAborted: false,
    };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) {
        recorded.clientAborted = true;
        checkAborts();
      }
    });
    const route = options.routes.find(
      (candidate) =>
        (candidate.method ?? 'POST').toUpperCase() === recorded.method &&
        (typeof candidate.path === 'string' ? candidate.path === url.pathname : candidate.path.test(url.pathname)),
    );
    if (route?.respond) {
      let computed: FixtureResponse;
      try {
        computed = await route.respond(recorded);
      } catch (error) {
        computed = { status: 500, json: { error: { message: error instanceof Error ? error.message : String(error), type: 'server_error' } } };
      }
      await respond(res, computed);
      return;
    }
    if (!route || route.responses.length === 0) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no fixture for ${recorded.method} ${url.pathname}`, type: 'not_found' } }));
      return;
    }
    const index = served.get(route) ?? 0;
    served.set(route, index + 1);
    const response = route.responses[Math.min(index, route.responses.length - 1)]!;
    await respond(res, response);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitForAbort(count = 1) {
      return new Promise<void>((resolve) => {
        abortWaiters.push({ count, resolve });
        checkAborts();
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
    },
  };
}

async function respond(res: ServerResponse, response: FixtureResponse): Promise<void> {
  if (response.delayMs) {
    await waitOrClose(res, response.delayMs);
    if (res.destroyed) return;
  }
  if (response.reset) {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = { ...response.headers };
  if (response.sse !== undefined) {
    res.writeHead(response.status ?? 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
    const events = response.sse.split(/\n\n(?=.)/).map((event) => (event.endsWith('\n\n') ? event : `${event.replace(/\n*$/, '')}\n\n`));
    for (const [index, event] of events.entries()) {
      if (res.destroyed) return;
      if (response.stallAfterEvents !== undefined && index >= response.stallAfterEvents) {
        await new Promise<void>((resolve) => res.on('close', () => resolve()));
        return;
      }
      res.write(event);
      if (response.eventDelayMs) await waitOrClose(res, response.eventDelayMs);
    }
    res.end();
    return;
  }
  const body = response.json !== undefined ? JSON.stringify(response.json) : (response.body ?? '');
  if (response.json !== undefined) headers['content-type'] ??= 'application/json';
  res.writeHead(response.status ?? 200, headers);
  res.end(body);
}

function waitOrClose(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
    res.on('close', done);
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function tryJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
