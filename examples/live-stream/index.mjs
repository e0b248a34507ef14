// @ts-check
// The live event stream. This process embeds a ufo-ts server (with the web console at /console/) and a device (the
// fake desktop, over the AIP WebSocket), and dispatches a task whose approval policy is `wait`: the agent opens the
// calculator, then wants to press a key with status CONFIRM, which the server holds. Another process
// (watcher.mjs) follows the task's Server-Sent Events, prints each one, approves the held action over HTTP, and when
// the task has finished writes its HTML report from the recorded events.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeviceClient } from '@ufo-ts/aip';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const here = dirname(fileURLToPath(import.meta.url));
const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);
const logRoot = join(here, 'logs', `live-stream-${process.pid}`);
const reportPath = join(logRoot, 'report-from-stream.html');

const { desktop, dispatcher } = createFakeDesktopDispatcher();
const calc = desktop.windows.find((w) => w.root_name === 'calc')?.id ?? '';
const reply = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'screen', ...o });
const SCRIPT = [
  reply({ thought: 'open the calculator', action: { function: 'select_application_window', arguments: { id: calc }, status: 'CONTINUE' } }),
  reply({ thought: 'press 1 (it changes the display: ask first)', action: { function: 'click_input', arguments: { id: '1' }, status: 'CONFIRM' } }),
  reply({ thought: 'done', action: [], status: 'FINISH', result: 'pressed 1' }),
];

const server = createUfoServer({
  port: 0,
  logRoot,
  console: true,
  createModel: ({ resumedAtStep }) => new ScriptedModel({ replies: SCRIPT.slice(resumedAtStep ?? 0) }),
});
const address = await server.start();
say(`server: ${address.httpUrl} (web console: ${address.httpUrl}/console/)`);
const device = new DeviceClient({
  serverUrl: address.wsUrl,
  clientId: 'stream-device',
  platform: 'linux',
  dispatcher,
  apiKey: server.apiKey,
  closeDispatcherOnStop: true,
});

let failed = true;
try {
  await device.start();
  const dispatched = await fetch(`${address.httpUrl}/api/dispatch`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'stream-device',
      request: 'press 1 on the calculator',
      task_name: 'press-one-live',
      approval: { mode: 'wait', timeout_ms: 120_000 },
    }),
  });
  if (dispatched.status !== 200) throw new Error(`dispatch answered ${dispatched.status}`);
  const watcher = spawn(process.execPath, [join(here, 'watcher.mjs'), address.httpUrl, 'press-one-live', reportPath], {
    env: { ...process.env, UFO_API_KEY: server.apiKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  watcher.stdout.on('data', (chunk) => say(String(chunk).trimEnd()));
  const code = await new Promise((resolve) => watcher.on('exit', resolve));
  const report = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const steps = (report.match(/<article class="step/g) ?? []).length;
  say(`watcher exited ${code}; the report from the stream has ${steps} steps; the calculator shows ${desktop.state.display}`);
  failed = code !== 0 || steps < 3 || desktop.state.display !== '1';
} finally {
  await device.stop();
  await server.stop();
  rmSync(logRoot, { recursive: true, force: true });
}
if (failed) {
  console.error('live-stream example failed');
  process.exit(1);
}
