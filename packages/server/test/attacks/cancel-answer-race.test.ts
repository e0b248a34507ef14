import { describe, expect, it } from 'vitest';
import { hitlPerTest } from '../helpers/hitl-server.js';

// Attack: a cancel raced with an answer of the same waiting task was accepted (202) and the task then ran on and
// completed. Now an answer and a cancel of a task are ordered at one point: whichever acts on the waiting task
// first wins, and the other is refused with a typed 409. The two requests are sent at once over real HTTP on
// 127.0.0.1, many times; a real device process runs each resumed task.

const hitl = hitlPerTest();
const WAIT = { mode: 'wait' } as const;
const ROUNDS = 24;

describe('attack: a cancel raced with an answer', () => {
  it('never both: a 202 cancel means the task ends cancelled, a refused cancel is a typed 409 and the answer ran', async () => {
    const s = await hitl.start({ logRoot: hitl.logRoot() });
    await hitl.device(s, 'dev-race');
    const seen = { cancelWon: 0, answerWon: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `race-${round}`;
      expect((await s.api('POST', '/api/dispatch', { client_id: 'dev-race', request: 'press one, carefully', task_name: name, approval: WAIT })).status).toBe(
        200,
      );
      const waiting = await s.waitForStatus(name, ['waiting']);
      // alternate which request leaves first, so both orders are exercised
      const approve = () => s.api('POST', `/api/tasks/${name}/approve`, { pending_id: waiting.waiting.pending_id });
      const cancel = () => s.api('POST', '/api/cancel', { task_name: name });
      const [approved, cancelled] =
        round % 2 === 0 ? await Promise.all([approve(), cancel()]) : await Promise.all([cancel(), approve()]).then(([c, a]) => [a, c] as const);
      const done = await s.waitForStatus(name, ['completed', 'failed', 'cancelled']);
      const statuses = `round ${round}: approve ${approved.status} ${approved.body.code ?? ''}, cancel ${cancelled.status} ${cancelled.body.code ?? ''}, task ${done.status}`;
      expect([approved.status, cancelled.status], statuses).not.toEqual([409, 409]);
      if (cancelled.status === 202) {
        expect(done.status, statuses).toBe('cancelled');
        if (approved.status !== 202) expect(approved.body.code, statuses).toBe('TASK_NOT_WAITING');
        seen.cancelWon += 1;
      } else {
        expect(cancelled.status, statuses).toBe(409);
        expect(['TASK_ANSWERED_FIRST', 'TASK_FINISHED'], statuses).toContain(cancelled.body.code);
        expect(approved.status, statuses).toBe(202);
        expect(done.status, statuses).toBe('completed');
        seen.answerWon += 1;
      }
    }
    expect(seen.cancelWon + seen.answerWon).toBe(ROUNDS);
  }, 240_000);
});
