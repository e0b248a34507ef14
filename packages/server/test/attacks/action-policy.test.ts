import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { FakeDesktop } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { waitUntil, type ChildHandle } from '../../../../test-support/processes.js';
import { hitlPerTest } from '../helpers/hitl-server.js';

// The server's action policy holds every command of its sessions, whatever the model asked for: a denied command
// never reaches the device, a held one is decided by the task's approval mode (never run unasked under `wait`).
const hitl = hitlPerTest();
const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: 'compute', action, ...extra });
const click = (id: string) => ({ function: 'click_input', arguments: { id }, status: 'CONTINUE' });
// 1 2 × 3 4 = on the fake calculator (its ids: '5' is ×, '6' is =)
const SCRIPT = [
  linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' }),
  linux([click('1'), click('2'), click('5'), click('3'), click('4'), click('6')]),
  linux([], { status: 'FINISH', result: 'done' }),
];
const TIMES_KEY = { tool: 'click_input', arguments: { id: '5' } };

function display(device: ChildHandle): string | undefined {
  const last = device.stdout.filter((line) => line['type'] === 'desktop').at(-1)?.['state'] as { display: string } | undefined;
  return last?.display;
}

function clickResults(folder: string): Array<{ id: unknown; status: string; policy?: Record<string, unknown> }> {
  const steps = readFileSync(join(folder, 'response.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.type === 'step');
  return steps.flatMap((s) =>
    (s.actions ?? [])
      .filter((a: { function: string }) => a.function === 'click_input')
      .map((a: any) => ({ id: a.arguments.id, status: a.result?.status, policy: a.result?.policy })),
  );
}

async function run(actionPolicy: unknown, approval: Record<string, unknown>, name: string) {
  const s = await hitl.start({ logRoot: hitl.logRoot(), createModel: () => new ScriptedModel({ replies: SCRIPT }), actionPolicy: actionPolicy as never });
  const device = await hitl.device(s, `dev-${name}`);
  const dispatched = await s.api('POST', '/api/dispatch', { client_id: `dev-${name}`, request: 'compute 12 times 34', task_name: name, approval });
  expect(dispatched.status).toBe(200);
  const done = await s.waitForStatus(name, ['completed', 'failed', 'cancelled']);
  return { done, device };
}

describe('the server’s action policy (createUfoServer({ actionPolicy }))', () => {
  it('a denied command never reaches the device; its step record names the rule and the reason', async () => {
    const { done, device } = await run(
      { rules: [{ id: 'no-times', match: TIMES_KEY, decision: 'deny', reason: 'no multiplying' }] },
      { mode: 'auto-approve' },
      'deny-1',
    );
    // the device pressed 1 and 2; × was denied, and the engine skips what follows a failed action of a reply
    await waitUntil(() => display(device) === '12', 5_000, 'the allowed clicks');
    const results = clickResults(done.log_folder);
    expect(results.find((r) => r.id === '5')).toMatchObject({ status: 'failure', policy: { decision: 'deny', rule: 'no-times', reason: 'no multiplying' } });
    expect(results.map((r) => `${r.id}:${r.status}`)).toEqual(['1:success', '2:success', '5:failure', '3:skipped', '4:skipped', '6:skipped']);
    // what the model is shown of the step is what ran: the task still ends (the scripted model finishes)
    expect(done.status).toBe('completed');
  });

  it('a held command runs under auto-approve, and is refused (not run) when the task waits for a person', async () => {
    const policy = { rules: [{ id: 'ask-times', match: TIMES_KEY, decision: 'confirm', reason: 'multiplying needs a yes' }] };
    const approved = await run(policy, { mode: 'auto-approve' }, 'confirm-1');
    await waitUntil(() => display(approved.device) === '408', 5_000, 'the approved ×');
    expect(clickResults(approved.done.log_folder).find((r) => r.id === '5')).toMatchObject({
      status: 'success',
      policy: { decision: 'confirm', rule: 'ask-times', confirmed: true },
    });

    const waiting = await run(policy, { mode: 'wait' }, 'confirm-2');
    await waitUntil(() => display(waiting.device) === '12', 5_000, 'the clicks before the refused ×');
    expect(clickResults(waiting.done.log_folder).find((r) => r.id === '5')).toMatchObject({
      status: 'failure',
      policy: { decision: 'confirm', rule: 'ask-times' },
    });
  });
});
