// The benchmark's tool server: one no-op action tool. `node noop-server.mjs` serves stdio;
// `node noop-server.mjs --http` serves streamable HTTP on 127.0.0.1 and prints {"url"} on stdout.
import { z } from 'zod';
import { createToolServer, defineTool, serveHttp, serveStdio } from '@ufo-ts/dispatchers/server';

export function createNoopServer() {
  return createToolServer({
    name: 'bench-noop',
    tools: [defineTool({ name: 'noop', description: 'Does nothing.', input: z.object({}), handler: () => null })],
  });
}

const isMain = process.argv[1] && new URL(import.meta.url).pathname === process.argv[1];
if (isMain) {
  if (process.argv.includes('--http')) {
    const server = await serveHttp(createNoopServer);
    process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
    process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  } else {
    await serveStdio(createNoopServer());
  }
}
