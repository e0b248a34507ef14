// Unit tests without Redis: the job checkpoint store, outcome judging.
import type { SessionCheckpoint } from '@ufo-ts/sessions';
import { describe, expect, it } from 'vitest';
import { ClusterKeys, JobCheckpointStore, jobIdFor, type SessionJobData } from '../src/index.js';

describe('JobCheckpointStore', () => {
  const checkpoint = (n: number) => ({ version: 1, sessionId: 's', savedAt: String(n) }) as unknown as SessionCheckpoint;

  it('writes checkpoints into the job in order, coalesced to the newest, and flush waits for them', async () => {
    const written: Array<SessionCheckpoint | undefined> = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = {
      data: { record: {}, platform: 'linux', attempts: [] } as unknown as SessionJobData,
      async updateData(data: SessionJobData) {
        await gate;
        written.push(data.checkpoint);
        this.data = data;
      },
    };
    const store = new JobCheckpointStore(job);
    const saves = [store.save(checkpoint(1)), store.save(checkpoint(2)), store.save(checkpoint(3))];
    expect(store.load()?.savedAt).toBe('3');
    release();
    await store.flush();
    // the saves came before the first write started: only the newest was written
    expect(written.map((c) => c?.savedAt)).toEqual(['3']);
    await Promise.all(saves);
    await store.save(checkpoint(4));
    expect(written.map((c) => c?.savedAt)).toEqual(['3', '4']);
    expect(job.data.checkpoint?.savedAt).toBe('4');
  });

  it('a failed write rejects its save (the session ends with it) and is reported; a later save writes the newest checkpoint', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const job = {
      data: { record: {}, platform: 'linux', attempts: [] } as unknown as SessionJobData,
      async updateData(data: SessionJobData) {
        if (fail) throw new Error('redis away');
        this.data = data;
      },
    };
    const store = new JobCheckpointStore(job, (error) => errors.push(error));
    await expect(store.save(checkpoint(1))).rejects.toThrow('redis away');
    await store.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    await store.save(checkpoint(2));
    expect(job.data.checkpoint?.savedAt).toBe('2');
  });
});

describe('keys', () => {
  it('keys share one hash tag; channels carry the device or node as their own tag; job ids have no colon', () => {
    const keys = new ClusterKeys('ufo');
    expect(keys.device('d1')).toBe('{ufo}:device:d1');
    expect(keys.busy('d1').startsWith('{ufo}:')).toBe(true);
    expect(keys.deviceChannel('d1')).toBe('ufo:dev:{d1}');
    expect(keys.nodeChannel('n1')).toBe('ufo:node:{n1}');
    expect(jobIdFor('a:b/c d')).not.toContain(':');
    expect(jobIdFor('x')).not.toBe(jobIdFor('y'));
  });
});
