import { afterEach, describe, expect, it } from 'vitest';
import { hitlPerTest } from '../helpers/hitl-server.js';
import { startInProcessDevice, type InProcessDevice } from '../helpers/in-process-device.js';

// Attack: a key's step budget of 3 was overshot to 5 model calls by 8 tasks of the key dispatched at once, since
// every task checked the key's total before any of them had counted a step. Now each model call's step is reserved
// in the key's ledger first (check and take in one step), so at most 3 model calls are served. Real HTTP and real
// AIP devices on 127.0.0.1; the models are the scripted ones of the HITL fixture scripts.

const hitl = hitlPerTest();
const devices: InProcessDevice[] = [];
afterEach(async () => {
  await Promise.allSettled(devices.splice(0).map((device) => device.stop()));
});

const TEAM = 'key-of-team-par-0123456789abcdef';
const ENDED = ['completed', 'failed', 'cancelled', 'budget_exceeded'];
const PARALLEL = 8;

describe('attack: a key budget under parallel dispatch (one node)', () => {
  it('8 tasks of a key with max_steps 3 dispatched at once get at most 3 model calls in all', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot(), apiKeys: [{ id: 'team-par', key: TEAM }], budgets: { keys: { 'team-par': { max_steps: 3 } } } });
    const ids = Array.from({ length: PARALLEL }, (_, i) => `par-${i}`);
    devices.push(...(await Promise.all(ids.map((id) => startInProcessDevice(s, id)))));
    const dispatched = await Promise.all(
      ids.map((id) => s.api('POST', '/api/dispatch', { client_id: id, request: 'keep clicking', task_name: `t-${id}` }, TEAM)),
    );
    expect(dispatched.map((d) => d.status)).toEqual(ids.map(() => 200));
    const ended = await Promise.all(ids.map((id) => s.waitForStatus(`t-${id}`, ENDED, TEAM, 60_000)));
    const calls = s.models.filter((m) => m.request === 'keep clicking').reduce((sum, m) => sum + m.model.calls.length, 0);
    expect(calls, JSON.stringify(ended.map((r) => [r.status, r.budget?.spent]))).toBeLessThanOrEqual(3);
    expect(calls).toBeGreaterThan(0);
    expect(ended.every((r) => r.status === 'budget_exceeded')).toBe(true);
    // every reservation was settled or given back: the key's total is its finished steps
    const spent = await s.server.sessions.spend.spent('team-par');
    expect(spent.steps).toBe(ended.reduce((sum, r) => sum + r.budget.spent.steps, 0));
    expect(spent.steps).toBeLessThanOrEqual(3);
  }, 120_000);
});
