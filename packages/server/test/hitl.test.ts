import { readFileSync } from 'node:fs';
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
  return readFileSync(join(folder, 'answers.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
}

describe('remote human-in-the-loop over HTTP', () => {
  it('a held sensitive action waits, is listed with its tool, arguments and pending id, and runs once after approval', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    const device = await hitl.device(s, 'dev-approve');
    const dispatched = await s.api('POST', '/api/dispatch', { client_id: 'dev-approve', request: 'press one, carefully', task_name: 'held-1', approval: WAIT });
    expect(dispatched.status).toBe(200);
    const waiting = await s.waitForStatus('held-1', ['waiting']);
    expect(waiting.waiting).toMatchObject({ kind: 'confirmation', pending_id: expect.any(String), agent: 'LinuxAgent', actions: [{ tool_name: 'click_input', arguments: { id: '1' } }] });
    expect(waiting.waiting.screenshot).toMatch(/\.png$/);
    const listed = await s.api('GET', '/api/tasks?status=waiting');
    expect(listed.body.tasks.map((t: { task_name: string }) => t.task_name)).toEqual(['held-1']);
    expect(clicks(device)).toBe(0);
    // the device is held by the waiting task
    expect((await s.api('POST', '/api/dispatch', { client_id: 'dev-approve', request: 'a short task' })).body.code).toBe('DEVICE_BUSY');

    const approved = await s.api('POST', '/api/tasks/held-1/approve', { pending_id: waiting.waiting.pending_id });
    expect(approved).toMatchObject({ status: 202, body: { status: 'resumed', task_name: 'held-1', pending_id: waiting.waiting.pending_id, decision: 'approve' } });
    const done = await s.waitForStatus('held-1', ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'completed', result: { final_state: 'FINISH' } });
    expect(done.waiting).toBeUndefined();
    await waitUntil(() => clicks(device) === 1, 5_000, 'the approved click');
    expect(clicks(device)).toBe(1);
    expect(answersLog(done.log_folder)).toMatchObject([{ task_name: 'held-1', pending_id: waiting.waiting.pending_id, decision: 'approve', by: 'person', key_id: 'default' }]);
    // a second answer is refused
    const again = await s.api('POST', '/api/tasks/held-1/approve', { pending_id: waiting.waiting.pending_id });
    expect(again).toMatchObject({ status: 409, body: { code: 'TASK_NOT_WAITING' } });
  });
});
