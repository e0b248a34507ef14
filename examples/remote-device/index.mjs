// @ts-check
// A remote device. A ufo-ts server (the engine, with the model) listens on 127.0.0.1; a device connects over the
// AIP WebSocket with its own tool servers (here the fake desktop) and asks for a task. The server runs the
// session; every command crosses the WebSocket and runs on the device. In production they are two machines:
// `ufo serve` and `ufo client`.
import { rmSync } from 'node:fs';
import { DeviceClient } from '@ufo-ts/aip';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const { desktop, dispatcher } = createFakeDesktopDispatcher();
const calc = desktop.windows.find((w) => w.root_name === 'calc')?.id ?? '';
const click = (/** @type {string} */ id, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const reply = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'screen', thought: 'next', ...o });

const server = createUfoServer({
  port: 0,
  logRoot: 'logs',
  createModel: () =>
    new ScriptedModel({
      replies: [
        reply({ action: { function: 'select_application_window', arguments: { id: calc } } }),
        reply({ action: [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], result: '408' }),
      ],
    }),
});
const address = await server.start();
say(`server: ${address.httpUrl} (devices: ${address.wsUrl})`);
const client = new DeviceClient({
  serverUrl: address.wsUrl,
  clientId: 'example-device',
  platform: 'linux',
  dispatcher,
  apiKey: server.apiKey,
  closeDispatcherOnStop: true,
});
let failed = true;
try {
  await client.start();
  const task = await client.requestTask({ request: 'What is 12 times 34?', taskName: 'remote-device-example' });
  const end = await task.done;
  say(`task ${end.task_name}: ${end.status}, result ${JSON.stringify(end.result)}; the device's calculator shows ${desktop.state.display}`);
  failed = end.status !== 'completed' || desktop.state.display !== '408';
} finally {
  await client.stop();
  await server.stop();
  rmSync('logs/remote-device-example', { recursive: true, force: true });
}
if (failed) {
  console.error('remote-device example failed');
  process.exit(1);
}
