import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileLogSink, resolveLogFolder, sanitizeTaskName } from '../src/index.js';

const roots: string[] = [];
const tempRoot = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ufo-logs-'));
  roots.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('log folders', () => {
  it.each(['../../etc', '/etc/passwd', '..', '.', '', 'a/../../b', 'C:\\\\Windows', '\u0000evil', 'réunion 2026'])(
    'task name %j stays inside the log root',
    (task) => {
      const root = tempRoot();
      const folder = resolveLogFolder(root, task);
      const rel = relative(root, folder);
      expect(rel).not.toMatch(/^\.\./);
      expect(rel).not.toContain('/');
      expect(rel.length).toBeGreaterThan(0);
      expect(existsSync(folder)).toBe(true);
    },
  );

  it('sanitises to readable names', () => {
    expect(sanitizeTaskName('open notepad: now!')).toBe('open_notepad_now_');
    expect(sanitizeTaskName('2026-11-22-10-00-00')).toBe('2026-11-22-10-00-00');
  });

  it('refuses artifact names that escape the folder', () => {
    const sink = new FileLogSink({ logRoot: tempRoot(), task: 't' });
    expect(() => sink.saveArtifact('../x.png', new Uint8Array([1]))).toThrow(expect.objectContaining({ code: 'LOG_PATH_INVALID' }));
    expect(readFileSync(sink.saveArtifact('shots/a.png', new Uint8Array([7, 8])))).toEqual(Buffer.from([7, 8]));
  });
});

describe('FileLogSink', () => {
  it('writes JSON lines that survive a crash of the writing process', () => {
    const root = tempRoot();
    const script = `
      import { FileLogSink } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
      const sink = new FileLogSink({ logRoot: ${JSON.stringify(root)}, task: 'crashy' });
      sink.write('response', { step: 0 });
      sink.write('response', { step: 1 });
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(child.signal).toBe('SIGKILL');
    const lines = readFileSync(join(root, 'crashy', 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([{ step: 0 }, { step: 1 }]);
  });
});
