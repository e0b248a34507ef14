import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessageInput } from '@ufo-ts/aip';
import type { Clock, SessionOutcome } from '@ufo-ts/core';
import type { ManagedSessionOutcome } from '@ufo-ts/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKeySpendLedger, type ServerEvent, type TaskRecord } from '../../src/index.js';
import {
  finishTask,
  judgeTaskEnd,
  MAX_TASK_ERROR_CHARS,
  parkTask,
  runBudgetGuard,
  tellDeviceTaskStarts,
  type FinishPort,
  type ParkPort,
} from '../../src/internal.js';

const NOW = Date.parse('2026-01-02T03:04:05.000Z');
const clock: Clock = { now: () => NOW } as Clock;

const record = (overrides: Partial<TaskRecord> = {}): TaskRecord => ({
  task_name: 'calc',
  session_id: 'session-1',
  client_id: 'pc-1',
  owner: 'api',
  request: 'add 2 and 3',
  status: 'running',
  created_at: '2026-01-02T03:00:00.000Z',
  ...overrides,
});

const round = (finalState: string, result: unknown = 'done') => ({ request: 'add 2 and 3', result, finalState });
const outcome = (rounds: ReturnType<typeof round>[], extra: Partial<ManagedSessionOutcome> = {}): SessionOutcome =>
  ({ id: 'session-1', rounds, cost: 0.5, unpricedCalls: 0, steps: 4, error: false, logFolder: undefined, ...extra }) as SessionOutcome;

