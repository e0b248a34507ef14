import { mkdtempSync, rmSync, writeFileSync, openSync, ftruncateSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MAX_CONFIG_FILE_BYTES } from '../src/index.js';

// Attacks on configuration loading: a duplicate-key check that was quadratic (40 000 keys: 8.4 s), a 50 MB file
// (over 12 minutes and 2.4 GB), an alias bomb that ended in a bare error. Each now ends quickly in a ConfigError
// naming the file (the CLI turns a ConfigError into exit code 2).

const dir = mkdtempSync(join(tmpdir(), 'config-bombs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configError(file: string): ConfigError {
  try {
    loadConfig({ files: [file], env: {} });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`${file} loaded without an error`);
}

describe('attack: configuration bombs', () => {
  it('80 000 keys with one repeated: found in one pass, reported with its line', () => {
    const file = join(dir, 'many-keys.yaml');
    const keys = Array.from({ length: 80_000 }, (_, i) => `k${i}: 1`);
    keys.push('k17: 2');
    writeFileSync(file, `${keys.join('\n')}\n`);
    const started = performance.now();
    const error = configError(file);
    const elapsed = performance.now() - started;
    expect(error.problems[0]).toMatchObject({ file, line: 80_001, path: 'k17', message: expect.stringContaining('appears twice') });
    // the quadratic check took about 34 s for this file; generous for a busy 2-core machine
    expect(elapsed).toBeLessThan(20_000);
  });

  it('a 50 MB file is refused before it is read', () => {
    const file = join(dir, 'huge.yaml');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
    const started = performance.now();
    const error = configError(file);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.problems).toEqual([
      { file, path: '', message: `is ${50 * 1024 * 1024} bytes, over the ${MAX_CONFIG_FILE_BYTES}-byte limit of a configuration file` },
    ]);
  });

  it('the largest accepted file still loads in bounded time (SIGTERM is handled as soon as loading returns)', () => {
    const file = join(dir, 'largest.yaml');
    const line = '  - "a value that fills the file with one long list of strings"\n';
    writeFileSync(file, `extra:\n${line.repeat(Math.floor((MAX_CONFIG_FILE_BYTES - 10) / line.length))}`);
    const started = performance.now();
    configError(file);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('an alias bomb is a ConfigError naming the file, not a bare exception', () => {
    const file = join(dir, 'bomb.yaml');
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i += 1)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    writeFileSync(file, `${levels.join('\n')}\n`);
    const error = configError(file);
    expect(error.problems).toEqual([{ file, path: '', message: expect.stringContaining('alias bomb') }]);
    expect(error.message).toContain(file);
  });
});
