/**
 * The console's ES module (served as `/console/console.js`). It keeps the API key in sessionStorage and sends it
 * as the `X-API-Key` header; it reads the live stream with fetch (an EventSource cannot send headers), resumes
 * with `Last-Event-ID`, fetches screenshots with the key into blob URLs, and only ever sets text (never HTML).
 */
export const CONSOLE_JS = String.raw`
const KEY_STORAGE = 'ufo-console-api-key';
const $ = (id) => document.getElementById(id);
const state = { key: sessionStorage.getItem(KEY_STORAGE), tasks: new Map(), openTask: undefined, taskAbort: undefined, serverAbort: undefined, shotUrl: undefined, waiting: undefined, poll: undefined };

function headers(extra) {
  return Object.assign({ 'x-api-key': state.key }, extra || {});
}

async function api(method, path, body) {
  const response = await fetch(path, { method, headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }), body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || ('HTTP ' + response.status));
    error.status = response.status;
    throw error;
  }
  return data;
}

/** Reads a Server-Sent Events response with fetch; reconnects with Last-Event-ID until aborted. */
async function follow(path, onEvent, signal) {
  let lastId;
  while (!signal.aborted) {
    try {
      const response = await fetch(path, { headers: headers(lastId ? { 'last-event-id': lastId } : {}), signal, cache: 'no-store' });
      if (response.status === 401) { showKeyForm('The key was refused.'); return; }
      if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
      setConnection('live');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id, data = '';
          for (const line of frame.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (id) lastId = id;
          if (data) {
            try { onEvent(JSON.parse(data)); } catch (error) { console.error(error); }
          }
        }
      }
    } catch (error) {
      if (signal.aborted) return;
    }
    setConnection('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function setConnection(text) { $('connection').textContent = text; }

function showKeyForm(message) {
  state.serverAbort && state.serverAbort.abort();
  state.taskAbort && state.taskAbort.abort();
  sessionStorage.removeItem(KEY_STORAGE);
  state.key = null;
  $('app').hidden = true;
  $('forget-key').hidden = true;
  $('key-form').hidden = false;
  $('key-error').textContent = message || '';
  setConnection('not connected');
}

function item(text, className) {
  const li = document.createElement('li');
  li.textContent = text;
  if (className) li.className = className;
  return li;
}

async function loadDevices() {
  const data = await api('GET', '/api/clients');
  const list = $('devices');
  list.replaceChildren(...data.clients.map((c) => item(c.client_id + ' (' + c.platform + (c.busy ? ', busy' : '') + ')')));
  if (!data.clients.length) list.replaceChildren(item('no device connected', 'muted'));
}

function renderTasks() {
  const list = $('tasks');
  const rows = [...state.tasks.values()].reverse().map((task) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.task = task.name;
    button.textContent = task.name + ' ';
    const status = document.createElement('span');
    status.className = 'status ' + task.status;
    status.textContent = task.status;
    button.append(status);
    button.addEventListener('click', () => openTask(task.name));
    li.append(button);
    return li;
  });
  list.replaceChildren(...(rows.length ? rows : [item('no task seen yet', 'muted')]));
}

function noteTask(name, status) {
  const task = state.tasks.get(name) || { name, status };
  task.status = status;
  state.tasks.set(name, task);
  renderTasks();
  if (state.openTask === name) setTaskStatus(status);
}

function onServerEvent(event) {
  if (event.type === 'task-started') noteTask(event.task_name, 'running');
  else if (event.type === 'task-waiting') noteTask(event.task_name, 'waiting');
  else if (event.type === 'task-resumed') noteTask(event.task_name, 'running');
  else if (event.type === 'task-finished') noteTask(event.task_name, event.status);
  else if (event.type === 'device-connected' || event.type === 'device-disconnected') loadDevices().catch(() => {});
  else if (event.type === 'subscriber-dropped') setConnection('dropped: ' + event.reason);
}

function setTaskStatus(status) {
  const badge = $('task-status');
  badge.textContent = status;
  badge.className = 'status ' + status;
}

/** What the action policy did with an action, unless it simply allowed it: the decision, the rule and its reason. */
function policyText(result) {
  const policy = result && result.policy;
  if (!policy || policy.decision === 'allow') return '';
  const outcome = policy.decision === 'deny' ? 'denied' : policy.confirmed ? 'held, approved' : 'held, refused';
  return ' · ' + outcome + ' by policy rule ' + (policy.rule || '(default)') + ': ' + policy.reason;
}

function stepText(record) {
  const actions = (record.actions || []).map((a) => a.function + '(' + JSON.stringify(a.arguments || {}) + ')' + (a.result ? ' → ' + a.result.status : '') + policyText(a.result));
  return { head: 'Step ' + record.session_step + ' · ' + record.agent + ' · ' + record.state + ' → ' + record.status, thought: record.thought || '', actions };
}

function addStep(record) {
  const text = stepText(record);
  const li = document.createElement('li');
  li.className = 'step';
  li.dataset.step = String(record.session_step);
  const head = document.createElement('strong');
  head.textContent = text.head;
  li.append(head);
  if (text.thought) {
    const p = document.createElement('p');
    p.className = 'thought';
    p.textContent = text.thought;
    li.append(p);
  }
  if (text.actions.length) {
    const ul = document.createElement('ul');
    ul.className = 'actions';
    for (const action of text.actions) {
      const a = document.createElement('li');
      const code = document.createElement('code');
      code.textContent = action;
      a.append(code);
      ul.append(a);
    }
    li.append(ul);
  }
  $('steps').append(li);
}

async function showScreenshot(event) {
  const response = await fetch(event.url, { headers: headers(), cache: 'no-store' });
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  if (state.shotUrl) URL.revokeObjectURL(state.shotUrl);
  state.shotUrl = url;
  const img = $('shot');
  img.src = url;
  img.dataset.file = event.file;
  $('shot-caption').textContent = (event.kind === 'annotated' ? 'Annotated screenshot' : 'Screenshot') + (event.step !== undefined ? ' of step ' + event.step : '');
  $('shot-figure').hidden = false;
}

function onTaskEvent(name, event) {
  if (state.openTask !== name) return;
  if (event.type === 'step') addStep(event.record);
  else if (event.type === 'screenshot' && event.kind !== 'clean') showScreenshot(event).catch(() => {});
  else if (event.type === 'task-finished') { setTaskStatus(event.status); noteTask(name, event.status); refreshWaiting(); }
  else if (event.type === 'task-waiting' || event.type === 'task-resumed' || event.type === 'question' || event.type === 'confirmation' || event.type === 'step-ended') refreshWaiting();
  else if (event.type === 'stream-gap') $('steps').append(item('(some events were missed: ' + event.reason + ')', 'muted'));
}

/** Shows what a waiting task waits for, from its record (GET /api/task_result/{name}). */
async function refreshWaiting() {
  const name = state.openTask;
  if (!name) return;
  let record;
  try { record = await api('GET', '/api/task_result/' + encodeURIComponent(name)); } catch { return; }
  if (state.openTask !== name) return;
  setTaskStatus(record.status);
  noteTask(name, record.status);
  const pending = record.status === 'waiting' ? record.waiting : undefined;
  state.waiting = pending;
  $('waiting').hidden = !pending;
  if (!pending) return;
  const questions = pending.kind === 'questions';
  $('waiting-text').textContent = questions ? pending.agent + ' asks:' : pending.agent + ' wants to run a sensitive action' + (pending.reason ? ' (' + pending.reason + ')' : '') + ':';
  if (questions) {
    $('waiting-items').replaceChildren(...pending.questions.map((question, i) => {
      const li = document.createElement('li');
      const label = document.createElement('label');
      label.textContent = question + ' ';
      const input = document.createElement('input');
      input.type = 'text';
      input.maxLength = 4096;
      input.className = 'answer-input';
      input.id = 'answer-' + i;
      label.htmlFor = input.id;
      li.append(label, input);
      return li;
    }));
  } else {
    $('waiting-items').replaceChildren(...pending.actions.map((a) => item(a.tool_name + '(' + JSON.stringify(a.arguments) + ')')));
  }
  $('answer-box').hidden = !questions;
  $('decision-box').hidden = questions;
}

/** Sends a decision on what the open task waits for (the server's approve / reject / answer routes). */
async function decide(decision) {
  const name = state.openTask;
  const pending = state.waiting;
  if (!name || !pending) return;
  $('waiting-error').textContent = '';
  const body = { pending_id: pending.pending_id };
  if (decision === 'answer') body.answers = [...document.querySelectorAll('.answer-input')].map((input) => input.value);
  try {
    await api('POST', '/api/tasks/' + encodeURIComponent(name) + '/' + decision, body);
    $('waiting').hidden = true;
    state.waiting = undefined;
    setTaskStatus('running');
    noteTask(name, 'running');
  } catch (error) {
    $('waiting-error').textContent = error.message;
  }
}

function openTask(name) {
  state.taskAbort && state.taskAbort.abort();
  clearInterval(state.poll);
  state.openTask = name;
  state.waiting = undefined;
  $('task-panel').hidden = false;
  $('task-name').textContent = name;
  $('steps').replaceChildren();
  $('waiting').hidden = true;
  $('shot-figure').hidden = true;
  setTaskStatus((state.tasks.get(name) || { status: '' }).status);
  const abort = new AbortController();
  state.taskAbort = abort;
  follow('/api/tasks/' + encodeURIComponent(name) + '/events', (event) => onTaskEvent(name, event), abort.signal);
  refreshWaiting();
  state.poll = setInterval(refreshWaiting, 2000);
}

async function connect() {
  try {
    await loadDevices();
  } catch (error) {
    showKeyForm(error.status === 401 ? 'The key was refused.' : 'The server did not answer: ' + error.message);
    return;
  }
  $('key-form').hidden = true;
  $('app').hidden = false;
  $('forget-key').hidden = false;
  try {
    const list = await api('GET', '/api/tasks');
    for (const task of list.tasks || []) state.tasks.set(task.task_name, { name: task.task_name, status: task.status });
  } catch {
    // no task list on this server (cluster mode): tasks appear as their events arrive
  }
  renderTasks();
  const abort = new AbortController();
  state.serverAbort = abort;
  follow('/api/events', onServerEvent, abort.signal);
}

$('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  state.key = $('api-key').value.trim();
  $('api-key').value = '';
  sessionStorage.setItem(KEY_STORAGE, state.key);
  connect();
});
$('forget-key').addEventListener('click', () => showKeyForm(''));
$('approve-button').addEventListener('click', () => decide('approve'));
$('reject-button').addEventListener('click', () => decide('reject'));
$('answer-button').addEventListener('click', () => decide('answer'));
if (state.key) connect();
`;
