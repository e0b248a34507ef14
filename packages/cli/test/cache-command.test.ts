import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheKey, cacheKeyParts, CachedRunSchema, FileActionCacheStore } from '@ufo-ts/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../src/index.js';

function io(env: Record<string, string> = {}): CliIo & { out: string; err: string } {
  const capture = {
    out: '',
    err: '',
    env,
    signal: AbortSignal.abort(),
    stdout: (t: string) => void (capture.out += t),
    stderr: (t: string) => void (capture.err += t),
  };
  return capture;
}

const WINDOW = { app: 'soffice', title: '{{file}} - LibreOffice Calc' };

describe('ufo cache', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
  });
  async function filled() {
    const folder = mkdtempSync(join(tmpdir(), 'ufo-cache-cli-'));
    folders.push(folder);
    const store = new FileActionCacheStore(folder);
    const runs = ['sum column B of {{file}}', 'bold the header row'].map((request, i) => {
      const parts = cacheKeyParts(request, {}, WINDOW);
      return CachedRunSchema.parse({
        key: cacheKey(parts),
        parts,
        steps: [
          { function: 'click_input', arguments: {}, target: { role: 'table cell', name: 'B5' }, effect: { changed: true, changes: ['B5 states: +focused'] } },
        ],
        createdAt: `2026-11-28T19:00:0${i}.000Z`,
        updatedAt: `2026-11-28T19:00:0${i}.000Z`,
      });
    });
    for (const run of runs) await store.put(run);
    return { folder, runs };
  }

  it('lists the runs of a folder (from --cache or UFO_CACHE_DIR), shows one by a key prefix, clears one and all', async () => {
    const { folder, runs } = await filled();
    const list = io({ UFO_CACHE_DIR: folder });
    expect(await runCli(['cache', 'list'], list)).toBe(0);
    expect(list.out).toContain(runs[0]!.key.slice(0, 12));
    expect(list.out).toContain('sum column b of {{file}}');
    const show = io();
    expect(await runCli(['cache', 'show', runs[1]!.key.slice(0, 10), '--cache', folder], show)).toBe(0);
    expect(show.out).toContain('request  bold the header row');
    expect(show.out).toContain('1. click_input({}) on table cell "B5" → B5 states: +focused');
    const json = io();
    expect(await runCli(['cache', 'show', runs[0]!.key, '--cache', folder, '--json'], json)).toBe(0);
    expect(JSON.parse(json.out)).toEqual(runs[0]);
    const clearOne = io();
    expect(await runCli(['cache', 'clear', runs[0]!.key, '--cache', folder], clearOne)).toBe(0);
    const missing = io();
    expect(await runCli(['cache', 'show', runs[0]!.key, '--cache', folder], missing)).toBe(1);
    expect(missing.err).toContain('no cached run with key');
    const clearAll = io();
    expect(await runCli(['cache', 'clear', '--cache', folder], clearAll)).toBe(0);
    expect(clearAll.out).toContain('removed 1 cached run(s)');
  });

  it('an unreadable entry is reported with its file (exit 1); a wrong action is a usage error (exit 2)', async () => {
    const { folder, runs } = await filled();
    writeFileSync(join(folder, `${runs[0]!.key}.json`), '{');
    const list = io();
    expect(await runCli(['cache', 'list', '--cache', folder], list)).toBe(1);
    expect(list.err).toContain(`ACTION_CACHE_INVALID: the cached run ${join(folder, runs[0]!.key)}.json is not JSON`);
    const wrong = io();
    expect(await runCli(['cache', 'drop'], wrong)).toBe(2);
    expect(wrong.err).toContain('unknown action "drop"');
  });
});
