// @ts-check
// A stand-in for OpenAI on 127.0.0.1: it answers `POST /v1/chat/completions` with the next scripted reply as a
// chat completion object, in the shape of OpenAI's API reference ("The chat completion object",
// https://platform.openai.com/docs/api-reference/chat/object), which @ai-sdk/openai parses.
import { createServer } from 'node:http';

/**
 * Starts the server; each request gets the next of `replies` as the assistant's message text.
 * @param {string[]} replies
 * @returns {Promise<{ baseURL: string, requests: Array<Record<string, unknown>>, close: () => Promise<void> }>}
 */
export async function startLocalOpenAi(replies) {
  /** @type {Array<Record<string, unknown>>} */
  const requests = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      requests.push(JSON.parse(raw));
      const content = replies.shift();
      if (req.url !== '/v1/chat/completions' || content === undefined) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'no scripted reply left', type: 'invalid_request_error', param: null, code: null } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-local-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-4o-mini-2024-07-18',
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960, prompt_tokens_details: { cached_tokens: 0 } },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    baseURL: `http://127.0.0.1:${address.port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
