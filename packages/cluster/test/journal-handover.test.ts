// The action journal across nodes: a worker killed (SIGKILL) while or right after its journaled action ran on the
// device; the job resumes on another node from the journal in Redis. Two worker nodes, one API node holding the
// devices (so killing a worker never drops a device), one real Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, ClusterKeys } from '../src/index.js';
import type { ChildHandle, Line } from '../../../test-support/processes.js';
import { commandsRunTwice, linesOf, startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';

const API_KEY = 'journal-test-key';

let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let settings: NodeSettings;
let api: NodeProcess;
let workers: NodeProcess[] = [];
let devices: ChildHandle;
let redisClient: ReturnType<typeof connectRedis>;

beforeAll(async () => {
  redis = await startRedis();
  redisClient = connectRedis({ url: redis.url, name: 'journal-test' });
  logs = tempLogRoot();
  // a resumed step sends an action of unknown outcome again (approved), under its journaled command id
  settings = {
    redisUrl: redis.url,
    apiKey: API_KEY,
    logRoot: logs.path,
    lockDurationMs: 3_000,
    stalledIntervalMs: 500,
    leaseMs: 3_000,
    resendEveryMs: 1_000,
    offlineBudgetMs: 10_000,
    onUnknownOutcome: 'ask',
    confirm: true,
  };
  [api, ...workers] = await Promise.all([startNode('api', { ...settings, worker: false }), startNode('w1', settings), startNode('w2', settings)]);
  devices = await startDevices(api.wsUrl, API_KEY, ['jd-1', 'jd-2']);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([devices?.stop(), api?.handle.stop(), ...workers.map((w) => w.handle.stop())]);
  redisClient?.disconnect();
  await redis?.close();
  logs?.cleanup();
});

const toolLines = (clientId: string, phase: string) => linesOf(devices, clientId, 'tool').filter((l) => l['phase'] === phase);
const startsOf = (clientId: string, tool: string): Line[] => linesOf(devices, clientId, 'command-start').filter((l) => (l['tools'] as string[]).includes(tool));

/** Dispatches a `slow` task, waits for `waitFor` on the device, SIGKILLs the worker running it and waits for the result. */
async function killWorkerDuring(clientId: string, task: string, waitFor: 'start' | 'done') {
  const dispatched = await api.api('POST', '/api/dispatch', { client_id: clientId, request: `slow 1200 ${task}`, task_name: task });
  expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
  await expect.poll(() => toolLines(clientId, waitFor).length, { timeout: 30_000, interval: 20 }).toBe(1);
  // the intent was in Redis before the command was sent: the id the device got is the journal's
  const journal = (await redisClient.lrange(new ClusterKeys().journal(dispatched.body.session_id), 0, -1)).map(
    (line) => JSON.parse(line) as Record<string, unknown>,
  );
  const intent = journal.find((e) => e['type'] === 'intent' && e['tool'] === 'wait_ms');
  expect(intent?.['command_id']).toBe(startsOf(clientId, 'wait_ms')[0]?.['responseId']);
  const index = workers.findIndex((w) => w.events('session-started').some((e) => e.detail.taskName === task));
  expect(index).toBeGreaterThanOrEqual(0);
  const killed = workers[index]!;
  await killed.handle.kill();
  const survivor = workers[1 - index]!;
  const record = await api.waitForResult(task, 45_000);
  workers[index] = await startNode(`${killed.nodeId}b`, settings);
  return { record, killed, survivor };
}

describe('the action journal in cluster mode', () => {
  it('SIGKILL while the journaled action runs: the other node resends it under the journaled id, the device answers from its cache, it ran once', async () => {
    const { record, killed, survivor } = await killWorkerDuring('jd-1', 'hk1', 'start');
    expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed' });
    expect(record.result.rounds[0].result).toBe('408 for hk1');
    expect(record.attempts.map((a: { node: string }) => a.node)).toEqual([killed.nodeId, survivor.nodeId]);
    expect(record.attempts[1].fromStep).toBe(1);
    // counted on the device: the tool ran once; the resumed step's COMMAND carried the same id and was answered from the cache
    expect(toolLines('jd-1', 'start')).toHaveLength(1);
    const [waitCommand] = startsOf('jd-1', 'wait_ms');
    expect(startsOf('jd-1', 'wait_ms')).toHaveLength(1);
    expect(linesOf(devices, 'jd-1', 'command-repeated').map((l) => l['responseId'])).toContain(waitCommand!['responseId']);
    expect(commandsRunTwice(devices, 'jd-1')).toEqual([]);
    expect(linesOf(devices, 'jd-1', 'command-end').at(-1)?.['display']).toBe('408');
    // the journal lived in Redis while the session ran, and is gone now that it ended
    expect(await redisClient.exists(new ClusterKeys().journal(record.session_id))).toBe(0);
  });

  it('SIGKILL right after the journaled action finished on the device: resumed on the other node, it ran once', async () => {
    const { record } = await killWorkerDuring('jd-2', 'hk2', 'done');
    expect(record, JSON.stringify(record)).toMatchObject({ status: 'completed' });
    expect(record.result.rounds[0].result).toBe('408 for hk2');
    expect(record.attempts).toHaveLength(2);
    expect(toolLines('jd-2', 'start')).toHaveLength(1);
    expect(startsOf('jd-2', 'wait_ms')).toHaveLength(1);
    expect(commandsRunTwice(devices, 'jd-2')).toEqual([]);
    expect(linesOf(devices, 'jd-2', 'command-end').at(-1)?.['display']).toBe('408');
  });
});
