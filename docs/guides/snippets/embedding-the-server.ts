// Embedding the server: a ufo-ts server inside your own process, with a second API key, budgets, a device (the fake
// desktop over a real AIP WebSocket), a task that waits for a person and is approved over HTTP, and the task's live
// event stream read with fetch. Run by the docs test, which fails when the task did not wait, the approval did not
// resume it, the calculator does not show 1, the stream missed its events, or one key saw the other's task.
// #region server
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceClient } from '@ufo-ts/aip';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createUfoServer, StreamEventSchema, type StreamEvent, type TaskRecord } from '@ufo-ts/server';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

// The device: the fake desktop of @ufo-ts/testkit (a calculator and a mail client, served as an MCP tool server).
const { desktop, dispatcher } = createFakeDesktopDispatcher();
const calc = desktop.windows.find((w) => w.root_name === 'calc')?.id ?? '';
const display = (): string => desktop.state.display; // what the calculator shows now

// The model: scripted replies per request here; in real use a provider model (see "In real use" below).
const step = (thought: string, action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'the screen', thought, action, ...extra });
const SCRIPTS: Record<string, unknown[]> = {
  'press 1 on the calculator': [
    step('open the calculator', { function: 'select_application_window', arguments: { id: calc }, status: 'CONTINUE' }),
    step('press 1 (it changes the display: ask first)', { function: 'click_input', arguments: { id: '1' }, status: 'CONFIRM' }),
    step('done', [], { status: 'FINISH', result: 'pressed 1' }),
  ],
  'press 2 twice': [
    step('open the calculator', { function: 'select_application_window', arguments: { id: calc }, status: 'CONTINUE' }),
    step('press 2', { function: 'click_input', arguments: { id: '2' }, status: 'CONTINUE' }),
    step('press 2 again', { function: 'click_input', arguments: { id: '2' }, status: 'FINISH' }),
  ],
};

const logRoot = mkdtempSync(join(tmpdir(), 'ufo-embedded-'));
const TEST_FARM_KEY = 'test-farm-0123456789abcdef';
const server = createUfoServer({
  port: 0, // a free port on 127.0.0.1
  logRoot,
  // A session that resumes after waiting continues its script where it stopped (resumedAtStep).
  createModel: ({ request, resumedAtStep }) => new ScriptedModel({ replies: (SCRIPTS[request] ?? []).slice(resumedAtStep ?? 0) as Record<string, unknown>[] }),
  // A second key: its tasks are its own (the default key, server.apiKey, does not see them, and the reverse).
  apiKeys: [{ id: 'test-farm', key: TEST_FARM_KEY }],
  budgets: {
    session: { max_steps: 20 }, // every task
    keys: { 'test-farm': { max_steps: 1 } }, // all of the key's tasks together (deliberately tiny here)
  },
});
const address = await server.start();
const device = new DeviceClient({
  serverUrl: address.wsUrl,
  clientId: 'calc-pc',
  platform: 'linux',
  dispatcher,
  apiKey: server.apiKey,
  closeDispatcherOnStop: true,
});
await device.start();
// #endregion server

