// The fake desktop's tools as a stdio MCP server (the "tool server spawned by the CLI" variant of bench/cli).
import { serveStdio } from '@ufo-ts/dispatchers/server';
import { FakeDesktop } from '@ufo-ts/testkit';

await serveStdio(new FakeDesktop().createServer());
