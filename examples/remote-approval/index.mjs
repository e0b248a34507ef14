// @ts-check
// Remote human-in-the-loop. This process embeds a ufo-ts server and a device (the fake desktop, over the AIP
// WebSocket); it dispatches a task whose approval policy is `wait`. The agent wants to press a calculator key with
// status CONFIRM (a sensitive action): the server holds it, checkpoints the session and lists the task as waiting.
// Another process (approver.mjs) approves it over the HTTP API; the session resumes and the key press runs, once.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeviceClient } from '@ufo-ts/aip';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const here = dirname(fileURLToPath(import.meta.url));
const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);
const logRoot = join(here, 'logs', `remote-approval-${process.pid}`);

const { desktop, dispatcher } = createFakeDesktopDispatcher();
const calc = desktop.windows.find((w) => w.root_name === 'calc')?.id ?? '';
const reply = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'screen', thought: 'next', ...o });
const SCRIPT = [
  reply({ action: { function: 'select_application_window', arguments: { id: calc }, status: 'CONTINUE' } }),
  reply({ action: { function: 'click_input', arguments: { id: '1' }, status: 'CONFIRM' }, comment: 'pressing 1 changes the display' }),
  reply({ action: [], status: 'FINISH', result: 'pressed 1' }),
];

const server = createUfoServer({
  port: 0,
  logRoot,
  // a session that resumes after waiting continues the script where it stopped
  createModel: ({ resumedAtStep }) => new ScriptedModel({ replies: SCRIPT.slice(resumedAtStep ?? 0) }),
  onEvent: (event) => {
    if (event.type === 'task-waiting' || event.type === 'task-resumed' || event.type === 'task-ended') say(`server: ${JSON.stringify(event)}`);
  },
});
const address = await server.start();
say(`server: ${address.httpUrl}`);
const device = new DeviceClient({
  serverUrl: address.wsUrl,
  clientId: 'approval-device',
  platform: 'linux',
  dispatcher,
  apiKey: server.apiKey,
  closeDispatcherOnStop: true,
});

/** @param {string} path @param {unknown} body */
const post = async (path, body) => {
  const response = await fetch(`${address.httpUrl}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return /** @type {any} */ (await response.json());
};

let failed = true;
try {
  await device.start();
  await post('/api/dispatch', {
    client_id: 'approval-device',
    request: 'press 1 on the calculator',
    task_name: 'press-one',
    approval: { mode: 'wait', timeout_ms: 120_000, on_timeout: 'reject' },
  });
  const approver = spawn(process.execPath, [join(here, 'approver.mjs'), address.httpUrl, 'press-one'], {
    env: { ...process.env, UFO_API_KEY: server.apiKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  approver.stdout.on('data', (chunk) => say(String(chunk).trimEnd()));
  const approverCode = await new Promise((resolve) => approver.on('exit', resolve));
  let record;
  for (let i = 0; i < 400; i += 1) {
    record = server.results.get('press-one');
    if (record && record.status !== 'running' && record.status !== 'waiting') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  say(`task press-one: ${record?.status}; the device's calculator shows ${desktop.state.display}`);
  failed = approverCode !== 0 || record?.status !== 'completed' || desktop.state.display !== '1';
} finally {
  await device.stop();
  await server.stop();
  rmSync(logRoot, { recursive: true, force: true });
}
if (failed) {
  console.error('remote-approval example failed');
  process.exit(1);
}
