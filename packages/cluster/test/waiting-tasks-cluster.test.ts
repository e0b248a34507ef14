// Waiting tasks, budgets and per-key ownership in cluster mode: three server nodes on one real Redis (node A serves
// the API and holds the devices, W1 and W2 run sessions), real simulated devices. A held action waits as a delayed
// job, survives the death of the worker that parked it, and is answered through another node exactly once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from '../../../test-support/processes.js';
import { linesOf, startDevices, startNode, tempLogRoot, type NodeProcess, type NodeSettings } from './helpers/cluster.js';
import { ClusterKeys, connectRedis } from '../src/index.js';
import { startRedis, type TestRedis } from './helpers/redis-server.js';
import { readFramesUntil, type Frame } from './helpers/sse-frames.js';

const API_KEY = 'cluster-waiting-key';
const TEAM_B = 'cluster-team-b-key-0123456789';
const WAIT = { mode: 'wait' } as const;
const DEVICES = ['hold-1', 'ask-1', 'cancel-1', 'race-1', 'timeout-1', 'budget-1', 'budget-2', 'cost-1', 'auto-1', 'key-1', 'late-1'];

let redis: TestRedis;
let logs: ReturnType<typeof tempLogRoot>;
let settings: NodeSettings;
let apiNode: NodeProcess;
/** The worker nodes (one is replaced when killed). */
const workers: NodeProcess[] = [];
let devices: ChildHandle;

/** Clicks the device's calculator received so far (it prints them after every command). */
const clicks = (clientId: string) => (linesOf(devices, clientId, 'command-end').at(-1)?.['clicks'] as number | undefined) ?? 0;
const jsonLines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

