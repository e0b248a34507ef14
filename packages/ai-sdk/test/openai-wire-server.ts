/**
 * A local HTTP server on 127.0.0.1 speaking OpenAI's Chat Completions wire format (`POST /v1/chat/completions`).
 * The reply shapes follow OpenAI's API reference for the chat completion object and the chat completion chunk
 * object (https://platform.openai.com/docs/api-reference/chat): a refusal is `message.refusal` (text) with
 * `content: null` and `finish_reason: "stop"`, streamed as `delta.refusal` pieces; a filtered reply ends with
 * `finish_reason: "content_filter"`. Both `@ai-sdk/openai` majors the tests use parse them with the same schemas:
 * `openaiChatResponseSchema` and `openaiChatChunkSchema` in node_modules/@ai-sdk/openai/dist/index.mjs (3.x) and
 * node_modules/@ai-sdk/openai-v4/dist/index.js (4.x), where `mapOpenAIFinishReason` turns a refusal into the
 * unified finish reason `content-filter` with raw `stop`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: a JSON completion, SSE chunks, an HTTP error, or a reply that never comes. */
export type WireReply =
  | { kind: 'json'; body: Record<string, unknown> }
  | { kind: 'sse'; chunks: Array<Record<string, unknown>> }
  | { kind: 'error'; status: number; body: Record<string, unknown> }
  | { kind: 'hang' };

export interface OpenAiWireServer {
  baseURL: string;
  /** Request bodies received, in order. */
  requests: Array<Record<string, unknown>>;
  /** Resolves when a request the server is holding open (`hang`) has been closed by the client. */
  clientClosed: Promise<void>;
  close(): Promise<void>;
}

export async function startOpenAiWireServer(replies: WireReply[]): Promise<OpenAiWireServer> {
  const requests: Array<Record<string, unknown>> = [];
  let markClosed: () => void = () => undefined;
  const clientClosed = new Promise<void>((resolve) => (markClosed = resolve));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push(JSON.parse(raw) as Record<string, unknown>);
      const reply = replies.shift();
      if (!reply || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"unexpected request"}}');
        return;
      }
      switch (reply.kind) {
        case 'json':
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
          return;
        case 'error':
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
          return;
        case 'sse':
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          for (const chunk of reply.chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
          res.end('data: [DONE]\n\n');
          return;
        case 'hang':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.on('close', markClosed);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    clientClosed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A chat completion object (OpenAI API reference: "The chat completion object"). */
export function completion(
  message: Record<string, unknown>,
  finishReason: string,
  usage = { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27, prompt_tokens_details: { cached_tokens: 8 } },
): Record<string, unknown> {
  return {
    id: 'chatcmpl-local-1',
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'gpt-4o-2024-08-06',
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, logprobs: null, finish_reason: finishReason }],
    usage,
  };
}

/** A chat completion chunk (OpenAI API reference: "The chat completion chunk object"). */
export function chunk(delta: Record<string, unknown>, finishReason: string | null = null, usage?: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'chatcmpl-local-2',
    object: 'chat.completion.chunk',
    created: 1_764_000_000,
    model: 'gpt-4o-2024-08-06',
    choices: usage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(usage ? { usage } : {}),
  };
}
