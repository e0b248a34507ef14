#!/usr/bin/env node
// A stand-in for the PowerShell-hosted UIA bridge: speaks the same JSON-lines protocol on stdin/stdout and answers
// from a transcript (recorded UIA answers, see src/bridge/transcript.ts). Fault injection for the client's tests
// comes from the FAKE_BRIDGE_OPTIONS environment variable (JSON):
//   transcript    path of the transcript to replay (required unless every op is answered by `answers`)
//   log           append every request received here, one JSON line each ({pid, id, op, args})
//   crashOnOp     exit(3) on receiving this op, before answering
//   crashMarker   with crashOnOp: crash only if this file does not exist yet (it is created), i.e. once
//   hangOnOp      never answer this op
//   chunkBytes    write replies in chunks of this many bytes
//   noise         write a banner to stdout and chatter to stderr at start
//   exitBeforeHello  write a message to stderr and exit(1) at once
//   blocked       report helper_blocked as a fatal id-0 reply and exit(1)
//   protocol      the protocol number to report in hello
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const options = JSON.parse(process.env.FAKE_BRIDGE_OPTIONS ?? '{}');

if (options.exitBeforeHello) {
  process.stderr.write('powershell: something went wrong before the bridge started\n');
  process.exit(1);
}
if (options.blocked) {
  process.stdout.write(
    JSON.stringify({ id: 0, ok: false, error: { code: 'helper_blocked', message: 'PowerShell runs in ConstrainedLanguage mode; Add-Type is not allowed' } }) +
      '\n',
  );
  process.exit(1);
}

const lines = options.transcript
  ? readFileSync(options.transcript, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('//'))
  : [];
const header = lines.length > 0 ? JSON.parse(lines[0]) : { transcript: 1, source: 'none' };
const entries = lines.slice(1).map((l) => ({ ...JSON.parse(l), used: false }));

function isSubset(expected, actual) {
  if (expected === actual) return true;
  if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) return false;
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.length === actual.length && expected.every((v, i) => isSubset(v, actual[i]));
  }
  return Object.keys(expected).every((k) => isSubset(expected[k], actual[k]));
}

function answer(op, args) {
  const next = entries.find((e) => !e.used && !e.sticky && e.op === op && isSubset(e.args ?? {}, args));
  if (next) {
    next.used = true;
    return next;
  }
  const sticky = entries.filter((e) => e.sticky && e.op === op && isSubset(e.args ?? {}, args)).at(-1);
  if (sticky) return sticky;
  if (op === 'hello') {
    return {
      ok: true,
      result: {
        protocol: options.protocol ?? 1,
        host: 'fake',
        pid: process.pid,
        dpiAwareness: 'perMonitorV2',
        runtime: 'node',
        ...(header.hello ?? {}),
        ...(options.protocol ? { protocol: options.protocol } : {}),
      },
    };
  }
  return { ok: false, error: { code: 'fake_no_match', message: `no transcript entry for ${op} ${JSON.stringify(args)}` } };
}

function write(text) {
  const size = options.chunkBytes;
  if (!size) {
    process.stdout.write(text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) process.stdout.write(bytes.subarray(i, i + size));
}

if (options.noise) {
  process.stdout.write('Windows PowerShell\nCopyright (C) Microsoft Corporation. All rights reserved.\n');
  process.stderr.write('VERBOSE: loading UIAutomationClient\n');
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  if (options.log) appendFileSync(options.log, JSON.stringify({ pid: process.pid, ...request }) + '\n');
  if (request.op === options.crashOnOp) {
    if (!options.crashMarker || !existsSync(options.crashMarker)) {
      if (options.crashMarker) writeFileSync(options.crashMarker, 'crashed');
      process.stderr.write(`fake bridge: crashing on ${request.op}\n`);
      process.exit(3);
    }
  }
  if (request.op === options.hangOnOp) return;
  let entry = answer(request.op, request.args ?? {});
  if (request.op === 'hello' && options.protocol && entry.ok) entry = { ...entry, result: { ...entry.result, protocol: options.protocol } };
  const reply = entry.ok ? { id: request.id, ok: true, result: entry.result } : { id: request.id, ok: false, error: entry.error };
  if (options.noise) process.stderr.write(`handled ${request.op}\n`);
  write(JSON.stringify(reply) + '\n');
});
rl.on('close', () => process.exit(0));
