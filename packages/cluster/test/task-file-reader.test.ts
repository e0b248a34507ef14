// The answering side of task-file requests, on real files: only a regular screenshot-named file directly inside the
// session's own folder (derived from task name and session id under the log root, owner marker checked), within the
// size bound, is ever read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimTaskLogFolder, taskLogFolderName } from '@ufo-ts/server/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { readOwnTaskFile } from '../src/index.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A log root with the session's folder (claimed as the worker does) holding `step.png`, and a secret beside it. */
function setup(taskName = 'calc', sessionId = 's-1') {
  const base = mkdtempSync(join(tmpdir(), 'ufo-task-file-'));
  roots.push(base);
  const logRoot = join(base, 'logs');
  mkdirSync(logRoot);
  const folder = join(logRoot, claimTaskLogFolder(logRoot, taskName, sessionId));
  writeFileSync(join(folder, 'step.png'), 'PNG bytes');
  writeFileSync(join(logRoot, 'secret.png'), 'root secret');
  writeFileSync(join(base, 'secret.png'), 'outside secret');
  return { base, logRoot, folder };
}

const read = (logRoot: string, file: string, over: { taskName?: string; sessionId?: string; maxBytes?: number } = {}) =>
  readOwnTaskFile({ logRoot, taskName: over.taskName ?? 'calc', sessionId: over.sessionId ?? 's-1', file, maxBytes: over.maxBytes ?? 1_000 });

describe('readOwnTaskFile', () => {
  it("reads a screenshot of the session's own folder", async () => {
    const { logRoot } = setup();
    const outcome = await read(logRoot, 'step.png');
    expect(outcome.found && outcome.bytes.toString()).toBe('PNG bytes');
  });

  it('refuses names that leave the folder, absolute names, and names outside the pattern', async () => {
    const { logRoot, base } = setup();
    for (const file of ['../secret.png', '../../secret.png', join(base, 'secret.png'), '..\\secret.png', '.session', 'response.log', 'a/../step.png']) {
      const outcome = await read(logRoot, file);
      expect(outcome.found, file).toBe(false);
    }
  });

  it('derives the folder from task name and session id: crafted task names and another session get nothing', async () => {
    const { logRoot } = setup();
    for (const taskName of ['..', '../..', '/', join('..', 'logs'), 'calc/../..']) {
      expect((await read(logRoot, 'secret.png', { taskName })).found, taskName).toBe(false);
      expect((await read(logRoot, 'step.png', { taskName })).found, taskName).toBe(false);
    }
    expect(await read(logRoot, 'step.png', { sessionId: 's-2' })).toMatchObject({ found: false, reason: 'no log folder of this session here' });
  });

  it('refuses a folder whose owner marker names another session, links, and files over the size bound', async () => {
    const { logRoot, folder, base } = setup();
    symlinkSync(join(base, 'secret.png'), join(folder, 'link.png'));
    expect(await read(logRoot, 'link.png')).toMatchObject({ found: false, reason: 'no such file' });
    writeFileSync(join(folder, 'big.png'), Buffer.alloc(1_001));
    expect(await read(logRoot, 'big.png')).toMatchObject({ found: false, reason: 'larger than 1000 bytes' });
    expect((await read(logRoot, 'big.png', { maxBytes: 2_000 })).found).toBe(true);
    writeFileSync(join(folder, '.session'), 'someone-else');
    expect((await read(logRoot, 'step.png')).found).toBe(false);
    // a folder made by other means (no marker) is not served either
    const bare = join(logRoot, taskLogFolderName('bare', 's-1'));
    mkdirSync(bare);
    writeFileSync(join(bare, 'step.png'), 'x');
    expect((await read(logRoot, 'step.png', { taskName: 'bare' })).found).toBe(false);
  });
});
