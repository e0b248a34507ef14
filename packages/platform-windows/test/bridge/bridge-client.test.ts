import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UiaBridgeClient, type BridgeEvent, type UiaBridgeClientOptions } from '../../src/bridge/bridge-client.js';
import { createFileTranscriptRecorder, readTranscript } from '../../src/bridge/transcript.js';
import { BridgeError, BridgeRequestError } from '../../src/errors.js';
import { fakeBridgeLauncher, fixturePath, type FakeBridgeOptions } from '../support/fake-bridge.js';

let dir: string;
const clients: UiaBridgeClient[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'uia-bridge-'));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  rmSync(dir, { recursive: true, force: true });
});

function client(fake: FakeBridgeOptions, options: Partial<UiaBridgeClientOptions> = {}) {
  const events: BridgeEvent[] = [];
  const c = new UiaBridgeClient({ launcher: fakeBridgeLauncher(fake), onEvent: (e) => events.push(e), ...options });
  clients.push(c);
  return { c, events };
}

const logOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { pid: number; op: string; id: number });

async function rejection(promise: Promise<unknown>): Promise<BridgeError | BridgeRequestError> {
  try {
    await promise;
  } catch (error) {
    return error as BridgeError;
  }
  throw new Error('expected a rejection');
}

describe('UiaBridgeClient against the fake bridge', () => {
  it('greets the bridge, then sends requests and validates the recorded answers', async () => {
    const { c, events } = client({ transcript: fixturePath('notepad.transcript.jsonl') });
    const hello = await c.start();
    expect(hello).toMatchObject({ protocol: 1, host: 'powershell', dpiAwareness: 'perMonitorV2' });
    const { windows } = await c.request('listWindows', {});
    expect(windows.map((w) => w.title)).toContain('Untitled - Notepad');
    expect(windows.find((w) => w.className === 'Notepad')?.popup).toBe(false); // default filled by the schema
    expect(c.generation).toBe(1);
    expect(events.filter((e) => e.type === 'started')).toHaveLength(1);
  });

  it('reassembles replies split into 7-byte chunks and ignores banner noise on stdout', async () => {
    const { c, events } = client({ transcript: fixturePath('notepad.transcript.jsonl'), chunkBytes: 7, noise: true });
    const [a, b] = await Promise.all([c.request('screens', {}), c.request('listWindows', {})]);
    expect(a.monitors[0]?.dpi).toBe(144);
    expect(b.windows).toHaveLength(7);
    expect(events.some((e) => e.type === 'noise' && e.line.startsWith('Windows PowerShell'))).toBe(true);
    expect(events.some((e) => e.type === 'stderr' && e.line.includes('UIAutomationClient'))).toBe(true);
  });

  it('carries 12 MB lines and CJK/emoji text intact', async () => {
    const title = '无标题 - 记事本 😀 ünïcødé';
    const png = 'A'.repeat(12 * 1024 * 1024);
    const transcript = join(dir, 'big.jsonl');
    writeFileSync(
      transcript,
      [
        { transcript: 1, source: 'test' },
        { op: 'captureScreen', args: {}, ok: true, result: { png, rect: { left: 0, top: 0, right: 1, bottom: 1 } } },
        { op: 'getText', args: { ref: 's1.1' }, ok: true, result: { name: title, value: title, text: null } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const { c } = client({ transcript, chunkBytes: 65_536 });
    const shot = await c.request('captureScreen', {});
    expect(shot.png.length).toBe(png.length);
    expect((await c.request('getText', { ref: 's1.1' })).name).toBe(title);
  });

  it('maps bridge error replies to BridgeRequestError with the bridge code', async () => {
    const { c } = client({ transcript: fixturePath('modal-dialog.transcript.jsonl') });
    const error = await rejection(c.request('captureWindow', { hwnd: 198422 }));
    expect(error).toBeInstanceOf(BridgeRequestError);
    expect((error as BridgeRequestError).bridgeCode).toBe('window_not_found');
    expect(error.code).toBe('WINDOWS_BRIDGE_REQUEST_FAILED');
  });

  it('rejects answers of the wrong shape as a protocol error', async () => {
    const transcript = join(dir, 'bad.jsonl');
    writeFileSync(
      transcript,
      [
        { transcript: 1, source: 'test' },
        { op: 'listWindows', args: {}, ok: true, result: { windows: [{ hwnd: 'nope' }] } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const { c } = client({ transcript });
    expect((await rejection(c.request('listWindows', {}))).code).toBe('WINDOWS_BRIDGE_PROTOCOL');
  });

  it('rejects invalid arguments before sending anything', async () => {
    const log = join(dir, 'log.jsonl');
    const { c } = client({ transcript: fixturePath('notepad.transcript.jsonl'), log });
    // @ts-expect-error hwnds must be numbers
    const error = await rejection(c.request('snapshot', { hwnds: ['x'] }));
    expect(error.code).toBe('WINDOWS_BRIDGE_PROTOCOL');
    await c.request('screens', {});
    expect(logOf(log).map((r) => r.op)).toEqual(['hello', 'screens']);
  });

  it('re-sends a read-only request once to a restarted bridge after a crash', async () => {
    const log = join(dir, 'log.jsonl');
    const { c, events } = client({
      transcript: fixturePath('notepad.transcript.jsonl'),
      log,
      crashOnOp: 'listWindows',
      crashMarker: join(dir, 'crashed'),
    });
    const { windows } = await c.request('listWindows', {});
    expect(windows.length).toBeGreaterThan(0);
    expect(c.generation).toBe(2);
    const listed = logOf(log).filter((r) => r.op === 'listWindows');
    expect(listed).toHaveLength(2);
    expect(listed[0]?.pid).not.toBe(listed[1]?.pid);
    expect(events.map((e) => e.type)).toContain('retried');
  });

  it('never replays a request that changes the desktop, and recovers for the next one', async () => {
    const log = join(dir, 'log.jsonl');
    const { c, events } = client({
      transcript: fixturePath('notepad.transcript.jsonl'),
      log,
      crashOnOp: 'input',
      crashMarker: join(dir, 'crashed'),
    });
    const error = await rejection(c.request('input', { events: [{ kind: 'unicode', code: 65, up: false }] }));
    expect(error.code).toBe('WINDOWS_BRIDGE_CRASHED');
    expect(error.message).toMatch(/not replayed/);
    expect(events.map((e) => e.type)).toContain('not-replayed');
    await expect(c.request('screens', {})).resolves.toBeTruthy();
    expect(logOf(log).filter((r) => r.op === 'input')).toHaveLength(1);
    expect(c.generation).toBe(2);
  });

  it('times out a hung call, kills the bridge and serves the next request from a new one', async () => {
    const log = join(dir, 'log.jsonl');
    const { c, events } = client({ transcript: fixturePath('notepad.transcript.jsonl'), log, hangOnOp: 'snapshot' });
    const started = Date.now();
    const error = await rejection(c.request('snapshot', { hwnds: [656834] }, { timeoutMs: 300 }));
    expect(error.code).toBe('WINDOWS_BRIDGE_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await c.request('screens', {})).virtualScreen.right).toBe(2560);
    expect(c.generation).toBe(2);
    expect(events.some((e) => e.type === 'timeout' && e.op === 'snapshot')).toBe(true);
    expect(new Set(logOf(log).map((r) => r.pid)).size).toBe(2);
  });

  it('stops restarting after maxRestarts within the window', async () => {
    const { c } = client({ transcript: fixturePath('notepad.transcript.jsonl'), crashOnOp: 'screens' }, { maxRestarts: 2 });
    const error = await rejection(c.request('screens', {}));
    expect(error.code).toBe('WINDOWS_BRIDGE_CRASHED');
    const again = await rejection(c.request('screens', {}));
    expect(again.message).toMatch(/giving up/);
  });

  it('reports a protocol mismatch once and for all', async () => {
    const { c } = client({ transcript: fixturePath('notepad.transcript.jsonl'), protocol: 99 });
    const error = await rejection(c.request('screens', {}));
    expect(error.code).toBe('WINDOWS_BRIDGE_PROTOCOL');
    expect(error.message).toMatch(/protocol 99/);
    expect((await rejection(c.request('screens', {}))).code).toBe('WINDOWS_BRIDGE_PROTOCOL');
  });

  it('reports a PowerShell that refuses Add-Type (Constrained Language Mode) as blocked', async () => {
    const { c } = client({ blocked: true });
    const error = await rejection(c.request('screens', {}));
    expect(error.code).toBe('WINDOWS_BRIDGE_BLOCKED');
    expect(error.message).toMatch(/ConstrainedLanguage/);
  });

  it('reports a bridge that dies before hello with its stderr', async () => {
    const { c } = client({ exitBeforeHello: true }, { maxRestarts: 0 });
    const error = await rejection(c.request('screens', {}));
    expect(error.code).toBe('WINDOWS_BRIDGE_UNAVAILABLE');
    expect(error.message).toMatch(/something went wrong before the bridge started/);
  });

  it('reports a missing executable as unavailable', async () => {
    const c = new UiaBridgeClient({ launcher: () => spawn('/nonexistent/powershell.exe', [], { stdio: 'pipe' }) });
    clients.push(c);
    expect((await rejection(c.request('screens', {}))).code).toBe('WINDOWS_BRIDGE_UNAVAILABLE');
  });

  it('rejects pending requests on close and refuses new ones', async () => {
    const { c } = client({ transcript: fixturePath('notepad.transcript.jsonl'), hangOnOp: 'tree' });
    await c.start();
    const pending = rejection(c.request('tree', { hwnd: 656834 }));
    await new Promise((r) => setTimeout(r, 50));
    await c.close();
    expect((await pending).code).toBe('WINDOWS_BRIDGE_CLOSED');
    expect((await rejection(c.request('screens', {}))).code).toBe('WINDOWS_BRIDGE_CLOSED');
  });

  it('stops waiting when the caller aborts', async () => {
    const { c } = client({ transcript: fixturePath('notepad.transcript.jsonl'), hangOnOp: 'tree' });
    const controller = new AbortController();
    const pending = c.request('tree', { hwnd: 656834 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    await expect(pending).rejects.toThrow('user cancelled');
  });

  it('records a transcript that the fake bridge can replay', async () => {
    const recording = join(dir, 'recorded.jsonl');
    const recorder = createFileTranscriptRecorder(recording, { transcript: 1, source: 'test recording' });
    const { c } = client({ transcript: fixturePath('calculator.transcript.jsonl') }, { recorder });
    const original = await c.request('snapshot', { hwnds: [198422] });
    const parsed = readTranscript(recording);
    expect(parsed.entries.map((e) => e.op)).toEqual(['hello', 'snapshot']);
    const { c: replay } = client({ transcript: recording });
    expect(await replay.request('snapshot', { hwnds: [198422] })).toEqual(original);
  });
});
