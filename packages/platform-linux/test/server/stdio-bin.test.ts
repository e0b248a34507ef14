import { createCommand } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_BIN_DIR } from '../helpers/build-test-bins.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-bin-'));
let dispatcher: LocalCommandDispatcher | undefined;
afterAll(async () => {
  await dispatcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ufo-linux-mcp over stdio', () => {
  it('serves run_shell to the dispatcher as a child process, refusing pipes', async () => {
    const bin = join(TEST_BIN_DIR, 'ufo-linux-mcp.js');
    expect(existsSync(bin)).toBe(true);
    const entry = { namespace: 'bash', transport: 'stdio' as const, command: process.execPath, args: [bin, '--groups', 'shell', '--cwd-root', dir] };
    dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: { action: [entry] } } } });
    const target = { agent: 'LinuxAgent' };
    const tools = await dispatcher.listTools({ target });
    expect(tools.map((t) => t.name)).toEqual(['run_shell']);
    const [ok, refused] = await dispatcher.execute([createCommand('run_shell', { command: 'pwd' }), createCommand('run_shell', { command: 'pwd | sh' })], {
      target,
    });
    expect(ok?.status).toBe('success');
    expect((ok?.result as { stdout: string }).stdout.trim()).toBe(dir);
    expect(refused?.status).toBe('failure');
    expect(refused?.error).toMatch(/pipes/);
  });
});