/** A port that records what the lifecycle sends, emits and keeps, in order. */
function recordingPort(options: { failSends?: number } = {}) {
  const log: string[] = [];
  const sent: ServerMessageInput[] = [];
  const events: ServerEvent[] = [];
  const kept: TaskRecord[] = [];
  let failures = options.failSends ?? 0;
  const port: ParkPort & FinishPort = {
    clock,
    send: (message) => {
      log.push(`send:${message.type}`);
      if (failures-- > 0) throw new Error('the message is too large');
      sent.push(message);
    },
    emit: (event) => {
      log.push(`emit:${event.type}`);
      events.push(event);
    },
    keepWaiting: async (kept_) => {
      log.push('keepWaiting');
      kept.push(kept_);
    },
    keepFinal: (final) => {
      log.push('keepFinal');
      kept.push(final);
      return final;
    },
  };
  return { port, log, sent, events, kept };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('judgeTaskEnd', () => {
  it('completes a task whose last round finished, with its rounds, steps, cost and final state', () => {
    expect(judgeTaskEnd(undefined, outcome([round('FINISH')]), undefined)).toEqual({
      status: 'completed',
      error: undefined,
      result: { rounds: [round('FINISH')], steps: 4, cost: 0.5, final_state: 'FINISH' },
    });
  });

  it('lets a stop from outside win, fails a thrown session, a step limit and a session that waits without saying what for', () => {
    expect(judgeTaskEnd({ status: 'budget_exceeded', reason: 'the key spent 2 steps' }, outcome([round('FINISH')]), undefined)).toMatchObject({
      status: 'budget_exceeded',
      error: 'the key spent 2 steps',
    });
    expect(judgeTaskEnd(undefined, undefined, new Error('boom'))).toEqual({ status: 'failed', error: 'the session failed: boom', result: undefined });
    expect(judgeTaskEnd(undefined, outcome([round('MAX_STEP')]), undefined).error).toBe('the step limit was reached before the task finished');
    expect(judgeTaskEnd(undefined, outcome([round('CANCELLED')]), undefined).status).toBe('cancelled');
    expect(judgeTaskEnd(undefined, outcome([], { status: 'waiting' }), undefined)).toMatchObject({
      status: 'failed',
      error: 'the session stopped for a person without saying what it waits for',
    });
    expect(judgeTaskEnd(undefined, outcome([round('FAIL', { error: 'no calculator' })]), undefined).error).toBe(
      'the agent ended the task in FAIL: no calculator',
    );
  });
});

describe('parkTask', () => {
  it('keeps the waiting record (pending input on the clock, budget spent) before reporting task-waiting', async () => {
    const { port, log, events, kept } = recordingPort();
    const budget = { session: { max_steps: 10 }, key: {}, spent: { cost_usd: 0, steps: 0 } };
    const guard = runBudgetGuard(record({ budget }), { ledger: new MemoryKeySpendLedger(), spent: { cost_usd: 0.25, steps: 3 }, stop: () => undefined });
    const parked = await parkTask(port, {
      record: record({ budget }),
      waitingFor: { kind: 'confirmation', agent: 'LinuxAgent', actions: [{ function: 'delete_file', arguments: { path: '/tmp/x' } }] },
      policy: { mode: 'wait', timeout_ms: 60_000, on_timeout: 'reject', default_answer: '' },
      guard,
      logFolder: undefined,
    });
    expect(log).toEqual(['keepWaiting', 'emit:task-waiting']);
    expect(kept).toEqual([parked]);
    expect(parked).toMatchObject({
      status: 'waiting',
      budget: { session: { max_steps: 10 }, spent: { cost_usd: 0.25, steps: 3 } },
      waiting: {
        kind: 'confirmation',
        agent: 'LinuxAgent',
        asked_at: '2026-01-02T03:04:05.000Z',
        deadline: '2026-01-02T03:05:05.000Z',
        actions: [{ tool_name: 'delete_file', arguments: { path: '/tmp/x' } }],
      },
    });
    expect(events).toEqual([
      { type: 'task-waiting', taskName: 'calc', sessionId: 'session-1', clientId: 'pc-1', pendingId: parked.waiting!.pending_id, kind: 'confirmation' },
    ]);
  });

  it('reports nothing when the waiting task cannot be kept', async () => {
    const { port, events } = recordingPort();
    port.keepWaiting = async () => {
      throw new Error('disk full');
    };
    const input = { record: record(), waitingFor: { kind: 'questions' as const, agent: 'LinuxAgent', questions: ['which file?'] } };
    await expect(
      parkTask(port, { ...input, policy: { mode: 'wait', on_timeout: 'reject', default_answer: '' }, guard: undefined, logFolder: undefined }),
    ).rejects.toThrow('disk full');
    expect(events).toEqual([]);
  });
});

describe('finishTask', () => {
  it('frees the device only after telling it task_end, and before reporting task-ended', async () => {
    const { port, log } = recordingPort();
    const freeing: FinishPort = {
      ...port,
      freeDevice: async () => {
        log.push('freeDevice');
      },
    };
    await finishTask(freeing, { record: record(), end: { status: 'cancelled', error: 'stopped' } });
    expect(log).toEqual(['keepFinal', 'send:task_end', 'freeDevice', 'emit:task-ended']);
  });

  it('keeps the final record, tells the device task_end with the rounds, then reports task-ended', async () => {
    const { port, log, sent, events } = recordingPort();
    const judged = judgeTaskEnd(undefined, outcome([round('FINISH', { answer: 5 })]), undefined);
    const final = await finishTask(port, { record: record(), end: judged });
    expect(log).toEqual(['keepFinal', 'send:task_end', 'emit:task-ended']);
    expect(final).toMatchObject({ status: 'completed', ended_at: '2026-01-02T03:04:05.000Z', result: { final_state: 'FINISH' } });
    expect(sent).toEqual([{ type: 'task_end', status: 'completed', session_id: 'session-1', task_name: 'calc', result: [round('FINISH', { answer: 5 })] }]);
    expect(events).toEqual([{ type: 'task-ended', taskName: 'calc', sessionId: 'session-1', clientId: 'pc-1', status: 'completed', error: undefined }]);
  });

  it('sends task_end again without the rounds when they cannot be sent, and cuts a long error', async () => {
    const { port, sent } = recordingPort({ failSends: 1 });
    const error = 'x'.repeat(MAX_TASK_ERROR_CHARS + 500);
    const final = await finishTask(port, {
      record: record(),
      end: { status: 'failed', result: judgeTaskEnd(undefined, outcome([round('ERROR')]), undefined).result, error },
    });
    expect(final.error).toHaveLength(MAX_TASK_ERROR_CHARS);
    expect(sent).toEqual([{ type: 'task_end', status: 'failed', session_id: 'session-1', task_name: 'calc', error: final.error }]);
  });

  it('records the budget that stopped the task in budget.log and in the record; a task the device never started is not told', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lifecycle-'));
    folders.push(folder);
    const { port, sent } = recordingPort();
    const budget = { session: { max_steps: 2 }, key: {}, spent: { cost_usd: 0, steps: 0 } };
    const guard = runBudgetGuard(record({ budget }), { ledger: new MemoryKeySpendLedger(), spent: { cost_usd: 0, steps: 2 }, stop: () => undefined });
    const exceeded = await guard.check();
    const final = await finishTask(port, {
      record: record({ budget }),
      end: { status: 'budget_exceeded', error: 'the session spent 2 steps' },
      guard,
      logFolder: folder,
      tellDevice: false,
    });
    expect(final.budget).toEqual({ ...budget, spent: { cost_usd: 0, steps: 2 }, exceeded });
    expect(final.log_folder).toBe(folder);
    const line = JSON.parse(readFileSync(join(folder, 'budget.log'), 'utf8'));
    expect(line).toEqual({ at: '2026-01-02T03:04:05.000Z', task_name: 'calc', exceeded, session_spent: { cost_usd: 0, steps: 2 } });
    expect(sent).toEqual([]);
  });
});

describe('tellDeviceTaskStarts', () => {
  it('sends the task message on the clock, and says why when the device cannot be told', async () => {
    const { port, sent } = recordingPort();
    expect(await tellDeviceTaskStarts(port, record(), 'response-1')).toBeUndefined();
    expect(sent).toEqual([
      {
        type: 'task',
        status: 'continue',
        session_id: 'session-1',
        task_name: 'calc',
        user_request: 'add 2 and 3',
        response_id: 'response-1',
        timestamp: '2026-01-02T03:04:05.000Z',
      },
    ]);
    const failing = recordingPort({ failSends: 1 });
    expect(await tellDeviceTaskStarts(failing.port, record(), 'response-2')).toBe('device pc-1 could not be told about the task: the message is too large');
  });
});
