import { DEFAULT_LOG_ROOT } from '@ufo-ts/core';
import { createUfoServer, type ApprovalPolicyInput, type ServerEvent } from '@ufo-ts/server';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { modelFactoryFromOptions, modelOptionsFromFlags } from '../model-from-options.js';
import { intOption, parseOptions } from '../parse-options.js';

/** The body of `ufo serve`, loaded on demand so `ufo --help` stays fast. */
export async function serveImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values } = parseOptions(args, {
    host: { type: 'string' },
    port: { type: 'string' },
    'api-key': { type: 'string' },
    'log-root': { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-host': { type: 'string', multiple: true },
    'command-timeout': { type: 'string' },
    'heartbeat-interval': { type: 'string' },
    'max-message-bytes': { type: 'string' },
    'max-steps': { type: 'string' },
    approval: { type: 'string' },
    'approval-timeout': { type: 'string' },
    'on-timeout': { type: 'string' },
    'max-cost': { type: 'string' },
    'key-max-cost': { type: 'string' },
    'key-max-steps': { type: 'string' },
    replay: { type: 'string' },
    'model-config': { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    json: { type: 'boolean' },
    console: { type: 'boolean' },
    redis: { type: 'string' },
    'node-id': { type: 'string' },
    concurrency: { type: 'string' },
    'no-worker': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const apiKey = values['api-key'] ?? io.env['UFO_API_KEY'];
  const commandTimeoutMs = intOption(values['command-timeout'], 'command-timeout');
  const heartbeatIntervalMs = intOption(values['heartbeat-interval'], 'heartbeat-interval');
  const maxMessageBytes = intOption(values['max-message-bytes'], 'max-message-bytes');
  const maxSteps = intOption(values['max-steps'], 'max-steps');
  const port = intOption(values.port, 'port', 5000)!;
  const approval = approvalFromFlags(values.approval, intOption(values['approval-timeout'], 'approval-timeout'), values['on-timeout']);
  const sessionBudget = { ...costLimit(values['max-cost'], 'max-cost') };
  const keyBudget = { ...costLimit(values['key-max-cost'], 'key-max-cost'), ...stepLimit(intOption(values['key-max-steps'], 'key-max-steps')) };
  const model = modelFactoryFromOptions(modelOptionsFromFlags(values), io.env);
  const concurrency = intOption(values.concurrency, 'concurrency');
  // cluster mode only: BullMQ and ioredis load when --redis is given, so `ufo --help` and single-process serve stay light
  const scaleOut = values.redis
    ? (await import('@ufo-ts/cluster')).createRedisScaleOut({
        redisUrl: values.redis,
        createModel: () => model.create(),
        ...(values['node-id'] !== undefined ? { nodeId: values['node-id'] } : {}),
        ...(concurrency !== undefined ? { concurrency } : {}),
        ...(values['no-worker'] ? { worker: false } : {}),
        ...(maxSteps !== undefined ? { session: { maxSteps } } : {}),
      })
    : undefined;
  const server = createUfoServer({
    ...(scaleOut ? { scaleOut } : {}),
    host: values.host ?? '127.0.0.1',
    port,
    logRoot: values['log-root'] ?? DEFAULT_LOG_ROOT,
    allowedOrigins: values['allow-origin'] ?? [],
    allowedHosts: values['allow-host'] ?? [],
    createModel: (task) => model.create(task),
    onEvent: (event) => io.stderr(values.json ? `${JSON.stringify(event)}\n` : describeEvent(event)),
    ...(apiKey ? { apiKey } : {}),
    ...(commandTimeoutMs !== undefined ? { commandTimeoutMs } : {}),
    ...(heartbeatIntervalMs !== undefined ? { heartbeatIntervalMs } : {}),
    ...(maxMessageBytes !== undefined ? { maxMessageBytes } : {}),
    ...(maxSteps !== undefined ? { session: { maxSteps } } : {}),
    ...(values.console ? { console: true } : {}),
    ...(approval ? { approval } : {}),
    ...(Object.keys(sessionBudget).length > 0 || Object.keys(keyBudget).length > 0
      ? { budgets: { session: sessionBudget, ...(Object.keys(keyBudget).length > 0 ? { keys: { default: keyBudget } } : {}) } }
      : {}),
  });
  const address = await server.start();
  io.stdout(`${JSON.stringify({ httpUrl: address.httpUrl, wsUrl: address.wsUrl, apiKey: server.apiKey })}\n`);
  io.stderr(
    `ufo server listening on ${address.httpUrl} (devices: ${address.wsUrl}); model: ${model.describe}${values.redis ? `; cluster mode on ${values.redis}` : ''}\n`,
  );
  if (values.console) io.stderr(`web console: ${address.httpUrl}/console/ (it asks for the API key)\n`);
  if (!apiKey) io.stderr('no --api-key or UFO_API_KEY given: a random key was generated (first stdout line)\n');
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  io.stderr('stopping: cancelling running tasks\n');
  await server.stop();
  return 0;
}

/** The server's default approval policy from `--approval`, `--approval-timeout` and `--on-timeout`. */
function approvalFromFlags(mode: string | undefined, timeoutMs: number | undefined, onTimeout: string | undefined): ApprovalPolicyInput | undefined {
  if (mode === undefined) {
    if (timeoutMs !== undefined || onTimeout !== undefined) throw new CliUsageError('--approval-timeout and --on-timeout need --approval wait');
    return undefined;
  }
  if (mode !== 'auto-approve' && mode !== 'auto-reject' && mode !== 'wait')
    throw new CliUsageError(`--approval must be auto-approve, auto-reject or wait, not "${mode}"`);
  if (onTimeout !== undefined && onTimeout !== 'approve' && onTimeout !== 'reject')
    throw new CliUsageError(`--on-timeout must be approve or reject, not "${onTimeout}"`);
  if (mode !== 'wait' && (timeoutMs !== undefined || onTimeout !== undefined))
    throw new CliUsageError('--approval-timeout and --on-timeout need --approval wait');
  return { mode, ...(timeoutMs !== undefined ? { timeout_ms: timeoutMs } : {}), ...(onTimeout !== undefined ? { on_timeout: onTimeout } : {}) };
}

function costLimit(value: string | undefined, name: string): { max_cost_usd?: number } {
  if (value === undefined) return {};
  const usd = Number(value);
  if (!Number.isFinite(usd) || usd < 0) throw new CliUsageError(`--${name} must be a non-negative number of USD, not "${value}"`);
  return { max_cost_usd: usd };
}

function stepLimit(steps: number | undefined): { max_steps?: number } {
  return steps === undefined ? {} : { max_steps: steps };
}

/** One human-readable line per server event (engine events are left out). */
function describeEvent(event: ServerEvent): string {
  switch (event.type) {
    case 'engine':
      return event.event.type === 'step-end'
        ? `[${event.taskName}] step ${event.event.step} ${event.event.agent} ${event.event.state} → ${event.event.status}\n`
        : '';
    case 'client-registered':
      return `device ${event.clientId} (${event.platform}) connected from ${event.remote}\n`;
    case 'client-disconnected':
      return event.clientId ? `device ${event.clientId} disconnected (${event.code})\n` : '';
    case 'connection-refused':
      return `refused a connection from ${event.remote}: ${event.status} ${event.reason}\n`;
    case 'protocol-error':
      return `protocol error from ${event.clientId ?? 'an unregistered connection'}: ${event.code}: ${event.error}\n`;
    case 'task-queued':
      return `task ${event.taskName} queued for ${event.clientId} (session ${event.sessionId})\n`;
    case 'task-started':
      return `task ${event.taskName} started on ${event.clientId} (session ${event.sessionId})\n`;
    case 'task-ended':
      return `task ${event.taskName} ${event.status}${event.error ? `: ${event.error}` : ''}\n`;
    case 'task-waiting':
      return `task ${event.taskName} waits for ${event.kind === 'confirmation' ? 'an approval' : 'answers'} (pending ${event.pendingId}; ufo tasks show ${event.taskName})\n`;
    case 'task-resumed':
      return `task ${event.taskName} resumed (${event.decision})\n`;
    case 'heartbeat-timeout':
      return `device ${event.clientId} silent for ${event.silentMs} ms: disconnected\n`;
    case 'probe-ended':
      return `device ${event.clientId}: a second registration of its id was refused; the holder is ${event.alive ? 'alive and kept' : 'silent and dropped'}\n`;
    case 'slow-reader-disconnected':
      return `disconnected ${event.clientId ?? 'an unregistered connection'}: ${event.reason}\n`;
    case 'inbound-limit':
      return `${event.action} ${event.clientId ?? 'an unregistered connection'}: ${event.reason}\n`;
    case 'remote-dispatcher':
      return `[${event.taskName}] ${event.event.type}${'reason' in event.event ? ` (${event.event.reason})` : ''}\n`;
    case 'results-ignored':
      return `ignored results from ${event.clientId}: ${event.reason}\n`;
    case 'client-error':
      return `device ${event.clientId} reported ${event.code ?? 'an error'}: ${event.error}\n`;
    case 'scale-out':
      return `cluster: ${event.name} ${JSON.stringify(event.detail)}\n`;
    case 'listening':
      return '';
  }
}
