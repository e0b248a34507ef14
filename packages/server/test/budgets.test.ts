import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hitlPerTest } from './helpers/hitl-server.js';

const hitl = hitlPerTest();
const ENDED = ['completed', 'failed', 'cancelled', 'budget_exceeded'];

/** Model calls the server's scripted models got for a request. */
function modelCalls(models: { request: string; model: { calls: unknown[] } }[], request: string): number {
  return models.filter((m) => m.request === request).reduce((sum, m) => sum + m.model.calls.length, 0);
}

describe('cost and step budgets, checked before every model call', () => {
  it('a session step budget stops the task before its next model call, with the limit and the spend recorded', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot(), budgets: { session: { max_steps: 3 } } });
    await hitl.device(s, 'dev-steps');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-steps', request: 'keep clicking', task_name: 'steps-1' });
    const done = await s.waitForStatus('steps-1', ENDED);
    expect(done).toMatchObject({
      status: 'budget_exceeded',
      budget: { session: { max_steps: 3 }, spent: { steps: 3 }, exceeded: { scope: 'session', limit: 'max_steps', limit_value: 3, spent: { steps: 3 } } },
    });
    expect(done.error).toContain('max_steps');
    expect(modelCalls(s.models, 'keep clicking')).toBe(3);
    const steps = readFileSync(join(done.log_folder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'step');
    // three steps ran; the fourth was refused before its model call, and its log line says why
    expect(steps).toHaveLength(4);
    expect(JSON.stringify(steps[3])).toContain('budget');
    expect(JSON.stringify(steps.slice(0, 3))).not.toContain('budget');
    const budgetLog = readFileSync(join(done.log_folder, 'budget.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(budgetLog).toMatchObject([
      { task_name: 'steps-1', exceeded: { scope: 'session', limit: 'max_steps', limit_value: 3, spent: { steps: 3 } }, session_spent: { steps: 3 } },
    ]);
  });

  it('a session cost budget stops the task once the spent cost reaches it', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot(), costPerCall: 0.25, budgets: { session: { max_cost_usd: 0.6 } } });
    await hitl.device(s, 'dev-cost');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-cost', request: 'keep clicking', task_name: 'cost-1' });
    const done = await s.waitForStatus('cost-1', ENDED);
    expect(done).toMatchObject({
      status: 'budget_exceeded',
      budget: { exceeded: { scope: 'session', limit: 'max_cost_usd', limit_value: 0.6, spent: { cost_usd: 0.75 } } },
    });
    expect(modelCalls(s.models, 'keep clicking')).toBe(3);
  });

  it('a request can lower the session budget but not raise it', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot(), budgets: { session: { max_steps: 4 } } });
    await hitl.device(s, 'dev-lower');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-lower', request: 'keep clicking', task_name: 'lower-1', budget: { max_steps: 2 } });
    expect(await s.waitForStatus('lower-1', ENDED)).toMatchObject({ status: 'budget_exceeded', budget: { session: { max_steps: 2 }, spent: { steps: 2 } } });
    await s.api('POST', '/api/dispatch', {
      client_id: 'dev-lower',
      request: 'keep clicking',
      task_name: 'raise-1',
      budget: { max_steps: 50, max_cost_usd: 10 },
    });
    expect(await s.waitForStatus('raise-1', ENDED)).toMatchObject({
      status: 'budget_exceeded',
      budget: { session: { max_steps: 4, max_cost_usd: 10 }, spent: { steps: 4 } },
    });
  });

  it("a key's budget adds up across its tasks and stops the task that reaches it; other keys are not affected", async () => {
    const teamA = 'key-of-team-a-0123456789';
    const teamB = 'key-of-team-b-0123456789';
    const s = await hitl.start({
      logRoot: hitl.logRoot(),
      costPerCall: 0.1,
      apiKeys: [
        { id: 'team-a', key: teamA },
        { id: 'team-b', key: teamB },
      ],
      budgets: { keys: { 'team-a': { max_steps: 5 }, 'team-b': { max_cost_usd: 0.25 } } },
    });
    await hitl.device(s, 'dev-key');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-key', request: 'a short task', task_name: 'key-1' }, teamA);
    expect((await s.waitForStatus('key-1', ENDED, teamA)).status).toBe('completed');
    expect(await s.server.sessions.spend.spent('team-a')).toMatchObject({ steps: 2 });
    await s.api('POST', '/api/dispatch', { client_id: 'dev-key', request: 'keep clicking', task_name: 'key-2' }, teamA);
    const stopped = await s.waitForStatus('key-2', ENDED, teamA);
    expect(stopped).toMatchObject({
      status: 'budget_exceeded',
      budget: { key: { max_steps: 5 }, spent: { steps: 3 }, exceeded: { scope: 'key', limit: 'max_steps', limit_value: 5, spent: { steps: 5 } } },
    });
    // the key stays spent: its next task stops before its first model call
    const before = modelCalls(s.models, 'a short task');
    await s.api('POST', '/api/dispatch', { client_id: 'dev-key', request: 'a short task', task_name: 'key-3' }, teamA);
    expect(await s.waitForStatus('key-3', ENDED, teamA)).toMatchObject({
      status: 'budget_exceeded',
      budget: { spent: { steps: 0 }, exceeded: { scope: 'key' } },
    });
    expect(modelCalls(s.models, 'a short task')).toBe(before);
    // another key has its own budget (cost)
    await s.api('POST', '/api/dispatch', { client_id: 'dev-key', request: 'keep clicking', task_name: 'key-b' }, teamB);
    expect(await s.waitForStatus('key-b', ENDED, teamB)).toMatchObject({
      status: 'budget_exceeded',
      budget: { exceeded: { scope: 'key', limit: 'max_cost_usd', limit_value: 0.25 } },
    });
    expect((await s.server.sessions.spend.spent('team-b')).cost_usd).toBeCloseTo(0.3);
  });
});
