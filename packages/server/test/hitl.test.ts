import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { waitUntil, type ChildHandle } from '../../../test-support/processes.js';
import { hitlPerTest } from './helpers/hitl-server.js';

const hitl = hitlPerTest();
const WAIT = { mode: 'wait' } as const;

/** Clicks the device's desktop saw so far (it prints its state after every command). */
function clicks(device: ChildHandle): number {
  const states = device.stdout.filter((line) => line['type'] === 'desktop');
  const last = states.at(-1)?.['state'] as { calls: string[] } | undefined;
  return last?.calls.filter((call) => call === 'click_input').length ?? 0;
}

function answersLog(folder: string): any[] {
  return readFileSync(join(folder, 'answers.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('remote human-in-the-loop over HTTP', () => {
  it('a held sensitive action waits, is listed with its tool, arguments and pending id, and runs once after approval', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    const device = await hitl.device(s, 'dev-approve');
    const dispatched = await s.api('POST', '/api/dispatch', { client_id: 'dev-approve', request: 'press one, carefully', task_name: 'held-1', approval: WAIT });
    expect(dispatched.status).toBe(200);
    const waiting = await s.waitForStatus('held-1', ['waiting']);
    expect(waiting.waiting).toMatchObject({
      kind: 'confirmation',
      pending_id: expect.any(String),
      agent: 'LinuxAgent',
      actions: [{ tool_name: 'click_input', arguments: { id: '1' } }],
    });
    expect(waiting.waiting.screenshot).toMatch(/\.png$/);
    const screenshot = await fetch(`${s.httpUrl}${waiting.waiting.screenshot_url}`, { headers: { 'x-api-key': s.apiKey } });
    expect(screenshot.status).toBe(200);
    expect(screenshot.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${s.httpUrl}${waiting.waiting.screenshot_url}`)).status).toBe(401);
    const listed = await s.api('GET', '/api/tasks?status=waiting');
    expect(listed.body.tasks.map((t: { task_name: string }) => t.task_name)).toEqual(['held-1']);
    expect(clicks(device)).toBe(0);
    // the device is held by the waiting task
    expect((await s.api('POST', '/api/dispatch', { client_id: 'dev-approve', request: 'a short task' })).body.code).toBe('DEVICE_BUSY');

    const approved = await s.api('POST', '/api/tasks/held-1/approve', { pending_id: waiting.waiting.pending_id });
    expect(approved).toMatchObject({
      status: 202,
      body: { status: 'resumed', task_name: 'held-1', pending_id: waiting.waiting.pending_id, decision: 'approve' },
    });
    const done = await s.waitForStatus('held-1', ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'completed', result: { final_state: 'FINISH' } });
    expect(done.waiting).toBeUndefined();
    await waitUntil(() => clicks(device) === 1, 5_000, 'the approved click');
    expect(clicks(device)).toBe(1);
    expect(answersLog(done.log_folder)).toMatchObject([
      { task_name: 'held-1', pending_id: waiting.waiting.pending_id, decision: 'approve', by: 'person', key_id: 'default' },
    ]);
    // a second answer is refused
    const again = await s.api('POST', '/api/tasks/held-1/approve', { pending_id: waiting.waiting.pending_id });
    expect(again).toMatchObject({ status: 409, body: { code: 'TASK_NOT_WAITING' } });
  });

  it('a rejected action does not run, and the task goes on without it', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    const device = await hitl.device(s, 'dev-reject');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-reject', request: 'press one, carefully', task_name: 'held-2', approval: WAIT });
    const waiting = await s.waitForStatus('held-2', ['waiting']);
    const rejected = await s.api('POST', '/api/tasks/held-2/reject', { pending_id: waiting.waiting.pending_id, reason: 'not now' });
    expect(rejected).toMatchObject({ status: 202, body: { decision: 'reject' } });
    const done = await s.waitForStatus('held-2', ['completed', 'failed', 'cancelled']);
    expect(done.status).toBe('completed');
    expect(clicks(device)).toBe(0);
    expect(answersLog(done.log_folder)).toMatchObject([{ decision: 'reject', reason: 'not now' }]);
  });

  it('a question waits; the answer reaches the agent in its next prompt', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    await hitl.device(s, 'dev-ask');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-ask', request: 'ask which key', task_name: 'ask-1', approval: WAIT });
    const waiting = await s.waitForStatus('ask-1', ['waiting']);
    expect(waiting.waiting).toMatchObject({ kind: 'questions', questions: ['Which key should I press?'] });
    // an approval is not an answer to a question
    expect(await s.api('POST', '/api/tasks/ask-1/approve', { pending_id: waiting.waiting.pending_id })).toMatchObject({
      status: 400,
      body: { code: 'ANSWER_INVALID' },
    });
    const answered = await s.api('POST', '/api/tasks/ask-1/answer', { pending_id: waiting.waiting.pending_id, answers: ['press the seven, zebra-42'] });
    expect(answered.status).toBe(202);
    const done = await s.waitForStatus('ask-1', ['completed', 'failed', 'cancelled']);
    expect(done.status).toBe('completed');
    const resumed = s.models.find((m) => m.request === 'ask which key' && m.fromStep > 0)!;
    expect(JSON.stringify(resumed.model.calls[0]!.messages)).toContain('zebra-42');
    expect(answersLog(done.log_folder)).toMatchObject([{ decision: 'answer', answers: ['press the seven, zebra-42'] }]);
  });

  it('concurrent answers: exactly one wins, the others get 409', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    const device = await hitl.device(s, 'dev-race');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-race', request: 'press one, carefully', task_name: 'race-1', approval: WAIT });
    const waiting = await s.waitForStatus('race-1', ['waiting']);
    const body = { pending_id: waiting.waiting.pending_id };
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => s.api('POST', `/api/tasks/race-1/${i % 2 === 0 ? 'approve' : 'reject'}`, body)));
    expect(replies.filter((r) => r.status === 202)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.code === 'TASK_NOT_WAITING')).toBe(true);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(7);
    const done = await s.waitForStatus('race-1', ['completed', 'failed', 'cancelled']);
    expect(answersLog(done.log_folder)).toHaveLength(1);
    const won = replies.find((r) => r.status === 202)!.body.decision;
    expect(clicks(device)).toBe(won === 'approve' ? 1 : 0);
  });

  it("an answer must name the task's current pending id: another task's id or a made-up one is refused", async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    await hitl.device(s, 'dev-a');
    await hitl.device(s, 'dev-b');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-a', request: 'press one, carefully', task_name: 'task-a', approval: WAIT });
    await s.api('POST', '/api/dispatch', { client_id: 'dev-b', request: 'ask which key', task_name: 'task-b', approval: WAIT });
    const a = await s.waitForStatus('task-a', ['waiting']);
    const b = await s.waitForStatus('task-b', ['waiting']);
    expect(await s.api('POST', '/api/tasks/task-a/approve', { pending_id: b.waiting.pending_id })).toMatchObject({
      status: 409,
      body: { code: 'PENDING_ID_MISMATCH' },
    });
    expect(await s.api('POST', '/api/tasks/task-b/answer', { pending_id: a.waiting.pending_id, answers: ['x'] })).toMatchObject({
      status: 409,
      body: { code: 'PENDING_ID_MISMATCH' },
    });
    expect(await s.api('POST', '/api/tasks/task-a/approve', { pending_id: 'made-up' })).toMatchObject({ status: 409, body: { code: 'PENDING_ID_MISMATCH' } });
    // both still wait for their own answers
    expect((await s.api('GET', '/api/tasks?status=waiting')).body.tasks).toHaveLength(2);
    expect((await s.api('POST', '/api/tasks/task-a/approve', { pending_id: a.waiting.pending_id })).status).toBe(202);
  });

  it('a question that was answered cannot be answered again by its old pending id after the task asks a later one', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    await hitl.device(s, 'dev-later');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-later', request: 'ask twice', task_name: 'later-1', approval: WAIT });
    const first = await s.waitForStatus('later-1', ['waiting']);
    expect((await s.api('POST', '/api/tasks/later-1/answer', { pending_id: first.waiting.pending_id, answers: ['one'] })).status).toBe(202);
    const second = await s.waitForStatus('later-1', ['waiting']);
    expect(second.waiting.pending_id).not.toBe(first.waiting.pending_id);
    expect(await s.api('POST', '/api/tasks/later-1/answer', { pending_id: first.waiting.pending_id, answers: ['stale'] })).toMatchObject({
      status: 409,
      body: { code: 'PENDING_ID_MISMATCH' },
    });
    expect((await s.api('POST', '/api/tasks/later-1/answer', { pending_id: second.waiting.pending_id, answers: ['two'] })).status).toBe(202);
    expect((await s.waitForStatus('later-1', ['completed', 'failed'])).status).toBe('completed');
  });

  it('answers are size-limited (413) and schema-checked (400); every route needs the API key', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot(), maxAnswerBytes: 64 });
    await hitl.device(s, 'dev-size');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-size', request: 'ask which key', task_name: 'size-1', approval: WAIT });
    const waiting = await s.waitForStatus('size-1', ['waiting']);
    expect(await s.api('POST', '/api/tasks/size-1/answer', { pending_id: waiting.waiting.pending_id, answers: ['x'.repeat(65)] })).toMatchObject({
      status: 413,
      body: { code: 'ANSWER_TOO_LARGE' },
    });
    expect(await s.api('POST', '/api/tasks/size-1/answer', { pending_id: waiting.waiting.pending_id, answers: 'seven' })).toMatchObject({
      status: 400,
      body: { code: 'BODY_INVALID' },
    });
    expect(await s.api('POST', '/api/tasks/size-1/answer', '{not json')).toMatchObject({ status: 400, body: { code: 'BODY_INVALID' } });
    for (const [method, path] of [
      ['GET', '/api/tasks'],
      ['GET', '/api/tasks/size-1'],
      ['POST', '/api/tasks/size-1/approve'],
      ['POST', '/api/tasks/size-1/reject'],
      ['POST', '/api/tasks/size-1/answer'],
    ] as const) {
      expect(await s.api(method, path, method === 'POST' ? { pending_id: waiting.waiting.pending_id, answers: ['x'] } : undefined, 'wrong-key')).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED' },
      });
    }
    // still waiting: nothing above was taken as an answer
    expect((await s.api('GET', '/api/tasks/size-1')).body.status).toBe('waiting');
  });

  it("a task key sees and answers only its own tasks (another key's task is 404 everywhere); an admin key sees them but answers only its own", async () => {
    const s = await hitl.start({
      logRoot: hitl.logRoot(),
      apiKeys: [
        { id: 'team-a', key: 'key-of-team-a-0123456789' },
        { id: 'team-b', key: 'key-of-team-b-0123456789' },
      ],
    });
    await hitl.device(s, 'dev-own');
    const dispatched = await s.api(
      'POST',
      '/api/dispatch',
      { client_id: 'dev-own', request: 'press one, carefully', task_name: 'own-1', approval: WAIT },
      'key-of-team-a-0123456789',
    );
    expect(dispatched.status).toBe(200);
    const waiting = await s.waitForStatus('own-1', ['waiting'], 'key-of-team-a-0123456789');
    expect(waiting.owner_key).toBe('team-a');
    const other = 'key-of-team-b-0123456789';
    expect((await s.api('GET', '/api/tasks', undefined, other)).body.tasks).toEqual([]);
    expect((await s.api('GET', '/api/tasks/own-1', undefined, other)).status).toBe(404);
    expect((await s.api('GET', '/api/task_result/own-1', undefined, other)).status).toBe(404);
    // the server's own key is the admin key: it sees every key's tasks
    expect((await s.api('GET', '/api/tasks', undefined, s.apiKey)).body.tasks.map((t: { task_name: string }) => t.task_name)).toEqual(['own-1']);
    expect((await s.api('GET', '/api/tasks/own-1', undefined, s.apiKey)).body).toMatchObject({ status: 'waiting', owner_key: 'team-a' });
    expect((await s.api('GET', '/api/task_result/own-1', undefined, s.apiKey)).status).toBe(200);
    // neither answers nor cancels another key's task
    for (const key of [other, s.apiKey]) {
      expect(await s.api('POST', '/api/tasks/own-1/approve', { pending_id: waiting.waiting.pending_id }, key)).toMatchObject({
        status: 404,
        body: { code: 'TASK_NOT_FOUND' },
      });
      expect((await s.api('POST', '/api/cancel', { task_name: 'own-1' }, key)).status).toBe(404);
    }
    expect((await s.api('POST', '/api/tasks/own-1/approve', { pending_id: waiting.waiting.pending_id }, 'key-of-team-a-0123456789')).status).toBe(202);
    expect((await s.waitForStatus('own-1', ['completed'], 'key-of-team-a-0123456789')).status).toBe('completed');
  });

  it("a wait with a timeout applies the policy's default decision when the (manual) clock passes the deadline", async () => {
    const clock = new ManualClock();
    const s = await hitl.start({ logRoot: hitl.logRoot(), clock });
    const device = await hitl.device(s, 'dev-timeout');
    await s.api('POST', '/api/dispatch', {
      client_id: 'dev-timeout',
      request: 'press one, carefully',
      task_name: 'timeout-1',
      approval: { mode: 'wait', timeout_ms: 60_000, on_timeout: 'approve' },
    });
    const waiting = await s.waitForStatus('timeout-1', ['waiting']);
    expect(Date.parse(waiting.waiting.deadline) - Date.parse(waiting.waiting.asked_at)).toBe(60_000);
    await waitUntil(() => clock.pending > 0, 5_000, 'the timeout to be scheduled');
    clock.advance(59_999);
    expect((await s.api('GET', '/api/tasks/timeout-1')).body.status).toBe('waiting');
    clock.advance(1);
    const done = await s.waitForStatus('timeout-1', ['completed', 'failed']);
    expect(done.status).toBe('completed');
    await waitUntil(() => clicks(device) === 1, 5_000, 'the click approved by default');
    expect(answersLog(done.log_folder)).toMatchObject([{ decision: 'approve', by: 'timeout' }]);
    expect(await s.api('POST', '/api/tasks/timeout-1/approve', { pending_id: waiting.waiting.pending_id })).toMatchObject({
      status: 409,
      body: { code: 'TASK_NOT_WAITING' },
    });
  });

  it('auto-approve runs the held action without waiting; auto-reject (the default) skips it', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    const approving = await hitl.device(s, 'dev-auto-yes');
    const rejecting = await hitl.device(s, 'dev-auto-no');
    await s.api('POST', '/api/dispatch', {
      client_id: 'dev-auto-yes',
      request: 'press one, carefully',
      task_name: 'auto-yes',
      approval: { mode: 'auto-approve' },
    });
    await s.api('POST', '/api/dispatch', { client_id: 'dev-auto-no', request: 'press one, carefully', task_name: 'auto-no' });
    expect((await s.waitForStatus('auto-yes', ['completed', 'failed'])).status).toBe('completed');
    expect((await s.waitForStatus('auto-no', ['completed', 'failed'])).status).toBe('completed');
    expect(clicks(approving)).toBe(1);
    expect(clicks(rejecting)).toBe(0);
  });

  it('a waiting task survives a server restart and is answered on the new server', async () => {
    const logRoot = hitl.logRoot();
    const first = await hitl.start({ logRoot });
    const before = await hitl.device(first, 'dev-restart');
    await first.api('POST', '/api/dispatch', { client_id: 'dev-restart', request: 'press one, carefully', task_name: 'restart-1', approval: WAIT });
    const waiting = await first.waitForStatus('restart-1', ['waiting']);
    await hitl.stopServer(first.server);
    await hitl.killDevice(before);

    const second = await hitl.start({ logRoot, apiKey: first.apiKey });
    const listed = await second.api('GET', '/api/tasks?status=waiting');
    expect(listed.body.tasks).toMatchObject([{ task_name: 'restart-1', waiting: { pending_id: waiting.waiting.pending_id, kind: 'confirmation' } }]);
    // the device is not back yet: the answer is refused and the task keeps waiting
    expect(await second.api('POST', '/api/tasks/restart-1/approve', { pending_id: waiting.waiting.pending_id })).toMatchObject({
      status: 404,
      body: { code: 'DEVICE_NOT_FOUND' },
    });
    const after = await hitl.device(second, 'dev-restart');
    expect((await second.api('POST', '/api/tasks/restart-1/approve', { pending_id: waiting.waiting.pending_id })).status).toBe(202);
    const done = await second.waitForStatus('restart-1', ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'completed', result: { final_state: 'FINISH' } });
    await waitUntil(() => clicks(after) === 1, 5_000, 'the approved click on the reconnected device');
    expect(second.models.at(-1)).toMatchObject({ request: 'press one, carefully', fromStep: 2 });
  });

  it('an answer taken and logged just before the server stopped is acted on by the next server, once the device is back', async () => {
    const logRoot = hitl.logRoot();
    const first = await hitl.start({ logRoot });
    const before = await hitl.device(first, 'dev-crash');
    await first.api('POST', '/api/dispatch', { client_id: 'dev-crash', request: 'press one, carefully', task_name: 'crash-1', approval: WAIT });
    const waiting = await first.waitForStatus('crash-1', ['waiting']);
    await hitl.stopServer(first.server);
    await hitl.killDevice(before);
    // what the server had written when it stopped between logging the answer and resuming the session
    const folder = join(logRoot, '.waiting');
    const [file] = readdirSync(folder);
    const entry = JSON.parse(readFileSync(join(folder, file!), 'utf8'));
    writeFileSync(join(folder, file!), JSON.stringify({ ...entry, answered: { decision: { kind: 'approve' }, by: 'person', key_id: 'default' } }));

    const second = await hitl.start({ logRoot, apiKey: first.apiKey });
    // no second answer is taken for it
    expect(await second.api('POST', '/api/tasks/crash-1/reject', { pending_id: waiting.waiting.pending_id })).toMatchObject({
      status: 409,
      body: { code: 'TASK_NOT_WAITING' },
    });
    const after = await hitl.device(second, 'dev-crash');
    const done = await second.waitForStatus('crash-1', ['completed', 'failed', 'cancelled']);
    expect(done.status).toBe('completed');
    await waitUntil(() => clicks(after) === 1, 5_000, 'the click approved before the restart');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('cancelling a waiting task ends it and frees its device', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    await hitl.device(s, 'dev-cancel');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-cancel', request: 'ask which key', task_name: 'cancel-1', approval: WAIT });
    const waiting = await s.waitForStatus('cancel-1', ['waiting']);
    expect((await s.api('POST', '/api/cancel', { task_name: 'cancel-1' })).status).toBe(202);
    expect((await s.api('GET', '/api/tasks/cancel-1')).body.status).toBe('cancelled');
    expect(await s.api('POST', '/api/tasks/cancel-1/answer', { pending_id: waiting.waiting.pending_id, answers: ['x'] })).toMatchObject({
      status: 409,
      body: { code: 'TASK_NOT_WAITING' },
    });
    expect((await s.api('POST', '/api/dispatch', { client_id: 'dev-cancel', request: 'a short task', task_name: 'after-cancel' })).status).toBe(200);
  });
});
