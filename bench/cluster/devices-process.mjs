// bench/cluster helper: simulated devices in one process, device i connected to serverUrls[i % n]. Each serves a
// FakeDesktop, an `echo` tool and an abortable `wait_ms` tool. argv[2]: JSON { serverUrls, apiKey, clientIds }.
// Prints {ready:true} once all registered, then {clientId, type:'tool-start'} when wait_ms starts.
import { DeviceClient } from '@ufo-ts/aip';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { FakeDesktop } from '@ufo-ts/testkit';
import { z } from 'zod';

const config = JSON.parse(process.argv[2]);
const out = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

function device(clientId, serverUrl) {
  const desktop = new FakeDesktop();
  const tools = () =>
    createToolServer({
      name: 'bench-tools',
      version: '0.1.0',
      tools: [
        defineTool({ name: 'echo', description: 'Echoes its input.', input: z.object({ n: z.number() }), handler: ({ n }) => ({ n }) }),
        defineTool({
          name: 'wait_ms',
          description: 'Waits the given milliseconds.',
          input: z.object({ ms: z.number().int().nonnegative() }),
          handler: ({ ms }, { signal }) =>
            new Promise((resolve, reject) => {
              out({ clientId, type: 'tool-start', at: Date.now() });
              const timer = setTimeout(() => resolve({ waited: ms }), ms);
              signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))));
            }),
        }),
      ],
    });
  const servers = {
    data_collection: [{ namespace: 'fake-desktop', transport: 'in-process', factory: 'desktop' }],
    action: [
      { namespace: 'fake-desktop', transport: 'in-process', factory: 'desktop' },
      { namespace: 'bench-tools', transport: 'in-process', factory: 'tools' },
    ],
  };
  const dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { desktop: () => desktop.createServer(), tools } });
  return new DeviceClient({
    serverUrl,
    apiKey: config.apiKey,
    clientId,
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
    keepCommandsOnDisconnect: true,
    backoff: { initialDelayMs: 100, maxDelayMs: 1_000 },
  });
}

const clients = config.clientIds.map((id, i) => device(id, config.serverUrls[i % config.serverUrls.length]));
await Promise.all(clients.map((client) => client.start()));
out({ ready: true });
process.on('SIGTERM', () => void Promise.all(clients.map((c) => c.stop())).then(() => process.exit(0)));