// #region http
/** Calls the HTTP API with one key; answers the status and the parsed JSON body. */
async function api(key: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${address.httpUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Polls until `read` answers something (the server runs tasks in the background). */
async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
// #endregion http

// #region stream
interface Received {
  id: string | undefined;
  name: string | undefined;
  event: StreamEvent;
}

/**
 * Follows one task's Server-Sent Events until `stop` says so. Each frame is `id:`, `event:` and `data:` lines ended by
 * a blank line; `data` is one JSON StreamEvent. Pass `lastEventId` to resume after an event already seen.
 */
async function follow(key: string, taskName: string, stop: (event: StreamEvent) => boolean, lastEventId?: string): Promise<Received[]> {
  const abort = new AbortController();
  const response = await fetch(`${address.httpUrl}/api/tasks/${encodeURIComponent(taskName)}/events`, {
    headers: { 'x-api-key': key, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
  const received: Received[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, cut).split('\n');
        buffer = buffer.slice(cut + 2);
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field('data');
        if (data === undefined) continue; // a comment line (heartbeat)
        const event = StreamEventSchema.parse(JSON.parse(data));
        received.push({ id: field('id'), name: field('event'), event });
        if (stop(event)) return received;
      }
    }
  } finally {
    abort.abort(); // closes the connection; the server forgets the subscriber at once
  }
  throw new Error(`the stream of ${taskName} ended early`);
}
// #endregion stream

let failure: Error | undefined;
try {
  // #region approval
  // Dispatch with the default key; the agent's CONFIRM action is held until a person answers (or 2 minutes pass).
  const dispatched = await api(server.apiKey, '/api/dispatch', {
    client_id: 'calc-pc',
    request: 'press 1 on the calculator',
    task_name: 'press-one',
    approval: { mode: 'wait', timeout_ms: 120_000, on_timeout: 'reject' },
  });
  if (dispatched.status !== 200) throw new Error(`dispatch answered ${dispatched.status} ${JSON.stringify(dispatched.body)}`);
  const streamed = follow(server.apiKey, 'press-one', (e) => e.type === 'task-finished');

  // The task waits: listed under ?status=waiting with what it holds and the pending id to answer.
  const waiting = await until('press-one to wait', async () => {
    const { body } = await api(server.apiKey, '/api/tasks?status=waiting');
    return (body.tasks as TaskRecord[]).find((t) => t.task_name === 'press-one');
  });
  const held = waiting.waiting;
  if (held?.kind !== 'confirmation') throw new Error('press-one did not wait for a confirmation');
  console.log('held:', held.actions.map((a) => `${a.tool_name}(${JSON.stringify(a.arguments)})`).join(', '), held.screenshot_url ?? '(no screenshot)');
  if (held.screenshot_url) {
    const shot = await fetch(`${address.httpUrl}${held.screenshot_url}`, { headers: { 'x-api-key': server.apiKey } });
    if (shot.status !== 200 || !shot.headers.get('content-type')?.startsWith('image/')) throw new Error(`the screenshot answered ${shot.status}`);
  }
  if (display() !== '0') throw new Error(`a held action ran before it was approved: ${display()}`);

  // Approve by task name AND pending id; a second answer to the same question is refused (409).
  const approved = await api(server.apiKey, '/api/tasks/press-one/approve', { pending_id: held.pending_id });
  const again = await api(server.apiKey, '/api/tasks/press-one/approve', { pending_id: held.pending_id });
  if (approved.status !== 202 || approved.body.status !== 'resumed') throw new Error(`approve answered ${approved.status}`);
  if (again.status !== 409) throw new Error(`a second approval answered ${again.status}, not 409`);
  console.log('approved:', approved.body.decision, '; again:', again.status, again.body.code);
  // #endregion approval

  // #region stream-check
  const events = await streamed;
  const types = events.map((r) => r.event.type);
  const finished = events.at(-1)?.event;
  if (events.some((r) => r.name !== r.event.type)) throw new Error("an event: line did not name the event's type");
  if (!types.includes('task-waiting') || !types.includes('task-resumed')) throw new Error(`the stream missed the wait: ${types.join(' ')}`);
  if (finished?.type !== 'task-finished' || finished.status !== 'completed') throw new Error(`press-one ended ${JSON.stringify(finished)}`);
  if (display() !== '1') throw new Error(`the calculator shows ${display()}, not 1`);

  // Resume after the task-waiting event with Last-Event-ID: only what came after it is sent again.
  const waitedAt = events.find((r) => r.event.type === 'task-waiting')?.id;
  const resumed = await follow(server.apiKey, 'press-one', (e) => e.type === 'task-finished', waitedAt);
  if (resumed[0]?.event.type === 'task-waiting' || resumed.at(-1)?.event.type !== 'task-finished')
    throw new Error('resuming the stream replayed the wrong events');
  console.log(`stream: ${events.length} events (${[...new Set(types)].join(', ')}); resumed after ${waitedAt}: ${resumed.length}`);
  // #endregion stream-check

  // #region budget
  // The second key's task: its key may spend one step in total, so the second model call is refused.
  const farm = await api(TEST_FARM_KEY, '/api/dispatch', { client_id: 'calc-pc', request: 'press 2 twice', task_name: 'farm-run' });
  if (farm.status !== 200) throw new Error(`dispatch answered ${farm.status} ${JSON.stringify(farm.body)}`);
  const record = await until('farm-run to end', async () => {
    const { body } = await api(TEST_FARM_KEY, '/api/tasks/farm-run');
    return body.status === 'running' ? undefined : (body as TaskRecord);
  });
  if (record.status !== 'budget_exceeded') throw new Error(`farm-run ended ${record.status}`);
  console.log('farm-run:', record.status, JSON.stringify(record.budget?.exceeded));
  if (record.budget?.exceeded?.scope !== 'key' || record.budget.exceeded.limit !== 'max_steps') throw new Error('the wrong limit stopped farm-run');

  // A task key sees only its own tasks; the server's own key is an admin key and sees them all.
  const byDefault = await api(server.apiKey, '/api/tasks/farm-run');
  const listed = await api(server.apiKey, '/api/tasks');
  const byFarm = await api(TEST_FARM_KEY, '/api/tasks/press-one');
  if (byFarm.status !== 404) throw new Error("the task key saw another key's task");
  if (byDefault.status !== 200 || !(listed.body.tasks as TaskRecord[]).some((t) => t.task_name === 'farm-run'))
    throw new Error('the admin key does not see farm-run');
  // #endregion budget
} catch (error) {
  failure = error as Error;
} finally {
  // #region cleanup
  await device.stop(); // closes the fake desktop too (closeDispatcherOnStop)
  await server.stop();
  rmSync(logRoot, { recursive: true, force: true });
  // #endregion cleanup
}
if (failure) throw failure;
export {};
