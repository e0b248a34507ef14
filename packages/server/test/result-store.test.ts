import { describe, expect, it } from 'vitest';
import { ManualClock } from '@ufo-ts/core/testing';
import { ResultStore, type TaskRecord } from '../src/index.js';

const record = (name: string, status: TaskRecord['status'] = 'running', owner = 'api'): TaskRecord => ({
  task_name: name,
  session_id: `s-${name}`,
  client_id: 'dev',
  owner,
  request: 'r',
  status,
  created_at: new Date(0).toISOString(),
});

describe('ResultStore', () => {
  it('keeps finished results, by task name and by session id', () => {
    const store = new ResultStore();
    store.put(record('a'));
    store.finish('a', { status: 'completed', result: { rounds: [], steps: 3, cost: 0 } });
    expect(store.get('a')).toMatchObject({ status: 'completed', result: { steps: 3 } });
    expect(store.getBySession('s-a')?.task_name).toBe('a');
    expect(store.get('unknown')).toBeUndefined();
  });

  it('is bounded: the oldest finished results go first, running tasks are never evicted', () => {
    const clock = new ManualClock();
    const store = new ResultStore({ maxEntries: 2, clock });
    store.put(record('running'));
    for (const name of ['f1', 'f2', 'f3']) {
      clock.advance(10);
      store.put(record(name));
      store.finish(name, { status: 'failed' });
    }
    expect(store.get('f1')).toBeUndefined();
    expect(store.getBySession('s-f1')).toBeUndefined();
    expect(store.get('f2')?.status).toBe('failed');
    expect(store.get('f3')?.status).toBe('failed');
    expect(store.get('running')?.status).toBe('running');
    expect(store.size).toBe(3);
  });

  it('expires finished results after their time to live, never running ones', () => {
    const clock = new ManualClock();
    const store = new ResultStore({ ttlMs: 1_000, clock });
    store.put(record('done'));
    store.finish('done', { status: 'completed' });
    store.put(record('still-running'));
    clock.advance(999);
    expect(store.get('done')).toBeDefined();
    clock.advance(2);
    expect(store.get('done')).toBeUndefined();
    clock.advance(10_000_000);
    expect(store.get('still-running')?.status).toBe('running');
  });

  it('replacing a task name drops the old session id mapping', () => {
    const store = new ResultStore();
    store.put(record('x'));
    store.finish('x', { status: 'completed' });
    store.put({ ...record('x'), session_id: 's-new' });
    expect(store.getBySession('s-x')).toBeUndefined();
    expect(store.getBySession('s-new')?.status).toBe('running');
  });
});
