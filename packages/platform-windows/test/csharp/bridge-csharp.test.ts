import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UiaBridgeClient } from '../../src/bridge/bridge-client.js';
import { BridgeRequestError } from '../../src/errors.js';

// The C# bridge cannot run its Windows calls here, but its source must compile as C# 5 (what Windows PowerShell's
// Add-Type compiler accepts) and its JSON-lines loop can run under mono. Needs `mcs` and `mono`
// (Debian: apt-get install mono-mcs libmono-windowsbase4.0-cil libmono-system-drawing4.0-cil).
const hasMono = ['mcs', 'mono'].every((tool) => spawnSync('which', [tool]).status === 0);
if (!hasMono) console.warn('skipped: C# bridge checks need mcs and mono (apt-get install mono-mcs)');

const bridgeDir = fileURLToPath(new URL('../../bridge/', import.meta.url));
const here = fileURLToPath(new URL('./', import.meta.url));

describe.skipIf(!hasMono)('C# bridge (mono)', () => {
  let dir: string;
  let compileOutput = '';
  const processes: ReturnType<typeof spawn>[] = [];

  function mcs(args: string[]) {
    return spawnSync('mcs', ['-langversion:5', '-warn:4', ...args], { cwd: dir, encoding: 'utf8' });
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uia-bridge-cs-'));
    const stubs = mcs(['-target:library', '-out:UiaStubs.dll', join(here, 'UiaStubs.cs')]);
    expect(stubs.status, stubs.stdout + stubs.stderr).toBe(0);
    const sources = readdirSync(bridgeDir)
      .filter((f) => f.endsWith('.cs'))
      .map((f) => join(bridgeDir, f));
    const host = mcs(['-out:bridge-host.exe', '-r:UiaStubs.dll', '-r:WindowsBase', '-r:System.Drawing', ...sources, join(here, 'MonoHost.cs')]);
    compileOutput = host.stdout + host.stderr;
    expect(host.status, compileOutput).toBe(0);
  }, 120_000);

  afterAll(() => {
    for (const p of processes) p.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const launch = () => {
    const child = spawn('mono', [join(dir, 'bridge-host.exe')], {
      cwd: dir,
      env: { ...process.env, MONO_PATH: dir, UFO_TS_BRIDGE_HOST: 'mono' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    processes.push(child);
    return child;
  };

  it('compiles as C# 5 without warnings (Add-Type in Windows PowerShell 5.1 uses a C# 5 compiler)', () => {
    expect(compileOutput).not.toMatch(/warning CS/);
    // The check is real: C# 6 syntax is refused at this language version.
    const c6 = mcs(['-out:c6.exe', join(here, 'csharp6-sample.cs.txt')]);
    expect(c6.status).not.toBe(0);
    expect(c6.stdout + c6.stderr).toMatch(/CS1644/);
  });

  it('serves the real protocol to the TypeScript client: hello, errors mapped to codes', async () => {
    const client = new UiaBridgeClient({ launcher: launch });
    try {
      const hello = await client.start();
      expect(hello).toMatchObject({ protocol: 1, host: 'mono', dpiAwareness: 'unknown' });
      // No user32.dll here: a Windows call fails cleanly as an "internal" error and the bridge keeps going.
      const listing = await client.request('listWindows', {}).catch((e: unknown) => e);
      expect(listing).toBeInstanceOf(BridgeRequestError);
      expect((listing as BridgeRequestError).bridgeCode).toBe('internal');
      const stale = await client.request('elementInfo', { ref: 's9.9' }).catch((e: unknown) => e);
      expect((stale as BridgeRequestError).bridgeCode).toBe('element_unknown');
      expect(await client.request('input', { events: [{ kind: 'pause', ms: 1 }] })).toEqual({ sent: 0 });
      expect(client.generation).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('round-trips JSON strings (quotes, escapes, control characters, CJK, emoji) and reports bad lines', async () => {
    const child = launch();
    const lines = createInterface({ input: child.stdout! });
    const replies: unknown[] = [];
    const got = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        replies.push(JSON.parse(line));
        if (replies.length === 3) resolve();
      }),
    );
    const weird = 'op "q" \\ \u0001 \t 记事本 😀';
    child.stdin!.write(JSON.stringify({ id: 7, op: weird, args: {} }) + '\n');
    child.stdin!.write('this is not json\n');
    child.stdin!.write(JSON.stringify({ id: 8, op: 'input', args: { events: [{ kind: 'teleport' }] } }) + '\n');
    await got;
    child.stdin!.end();
    expect(replies[0]).toEqual({ id: 7, ok: false, error: { code: 'unknown_op', message: `unknown op '${weird}'` } });
    expect(replies[1]).toMatchObject({ id: 0, ok: false, error: { code: 'bad_request' } });
    expect(replies[2]).toEqual({ id: 8, ok: false, error: { code: 'bad_request', message: "unknown input event 'teleport'" } });
  });
});
