// @ts-check
// The watcher: another process that only knows the server's HTTP address and API key. It follows one task's live
// event stream (Server-Sent Events, resuming with Last-Event-ID if the connection drops), prints each event, approves
// the held action when the task waits (naming its pending id), and when the task has finished writes the task's HTML
// report from the events it recorded, with the screenshots fetched from their authenticated URLs.
// Usage: UFO_API_KEY=<key> node watcher.mjs <http-url> <task-name> <report.html>
import { writeFileSync } from 'node:fs';
import { renderStreamReport, StreamEventSchema } from '@ufo-ts/server';

const [httpUrl, taskName, reportPath] = process.argv.slice(2);
const apiKey = process.env.UFO_API_KEY ?? '';
if (!httpUrl || !taskName || !reportPath || !apiKey) {
  console.error('usage: UFO_API_KEY=<key> node watcher.mjs <http-url> <task-name> <report.html>');
  process.exit(2);
}
const headers = { 'x-api-key': apiKey };
const out = (/** @type {Record<string, unknown>} */ line) => console.log(JSON.stringify(line));

/** @type {import('@ufo-ts/server').StreamEvent[]} */
const recorded = [];
/** @type {string | undefined} */
let lastId;
let finished = false;

/** Approves what the task waits for, by its pending id (read from the task's record). */
async function approve() {
  const task = /** @type {any} */ (await (await fetch(`${httpUrl}/api/tasks/${encodeURIComponent(taskName ?? '')}`, { headers })).json());
  const pending = task.waiting;
  out({ watcher: 'held', actions: pending.actions, pending_id: pending.pending_id });
  const response = await fetch(`${httpUrl}/api/tasks/${encodeURIComponent(taskName ?? '')}/approve`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ pending_id: pending.pending_id }),
  });
  out({ watcher: 'approved', status: response.status });
}

while (!finished) {
  const response = await fetch(`${httpUrl}/api/tasks/${encodeURIComponent(taskName)}/events`, {
    headers: { ...headers, ...(lastId ? { 'last-event-id': lastId } : {}) },
  });
  if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body))) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      const id = frame.find((line) => line.startsWith('id: '))?.slice(4);
      const data = frame.find((line) => line.startsWith('data: '));
      if (!data) continue;
      if (id) lastId = id;
      const event = StreamEventSchema.parse(JSON.parse(data.slice(6)));
      recorded.push(event);
      if (event.type === 'step')
        out({
          event: 'step',
          step: event.record.session_step,
          thought: event.record.thought,
          actions: event.record.actions.map((a) => a.function),
          status: event.record.status,
        });
      else if (event.type === 'screenshot') out({ event: 'screenshot', kind: event.kind, url: event.url });
      else out({ event: event.type, ...('status' in event ? { status: event.status } : {}) });
      if (event.type === 'task-waiting') await approve();
      if (event.type === 'task-finished') finished = true;
    }
    if (finished) break;
  }
}

const images = new Map();
for (const event of recorded) {
  if (event.type !== 'screenshot') continue;
  const response = await fetch(`${httpUrl}${event.url}`, { headers });
  images.set(event.file, `data:image/png;base64,${Buffer.from(await response.arrayBuffer()).toString('base64')}`);
}
writeFileSync(reportPath, renderStreamReport(recorded, { taskName, image: (file) => images.get(file) }));
const last = recorded.at(-1);
out({ watcher: 'report', path: reportPath, events: recorded.length, status: last?.type === 'task-finished' ? last.status : 'unknown' });
process.exit(last?.type === 'task-finished' && last.status === 'completed' ? 0 : 1);