/** Polls `GET /api/tasks/{name}` on a node until the task has the status. */
async function waitForStatus(node: NodeProcess, taskName: string, status: string, key = API_KEY): Promise<any> {
  let last: unknown;
  await expect
    .poll(
      async () => {
        const { body } = await node.api('GET', `/api/tasks/${encodeURIComponent(taskName)}`, undefined, key);
        last = body;
        return body.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(status);
  return last;
}

beforeAll(async () => {
  redis = await startRedis();
  logs = tempLogRoot();
  settings = {
    redisUrl: redis.url,
    apiKey: API_KEY,
    logRoot: logs.path,
    lockDurationMs: 4_000,
    stalledIntervalMs: 1_000,
    leaseMs: 3_000,
    apiKeys: [{ id: 'team-b', key: TEAM_B }],
    budgets: { keys: { 'team-b': { max_steps: 5 } } },
    costPerCall: 0.01,
  };
  const [a, w1, w2] = await Promise.all([startNode('a', { ...settings, worker: false }), startNode('w1', settings), startNode('w2', settings)]);
  apiNode = a;
  workers.push(w1, w2);
  devices = await startDevices(apiNode.wsUrl, API_KEY, DEVICES);
}, 90_000);

afterAll(async () => {
  await devices?.stop();
  await Promise.allSettled([apiNode, ...workers].map((n) => n?.handle.stop()));
  await redis?.close();
  logs?.cleanup();
});

describe('cluster: per-key ownership', () => {
  it("a task dispatched with a second key is that key's (its record carries owner_key); the admin key sees it but cannot act on it, a task key sees no other key's task", async () => {
    const finished = (name: string) => (f: Frame) => f.data.type === 'task-finished' && f.data.task_name === name;
    const streamB = readFramesUntil(apiNode.httpUrl, TEAM_B, finished('owned-b'));
    const streamDefault = readFramesUntil(workers[0]!.httpUrl, API_KEY, finished('owned-default'));
    // both streams are open once they see a marker published after they connected
    await new Promise((resolve) => setTimeout(resolve, 300));
    const dispatched = await apiNode.api('POST', '/api/dispatch', { client_id: 'key-1', request: 'a short task', task_name: 'owned-b' }, TEAM_B);
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    const done = await workers[0]!.waitForResult('owned-b', 30_000, TEAM_B);
    expect(done).toMatchObject({
      status: 'completed',
      owner_key: 'team-b',
      approval: { mode: 'auto-reject' },
      budget: { key: { max_steps: 5 }, spent: { steps: 2 } },
    });
    const listed = await workers[1]!.api('GET', '/api/tasks', undefined, TEAM_B);
    expect(listed.body.tasks.map((t: { task_name: string }) => t.task_name)).toContain('owned-b');
    // the default key is the admin key: it sees the task on every node, and still cannot cancel it
    expect((await apiNode.api('GET', '/api/task_result/owned-b')).status).toBe(200);
    expect((await workers[1]!.api('GET', '/api/tasks/owned-b')).body).toMatchObject({ owner_key: 'team-b' });
    expect((await apiNode.api('GET', '/api/tasks')).body.tasks.map((t: { task_name: string }) => t.task_name)).toContain('owned-b');
    expect((await apiNode.api('POST', '/api/cancel', { task_name: 'owned-b' })).status).toBe(404);
    // the live stream: the task's events reach its key only
    const framesB = await streamB;
    expect(framesB.filter((f) => 'task_name' in f.data && f.data.task_name === 'owned-b').map((f) => f.data.type)).toEqual(
      expect.arrayContaining(['task-queued', 'task-started', 'step', 'task-finished']),
    );
    await apiNode.api('POST', '/api/dispatch', { client_id: 'key-1', request: 'a short task', task_name: 'owned-default' });
    const framesDefault = await streamDefault;
    expect(framesDefault.some((f) => 'task_name' in f.data && f.data.task_name === 'owned-b' && f.data.type === 'task-finished')).toBe(true);
    expect(framesDefault.some((f) => 'task_name' in f.data && f.data.task_name === 'owned-default' && f.data.type === 'step')).toBe(true);
    // a task key sees none of the default key's task
    expect((await apiNode.api('GET', '/api/task_result/owned-default', undefined, TEAM_B)).status).toBe(404);
    expect((await workers[0]!.api('GET', '/api/tasks/owned-default', undefined, TEAM_B)).status).toBe(404);
    expect((await apiNode.api('GET', '/api/tasks', undefined, TEAM_B)).body.tasks.map((t: { task_name: string }) => t.task_name)).not.toContain(
      'owned-default',
    );
    expect((await apiNode.api('POST', '/api/cancel', { task_name: 'owned-default' }, TEAM_B)).status).toBe(404);
  });
});

describe('cluster: budgets', () => {
  it('a session step budget stops the task, recorded as budget_exceeded with budget.log', async () => {
    await apiNode.api('POST', '/api/dispatch', { client_id: 'budget-1', request: 'keep clicking', task_name: 'steps-1', budget: { max_steps: 3 } });
    const done = await workers[1]!.waitForResult('steps-1');
    expect(done, JSON.stringify(done)).toMatchObject({
      status: 'budget_exceeded',
      budget: { session: { max_steps: 3 }, spent: { steps: 3 }, exceeded: { scope: 'session', limit: 'max_steps', limit_value: 3 } },
    });
    expect(jsonLines(join(done.log_folder, 'budget.log'))).toMatchObject([{ task_name: 'steps-1', exceeded: { scope: 'session', limit: 'max_steps' } }]);
    expect(clicks('budget-1')).toBe(2);
  });

  it("a key's budget adds up across tasks run by different nodes' workers: the second stops on the key's total", async () => {
    // 'owned-b' spent 2 of team-b's 5 steps; the next task runs on the other worker (the first one is stopped)
    const first = await apiNode.api('GET', '/api/task_result/owned-b', undefined, TEAM_B);
    const ranOn = first.body.attempts[0].node as string;
    const index = workers.findIndex((w) => w.nodeId === ranOn);
    await workers[index]!.handle.stop();
    await apiNode.api('POST', '/api/dispatch', { client_id: 'budget-2', request: 'keep clicking', task_name: 'key-total' }, TEAM_B);
    const done = await apiNode.waitForResult('key-total', 30_000, TEAM_B);
    expect(done.attempts[0].node).not.toBe(ranOn);
    expect(done, JSON.stringify(done)).toMatchObject({
      status: 'budget_exceeded',
      budget: { spent: { steps: 3 }, exceeded: { scope: 'key', limit: 'max_steps', limit_value: 5, spent: { steps: 5 } } },
    });
    expect(jsonLines(join(done.log_folder, 'budget.log'))).toMatchObject([{ task_name: 'key-total', exceeded: { scope: 'key' } }]);
    // the key's total lives in Redis, where every node's worker adds to it
    const client = connectRedis({ url: redis.url, name: 'test:spend' });
    try {
      expect(await client.hgetall(new ClusterKeys().spend('team-b'))).toMatchObject({ steps: '5' });
    } finally {
      client.disconnect();
    }
    workers[index] = await startNode(`${ranOn}b`, settings);
  });

  it('a session cost budget (a dispatch can only lower it) stops the task once the reported cost reaches it', async () => {
    // every scripted reply costs 0.01 USD: the fourth model call is refused
    await apiNode.api('POST', '/api/dispatch', { client_id: 'cost-1', request: 'keep clicking', task_name: 'cost-1', budget: { max_cost_usd: 0.025 } });
    const done = await apiNode.waitForResult('cost-1');
    expect(done, JSON.stringify(done)).toMatchObject({
      status: 'budget_exceeded',
      budget: { session: { max_cost_usd: 0.025 }, exceeded: { scope: 'session', limit: 'max_cost_usd', limit_value: 0.025 } },
    });
    expect(done.budget.spent.cost_usd).toBeCloseTo(0.03);
  });
});

describe('cluster: approval policies', () => {
  it('auto-approve runs a held action without waiting; auto-reject (the default) skips it', async () => {
    await apiNode.api('POST', '/api/dispatch', { client_id: 'auto-1', request: 'press one, carefully', task_name: 'auto-no' });
    expect(await apiNode.waitForResult('auto-no')).toMatchObject({ status: 'completed', approval: { mode: 'auto-reject' } });
    expect(clicks('auto-1')).toBe(0);
    await apiNode.api('POST', '/api/dispatch', {
      client_id: 'auto-1',
      request: 'press one, carefully',
      task_name: 'auto-yes',
      approval: { mode: 'auto-approve' },
    });
    expect(await apiNode.waitForResult('auto-yes')).toMatchObject({ status: 'completed', approval: { mode: 'auto-approve' } });
    expect(clicks('auto-1')).toBe(1);
  });
});

describe('cluster: waiting tasks', () => {
  it('a held action waits as a delayed job, survives its worker being killed, is answered once through another node and runs once', async () => {
    const dispatched = await apiNode.api('POST', '/api/dispatch', { client_id: 'hold-1', request: 'press one, carefully', task_name: 'held', approval: WAIT });
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    const waiting = await waitForStatus(workers[0]!, 'held', 'waiting');
    expect(waiting.waiting).toMatchObject({
      kind: 'confirmation',
      pending_id: expect.any(String),
      agent: 'LinuxAgent',
      actions: [{ tool_name: 'click_input', arguments: { id: '1' } }],
    });
    const pendingId = waiting.waiting.pending_id as string;
    const listed = await workers[1]!.api('GET', '/api/tasks?status=waiting');
    expect(listed.body.tasks).toMatchObject([{ task_name: 'held', status: 'waiting', waiting: { pending_id: pendingId } }]);
    // the device stays reserved, and the held click has not run
    expect((await apiNode.api('POST', '/api/dispatch', { client_id: 'hold-1', request: 'a short task' })).body.code).toBe('DEVICE_BUSY');
    expect(clicks('hold-1')).toBe(0);

    // the worker that parked it dies: nothing is lost
    const parkedBy = waiting.attempts.at(-1).node as string;
    const index = workers.findIndex((w) => w.nodeId === parkedBy);
    await workers[index]!.handle.kill();
    const survivor = workers[1 - index]!;
    expect((await survivor.api('GET', '/api/tasks/held')).body).toMatchObject({ status: 'waiting', waiting: { pending_id: pendingId } });

    // another key's task is 404 on every route; a made-up pending id is 409
    for (const [method, path, body] of [
      ['GET', '/api/tasks/held', undefined],
      ['GET', '/api/task_result/held', undefined],
      ['POST', '/api/tasks/held/approve', { pending_id: pendingId }],
      ['POST', '/api/tasks/held/reject', { pending_id: pendingId }],
      ['POST', '/api/cancel', { task_name: 'held' }],
    ] as const) {
      expect((await survivor.api(method, path, body, TEAM_B)).body.code, `${method} ${path}`).toBe('TASK_NOT_FOUND');
    }
    expect((await survivor.api('GET', '/api/tasks?status=waiting', undefined, TEAM_B)).body.tasks).toEqual([]);
    expect(await survivor.api('POST', '/api/tasks/held/approve', { pending_id: 'made-up' })).toMatchObject({
      status: 409,
      body: { code: 'PENDING_ID_MISMATCH' },
    });
    expect(await survivor.api('POST', '/api/tasks/held/answer', { pending_id: pendingId, answers: ['x'] })).toMatchObject({
      status: 400,
      body: { code: 'ANSWER_INVALID' },
    });

    // 8 concurrent approvals through two nodes: exactly one is taken
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? apiNode : survivor).api('POST', '/api/tasks/held/approve', { pending_id: pendingId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 202)!.body).toMatchObject({ status: 'resumed', task_name: 'held', pending_id: pendingId, decision: 'approve' });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'TASK_NOT_WAITING')).toBe(true);

    const done = await apiNode.waitForResult('held');
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'completed', result: { final_state: 'FINISH' } });
    expect(done.waiting).toBeUndefined();
    expect(done.attempts.map((a: { node: string }) => a.node)).toEqual([parkedBy, survivor.nodeId]);
    // the session's spend before it waited (kept in Redis) counts on the worker that resumed it
    expect(done.budget.spent.steps).toBe(3);
    expect(clicks('hold-1')).toBe(1);
    expect(linesOf(devices, 'hold-1', 'command-end').at(-1)?.['display']).toBe('1');
    expect(jsonLines(join(done.log_folder, 'answers.log'))).toMatchObject([
      { task_name: 'held', pending_id: pendingId, decision: 'approve', by: 'person', key_id: 'default' },
    ]);
    // answering again is refused
    expect(await survivor.api('POST', '/api/tasks/held/approve', { pending_id: pendingId })).toMatchObject({ status: 409, body: { code: 'TASK_NOT_WAITING' } });
    workers[index] = await startNode(`${parkedBy}b`, settings);
  });

  it('a question waits and its answer reaches the resumed session', async () => {
    await apiNode.api('POST', '/api/dispatch', { client_id: 'ask-1', request: 'ask which key', task_name: 'ask', approval: WAIT });
    const waiting = await waitForStatus(apiNode, 'ask', 'waiting');
    expect(waiting.waiting).toMatchObject({ kind: 'questions', questions: ['Which key should I press?'] });
    const answered = await workers[0]!.api('POST', '/api/tasks/ask/answer', { pending_id: waiting.waiting.pending_id, answers: ['the 1 key'] });
    expect(answered).toMatchObject({ status: 202, body: { decision: 'answer' } });
    const done = await apiNode.waitForResult('ask');
    expect(done).toMatchObject({ status: 'completed', result: { rounds: [{ result: 'asked' }] } });
    expect(jsonLines(join(done.log_folder, 'answers.log'))).toMatchObject([{ kind: 'questions', decision: 'answer', answers: ['the 1 key'], by: 'person' }]);
  });

  it("a wait with a timeout applies the policy's default decision at the deadline", async () => {
    await apiNode.api('POST', '/api/dispatch', {
      client_id: 'timeout-1',
      request: 'press one, carefully',
      task_name: 'late',
      approval: { mode: 'wait', timeout_ms: 1_500, on_timeout: 'approve' },
    });
    const waiting = await waitForStatus(apiNode, 'late', 'waiting');
    expect(waiting.waiting.deadline).toEqual(expect.any(String));
    const done = await apiNode.waitForResult('late');
    expect(done).toMatchObject({ status: 'completed' });
    expect(jsonLines(join(done.log_folder, 'answers.log'))).toMatchObject([{ pending_id: waiting.waiting.pending_id, decision: 'approve', by: 'timeout' }]);
    expect(clicks('timeout-1')).toBe(1);
    expect(await apiNode.api('POST', '/api/tasks/late/approve', { pending_id: waiting.waiting.pending_id })).toMatchObject({ status: 409 });
  });

  it('cancelling a waiting task ends it cancelled and frees its device', async () => {
    await apiNode.api('POST', '/api/dispatch', { client_id: 'cancel-1', request: 'press one, carefully', task_name: 'dropped', approval: WAIT });
    const waiting = await waitForStatus(apiNode, 'dropped', 'waiting');
    expect((await workers[1]!.api('POST', '/api/cancel', { task_name: 'dropped', reason: 'not needed' })).status).toBe(202);
    const done = await apiNode.waitForResult('dropped');
    expect(done).toMatchObject({ status: 'cancelled', error: 'not needed' });
    expect(clicks('cancel-1')).toBe(0);
    expect(await apiNode.api('POST', '/api/tasks/dropped/approve', { pending_id: waiting.waiting.pending_id })).toMatchObject({ status: 409 });
    const next = await apiNode.api('POST', '/api/dispatch', { client_id: 'cancel-1', request: 'a short task', task_name: 'after-cancel' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await apiNode.waitForResult('after-cancel')).toMatchObject({ status: 'completed' });
  });

  // attack: a cancel accepted while a worker was still building the session (after the worker had looked for a cancel,
  // before the session could hear the broadcast) was lost: 202, and the task then ran to the end
  it('a cancel accepted while a worker is still building the session stops it before it acts', async () => {
    await apiNode.api('POST', '/api/dispatch', { client_id: 'late-1', request: 'late start 2000 compute late', task_name: 'late-start' });
    const started = () => [apiNode, ...workers].some((node) => node.events('session-started').some((event) => event.detail.taskName === 'late-start'));
    await expect.poll(started, { timeout: 30_000, interval: 50 }).toBe(true);
    const cancelled = await workers[1]!.api('POST', '/api/cancel', { task_name: 'late-start', reason: 'changed my mind' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(202);
    expect(await apiNode.waitForResult('late-start')).toMatchObject({ status: 'cancelled' });
    expect(clicks('late-1')).toBe(0);
  });

  // attack: a cancel raced with an answer returned 202 and the task then completed (here, both were accepted and the
  // answer was lost); now one Redis script orders them: the loser gets a typed 409
  it('an answer and a cancel of a waiting task sent at once through two nodes: exactly one wins, the other is a 409', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const name = `race-${round}`;
      await apiNode.api('POST', '/api/dispatch', { client_id: 'race-1', request: 'press one, carefully', task_name: name, approval: WAIT });
      const waiting = await waitForStatus(apiNode, name, 'waiting');
      const approve = () => workers[0]!.api('POST', `/api/tasks/${name}/approve`, { pending_id: waiting.waiting.pending_id });
      const cancel = () => workers[1]!.api('POST', '/api/cancel', { task_name: name });
      const [approved, cancelled] =
        round % 2 === 0 ? await Promise.all([approve(), cancel()]) : await Promise.all([cancel(), approve()]).then(([c, a]) => [a, c] as const);
      const done = await apiNode.waitForResult(name);
      const summary = `round ${round}: approve ${approved.status} ${approved.body.code ?? ''}, cancel ${cancelled.status} ${cancelled.body.code ?? ''}, task ${done.status}`;
      outcomes.push(summary);
      if (approved.status === 202 && cancelled.status === 202) {
        // the answer won and a worker had resumed the task before the cancel read it: a cancel of a running task,
        // in that order (accepted, and the resumed run must end cancelled, not go on)
        const resumed = [apiNode, ...workers].some((node) => node.events('session-resumed').some((event) => event.detail.taskName === name));
        expect(resumed, summary).toBe(true);
        expect(done.status, summary).toBe('cancelled');
        continue;
      }
      expect([approved.status, cancelled.status].sort(), summary).toEqual([202, 409]);
      if (cancelled.status === 202) {
        expect(approved.body.code, summary).toBe('TASK_NOT_WAITING');
        expect(done.status, summary).toBe('cancelled');
      } else {
        expect(cancelled.body.code, summary).toBe('TASK_ANSWERED_FIRST');
        expect(done.status, summary).toBe('completed');
      }
    }
    expect(outcomes).toHaveLength(8);
  });

  it('an answer while the device is offline is refused (DEVICE_NOT_FOUND) and the task keeps waiting', async () => {
    const lonely = await startDevices(apiNode.wsUrl, API_KEY, ['offline-1']);
    try {
      await apiNode.api('POST', '/api/dispatch', { client_id: 'offline-1', request: 'press one, carefully', task_name: 'offline', approval: WAIT });
      const waiting = await waitForStatus(apiNode, 'offline', 'waiting');
      await lonely.stop();
      await expect
        .poll(async () => (await apiNode.api('GET', '/api/clients')).body.online_clients.includes('offline-1'), { timeout: 15_000, interval: 100 })
        .toBe(false);
      const refused = await apiNode.api('POST', '/api/tasks/offline/approve', { pending_id: waiting.waiting.pending_id });
      expect(refused.body.code).toBe('DEVICE_NOT_FOUND');
      expect((await apiNode.api('GET', '/api/tasks/offline')).body).toMatchObject({ status: 'waiting', waiting: { pending_id: waiting.waiting.pending_id } });
    } finally {
      await lonely.stop();
    }
  });
});
