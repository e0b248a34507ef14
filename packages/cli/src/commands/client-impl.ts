import { DeviceClient, PlatformSchema, type DeviceClientEvent, type Platform } from '@ufo-ts/aip';
import { createLocalDispatcherFromYaml } from '@ufo-ts/dispatchers';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { intOption, parseOptions, required } from '../parse-options.js';

/** The body of `ufo client`, loaded on demand so `ufo --help` stays fast. */
export async function clientImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values } = parseOptions(args, {
    server: { type: 'string' },
    'ws-server': { type: 'string' },
    'client-id': { type: 'string' },
    tools: { type: 'string' },
    platform: { type: 'string' },
    'api-key': { type: 'string' },
    'max-retries': { type: 'string' },
    'keep-commands-on-disconnect': { type: 'boolean' },
    'heartbeat-interval': { type: 'string' },
    request: { type: 'string' },
    'task-name': { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const serverUrl = required(values.server ?? values['ws-server'], 'server', 'e.g. ws://127.0.0.1:5000/ws');
  const clientId = required(values['client-id'], 'client-id');
  const tools = required(values.tools, 'tools', 'a tool-server YAML file');
  const platform = parsePlatform(values.platform);
  const maxRetries = intOption(values['max-retries'], 'max-retries');
  const heartbeatIntervalMs = intOption(values['heartbeat-interval'], 'heartbeat-interval');
  const apiKey = values['api-key'] ?? io.env['UFO_API_KEY'];
  if (!apiKey) io.stderr('warning: no --api-key or UFO_API_KEY: the server will refuse the connection unless it has no key\n');

  let dispatcher;
  try {
    dispatcher = createLocalDispatcherFromYaml(tools, { env: io.env });
  } catch (error) {
    throw new CliUsageError(`cannot use the tool configuration ${tools}: ${(error as Error).message}`, { cause: error });
  }
  const client = new DeviceClient({
    serverUrl,
    clientId,
    platform,
    dispatcher,
    closeDispatcherOnStop: true,
    onEvent: (event) => io.stderr(values.json ? `${JSON.stringify(event)}\n` : describeEvent(event)),
    ...(apiKey ? { apiKey } : {}),
    ...(io.env['UFO_DEVICE_CREDENTIAL'] ? { credential: io.env['UFO_DEVICE_CREDENTIAL'] } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
    ...(values['keep-commands-on-disconnect'] ? { keepCommandsOnDisconnect: true } : {}),
    ...(heartbeatIntervalMs !== undefined ? { heartbeatIntervalMs } : {}),
  });
  const stopOnSignal = () => void client.stop();
  io.signal.addEventListener('abort', stopOnSignal, { once: true });
  try {
    await client.start();
  } catch (error) {
    io.stderr(`ufo client: ${(error as Error).message}\n`);
    await client.stop();
    return 1;
  }
  if (values.request !== undefined) {
    try {
      const task = await client.requestTask({ request: values.request, ...(values['task-name'] ? { taskName: values['task-name'] } : {}) });
      io.stderr(`task ${task.taskName} accepted (session ${task.sessionId})\n`);
      const end = await task.done;
      io.stdout(`${JSON.stringify({ task_name: end.task_name, session_id: end.session_id, status: end.status, result: end.result, error: end.error })}\n`);
      return end.status === 'completed' ? 0 : 1;
    } catch (error) {
      io.stderr(`ufo client: ${(error as Error).message}\n`);
      return 1;
    } finally {
      await client.stop();
    }
  }
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await client.stop();
  return 0;
}

function parsePlatform(value: string | undefined): Platform {
  if (value === undefined) return process.platform === 'win32' ? 'windows' : process.platform === 'darwin' ? 'macos' : 'linux';
  const parsed = PlatformSchema.safeParse(value);
  if (!parsed.success) throw new CliUsageError(`--platform must be one of ${PlatformSchema.options.join(', ')}, not "${value}"`);
  return parsed.data;
}

function describeEvent(event: DeviceClientEvent): string {
  switch (event.type) {
    case 'registered':
      return `registered with the server (protocol ${event.serverProtocolVersion ?? '?'}, heartbeat every ${event.heartbeatIntervalMs} ms)\n`;
    case 'disconnected':
      return `disconnected (${event.code}${event.reason ? `: ${event.reason}` : ''})\n`;
    case 'reconnect-scheduled':
      return `reconnecting in ${event.delayMs} ms (attempt ${event.attempt})\n`;
    case 'gave-up':
      return `giving up: ${event.error}\n`;
    case 'task-started':
      return `task ${event.taskName}: ${event.request}\n`;
    case 'task-ended':
      return `task ${event.taskName} ${event.status}${event.error ? `: ${event.error}` : ''}\n`;
    case 'command-end':
      return `  ${event.results.map((r) => r.status).join(', ')} (${Math.round(event.durationMs)} ms)\n`;
    case 'command-repeated':
      return `  command ${event.responseId} arrived again: answered with its first results (not run twice)\n`;
    case 'cancel':
      return `cancelled by the server: ${event.reason}\n`;
    case 'server-error':
      return `server error ${event.code}: ${event.error}\n`;
    case 'heartbeat-timeout':
      return `the server has been silent for ${event.silentMs} ms: reconnecting\n`;
    case 'warning':
      return `warning: ${event.message}\n`;
    case 'connecting':
    case 'command-start':
      return '';
  }
}
