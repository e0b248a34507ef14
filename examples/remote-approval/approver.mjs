// @ts-check
// The approver: another process (a help-desk tool, a chat bot, a person's script) that only knows the server's HTTP
// address and API key. It waits for a task to wait for a person, shows what is held, and approves it by naming the
// task AND its pending id, so the approval cannot land on another task or on a later question.
// Usage: node approver.mjs <http-url> <task-name>   (the API key comes from UFO_API_KEY)
const [httpUrl, taskName] = process.argv.slice(2);
const apiKey = process.env.UFO_API_KEY ?? '';
if (!httpUrl || !taskName || !apiKey) {
  console.error('usage: UFO_API_KEY=<key> node approver.mjs <http-url> <task-name>');
  process.exit(2);
}

/** @param {string} path @param {unknown} [body] */
async function api(path, body) {
  const response = await fetch(`${httpUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: /** @type {any} */ (await response.json()) };
}

const deadline = Date.now() + 30_000;
let task;
for (;;) {
  const { body } = await api('/api/tasks?status=waiting');
  task = body.tasks.find((/** @type {{ task_name: string }} */ t) => t.task_name === taskName);
  if (task) break;
  if (Date.now() > deadline) {
    console.error(`approver: task ${taskName} never waited`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const held = task.waiting.actions
  .map((/** @type {{ tool_name: string, arguments: unknown }} */ a) => `${a.tool_name}(${JSON.stringify(a.arguments)})`)
  .join(', ');
console.log(
  JSON.stringify({ approver: 'held', task: taskName, pending_id: task.waiting.pending_id, actions: held, screenshot: task.waiting.screenshot ?? null }),
);
const approved = await api(`/api/tasks/${encodeURIComponent(taskName)}/approve`, { pending_id: task.waiting.pending_id });
console.log(JSON.stringify({ approver: 'approved', status: approved.status, body: approved.body }));
// a second approval of the same pending action is refused: it was taken once
const again = await api(`/api/tasks/${encodeURIComponent(taskName)}/approve`, { pending_id: task.waiting.pending_id });
console.log(JSON.stringify({ approver: 'again', status: again.status, code: again.body.code }));
process.exit(approved.status === 202 && again.status === 409 ? 0 : 1);
