import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { parseOptions, required } from '../parse-options.js';

const ACTIONS = ['list', 'show', 'approve', 'reject', 'answer'] as const;
type Action = (typeof ACTIONS)[number];

/** What the server answered: the HTTP status and the JSON body. */
interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** The body of `ufo tasks`, loaded on demand so `ufo --help` stays fast. */
export async function tasksImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const [action, ...rest] = args;
  if (action === undefined || action === '-h' || action === '--help') {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (!(ACTIONS as readonly string[]).includes(action)) throw new CliUsageError(`unknown action "${action}": use ${ACTIONS.join(', ')}`);
  const taskName = action !== 'list' && rest[0] !== undefined && !rest[0].startsWith('-') ? rest.shift() : undefined;
  const { values } = parseOptions(rest, {
    server: { type: 'string' },
    'api-key': { type: 'string' },
    status: { type: 'string' },
    'pending-id': { type: 'string' },
    answer: { type: 'string', multiple: true },
    reason: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const server = (values.server ?? io.env['UFO_SERVER_URL'] ?? 'http://127.0.0.1:5000').replace(/\/+$/, '');
  const apiKey = values['api-key'] ?? io.env['UFO_API_KEY'];
  if (!apiKey) throw new CliUsageError('--api-key (or UFO_API_KEY) is required: the server refuses requests without its key');
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => request(server, apiKey, method, path, body);
  const name = action === 'list' ? '' : encodeURIComponent(required(taskName, 'task name', `ufo tasks ${action} <task-name>`));

  let reply: Reply;
  switch (action as Action) {
    case 'list':
      reply = await call('GET', `/api/tasks${values.status ? `?status=${encodeURIComponent(values.status)}` : ''}`);
      break;
    case 'show':
      reply = await call('GET', `/api/tasks/${name}`);
      break;
    case 'approve':
      reply = await call('POST', `/api/tasks/${name}/approve`, { pending_id: required(values['pending-id'], 'pending-id', 'see `ufo tasks show`') });
      break;
    case 'reject':
      reply = await call('POST', `/api/tasks/${name}/reject`, {
        pending_id: required(values['pending-id'], 'pending-id', 'see `ufo tasks show`'),
        ...(values.reason !== undefined ? { reason: values.reason } : {}),
      });
      break;
    case 'answer':
      if (!values.answer?.length) throw new CliUsageError('--answer is required: one per question, in order');
      reply = await call('POST', `/api/tasks/${name}/answer`, {
        pending_id: required(values['pending-id'], 'pending-id', 'see `ufo tasks show`'),
        answers: values.answer,
      });
      break;
  }
  if (reply.status >= 400) {
    io.stderr(`${String(reply.body['code'] ?? `HTTP ${reply.status}`)}: ${String(reply.body['error'] ?? 'the server refused the request')}\n`);
    return 1;
  }
  if (values.json) io.stdout(`${JSON.stringify(reply.body)}\n`);
  else io.stdout(describe(action as Action, reply.body));
  return 0;
}

async function request(server: string, apiKey: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    return { status: 503, body: { code: 'SERVER_UNREACHABLE', error: `cannot reach ${server}: ${(error as Error).message}` } };
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = { error: `the server answered HTTP ${response.status} without JSON` };
  }
  return { status: response.status, body: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {} };
}

/** Human-readable output of each action. */
function describe(action: Action, body: Record<string, unknown>): string {
  if (action === 'list') {
    const tasks = (body['tasks'] as Record<string, unknown>[] | undefined) ?? [];
    if (tasks.length === 0) return 'no tasks\n';
    return tasks
      .map((task) => `${String(task['task_name'])}\t${String(task['status'])}\t${String(task['client_id'])}${waitingText(task['waiting'])}\n`)
      .join('');
  }
  if (action === 'show') {
    const lines = [
      `task:    ${String(body['task_name'])}`,
      `status:  ${String(body['status'])}`,
      `device:  ${String(body['client_id'])}`,
      `request: ${String(body['request'])}`,
    ];
    if (body['error'] !== undefined) lines.push(`error:   ${String(body['error'])}`);
    const waiting = body['waiting'] as Record<string, unknown> | undefined;
    if (waiting) {
      lines.push(`pending id: ${String(waiting['pending_id'])}`);
      if (waiting['kind'] === 'confirmation') {
        for (const held of (waiting['actions'] as Array<{ tool_name: string; arguments: unknown }>) ?? [])
          lines.push(`held action: ${held.tool_name}(${JSON.stringify(held.arguments)})`);
        if (waiting['reason'] !== undefined) lines.push(`reason: ${String(waiting['reason'])}`);
      } else {
        for (const question of (waiting['questions'] as string[]) ?? []) lines.push(`question: ${question}`);
      }
      if (waiting['screenshot'] !== undefined) lines.push(`screenshot: ${String(body['log_folder'] ?? '')}/${String(waiting['screenshot'])}`);
      if (waiting['deadline'] !== undefined) lines.push(`deadline: ${String(waiting['deadline'])}`);
    }
    return `${lines.join('\n')}\n`;
  }
  return `${String(body['task_name'])}: ${String(body['decision'])} taken, the task runs again\n`;
}

function waitingText(waiting: unknown): string {
  if (!waiting || typeof waiting !== 'object') return '';
  const w = waiting as Record<string, unknown>;
  if (w['kind'] === 'confirmation') {
    const actions = (w['actions'] as Array<{ tool_name: string }> | undefined) ?? [];
    return `\twaits for approval of ${actions.map((a) => a.tool_name).join(', ')}\tpending ${String(w['pending_id'])}`;
  }
  return `\twaits for ${((w['questions'] as unknown[]) ?? []).length} answer(s)\tpending ${String(w['pending_id'])}`;
}
