// bench/remote helper: one real device (DeviceClient + LocalCommandDispatcher) with an in-process `echo` tool.
// argv: serverUrl apiKey clientId. Prints {ready:true} once registered.
import { DeviceClient } from '@ufo-ts/aip';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';

const [serverUrl, apiKey, clientId] = process.argv.slice(2);
const tools = () =>
  createToolServer({
    name: 'bench-tools',
    version: '0.1.0',
    tools: [defineTool({ name: 'echo', description: 'Echoes its input.', input: z.object({ n: z.number() }), handler: ({ n }) => ({ n }) })],
  });
const servers = { data_collection: [], action: [{ namespace: 'bench', transport: 'in-process', factory: 'bench' }] };
const dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { bench: tools } });
const client = new DeviceClient({ serverUrl, apiKey, clientId, platform: 'linux', dispatcher, closeDispatcherOnStop: true });
await client.start();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.on('SIGTERM', () => void client.stop().then(() => process.exit(0)));
