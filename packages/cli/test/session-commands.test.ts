import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileLogSink, ProgrammaticInteractor, type Command, type CommandDispatcher, type ExecuteOptions, type Result } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LinuxSession, readCheckpoint } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { spawnProgram, type Program } from './helpers/spawn.js';

/** An OpenAI Chat Completions body whose reply is `content`. */
const body = (content: unknown) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1763712000,
  model: 'gpt-4o-2024-08-06',
  choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
});
const wire = (content: unknown) => JSON.stringify({ wire: { provider: 'openai', body: body(content) } });
const host = (status: string, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: `host ${status}`, status, ...extra });
const app = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'window', thought: 'app thinks', action, ...extra });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const selectCalc = host('ASSIGN', { function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: 'compute 12×34' });
const selectMail = host('ASSIGN', { function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: 'email john' });
const CALC = [
  selectCalc,
  app([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
  host('FINISH', { result: '408' }),
];

let programs: Program[] = [];
let dirs: string[] = [];
let servers: Server[] = [];
afterEach(async () => {
  for (const program of programs.splice(0)) await program.stop();
  for (const server of servers.splice(0)) await new Promise((r) => server.close(r));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A work folder with the tool servers (the fake desktop over stdio) and a configuration without pauses or evaluation. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ufo-cli-run-'));
  dirs.push(dir);
  const server = `{ namespace: fake-desktop, transport: stdio, command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(inject('programs').fakeDesktopStdio)}] }`;
  const lists = `{ data_collection: [${server}], action: [${server}] }`;
  writeFileSync(
    join(dir, 'ufo.yaml'),
    `session:\n  subtaskSettleMs: 0\n  logRoot: ${JSON.stringify(join(dir, 'logs'))}\nevaluation:\n  session: false\ntoolServers:\n  HostAgent: { default: ${lists} }\n  AppAgent: { default: ${lists} }\n  LinuxAgent: { default: ${lists} }\n`,
  );
  return dir;
}
function cassette(dir: string, name: string, replies: unknown[]): string {
  writeFileSync(join(dir, name), `${replies.map(wire).join('\n')}\n`);
  return join(dir, name);
}
function ufo(args: string[], env: Record<string, string> = {}): Program {
  const program = spawnProgram(inject('programs').ufo, args, env);
  programs.push(program);
  return program;
}
function logFolders(dir: string): string[] {
  return readdirSync(join(dir, 'logs')).map((name) => join(dir, 'logs', name));
}
function responseLines(folder: string): Array<Record<string, any>> {
  return readFileSync(join(folder, 'response.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('ufo run, report, replay (real processes, the fake desktop over stdio)', () => {
  it('piped: plain progress lines, exit 0, the logs and reports; `report` and `replay` work on the folder', async () => {
    const dir = workspace();
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--task',
      'calc',
      '--request',
      'What is 12 times 34?',
      '--replay',
      cassette(dir, 'calc.jsonl', CALC),
    ]);
    expect(await run.exited).toBe(0);
    const err = run.stderr.join('\n');
    expect(err).not.toContain('\x1b[');
    expect(err).toMatch(/step\s+0\s+HostAgent\s+CONTINUE → ASSIGN\s+select_application_window/);
    expect(err).toMatch(/step\s+1\s+AppAgent\/calc\s+CONTINUE → FINISH\s+click_input/);
    expect(err).toContain('completed: 3 steps, 1 round(s)');
    expect(err).toContain('round 0: FINISH — 408');
    const [folder] = logFolders(dir);
    expect(folder).toMatch(/calc$/);
    for (const file of ['response.log', 'checkpoint.json', 'output.md', 'report.html', 'model-calls.jsonl']) expect(existsSync(join(folder!, file))).toBe(true);

    const report = ufo(['report', folder!, '--json']);
    expect(await report.exited).toBe(0);
    expect(JSON.parse(report.stdout.join(''))).toMatchObject({
      totals: { steps: 3, rounds: 1, hostSteps: 2, appSteps: 1 },
      html: join(folder!, 'report.html'),
    });

    const replay = ufo(['replay', folder!, '--config', join(dir, 'ufo.yaml'), '--strict']);
    expect(await replay.exited).toBe(0);
    expect(replay.stderr.join('\n')).toContain('replay: the same 3 steps as the recording');
    expect(
      logFolders(dir)
        .map((f) => f.split('/').pop())
        .sort(),
    ).toEqual(['calc', 'calc-replay']);
  });

  it('--json: every event and the outcome as JSON lines on stdout', async () => {
    const dir = workspace();
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--request',
      'What is 12 times 34?',
      '--replay',
      cassette(dir, 'calc.jsonl', CALC),
      '--json',
    ]);
    expect(await run.exited).toBe(0);
    const lines = run.stdout.map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === 'step-end').map((l) => l.status)).toEqual(['ASSIGN', 'FINISH', 'FINISH']);
    expect(lines.at(-1)).toMatchObject({ type: 'outcome', exitCode: 0, status: 'completed', steps: 3 });
  });

  it('in a pseudo-terminal: a live progress line (step, agent, state, action, cost so far)', async () => {
    const dir = workspace();
    const args = [
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--request',
      'What is 12 times 34?',
      '--replay',
      cassette(dir, 'calc.jsonl', CALC),
    ];
    const command = [process.execPath, inject('programs').ufo, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const child = spawn('script', ['-qefc', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output).toContain('\r\x1b[2K');
    expect(output).toMatch(/step 1 · AppAgent\/calc · CONTINUE · (thinking…|click_input) · \$\d+\.\d{4} so far/);
    expect(output).toContain('completed: 3 steps');
  });

  it('a sensitive action: exit 3 with the command to continue; `ufo resume --approve` runs it and completes', async () => {
    const dir = workspace();
    const send = app({ function: 'send_email', arguments: { to: 'john', body: '408' }, status: 'CONFIRM' });
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--task',
      'mail',
      '--request',
      'email 408 to john',
      '--replay',
      cassette(dir, 'a.jsonl', [selectMail, send]),
    ]);
    expect(await run.exited).toBe(3);
    const [folder] = logFolders(dir);
    expect(run.stderr.join('\n')).toContain(`waiting for approval: AppAgent/mail wants to run send_email({"to":"john","body":"408"})`);
    expect(run.stderr.join('\n')).toContain(`ufo resume ${folder} --approve`);
    const resume = ufo([
      'resume',
      folder!,
      '--approve',
      '--config',
      join(dir, 'ufo.yaml'),
      '--replay',
      cassette(dir, 'b.jsonl', [app([], { status: 'FINISH', result: 'sent' }), host('FINISH', { result: 'emailed' })]),
    ]);
    const resumed = await resume.exited;
    if (resumed !== 0) console.log(resume.stderr.join('\n'));
    expect(resumed).toBe(0);
    const confirmation = responseLines(folder!).find((l) => l.type === 'confirmation')!;
    expect(confirmation).toMatchObject({
      approved: true,
      actions: [{ function: 'send_email', result: { status: 'success', result: { sent: true, to: 'john' } } }],
    });
    expect(JSON.parse(readFileSync(join(folder!, 'checkpoint.json'), 'utf8')).status).toBe('completed');
  });

  it('Ctrl+C mid-step: the step finishes, exit 130, consistent logs; `ufo resume` completes the task', async () => {
    const dir = workspace();
    const replies = [...CALC];
    const arrived: number[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const n = arrived.push(Date.now()) - 1;
        const reply = replies[n];
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body(reply))), n === 1 ? 1500 : 0);
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    writeFileSync(join(dir, 'model.json'), JSON.stringify({ provider: 'openai-compatible', model: 'local', baseUrl, capabilities: { vision: true } }));
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--task',
      'slow',
      '--request',
      'What is 12 times 34?',
      '--model-config',
      join(dir, 'model.json'),
    ]);
    await run
      .line('stderr', (l) => /step\s+0\s+HostAgent/.test(l), 20_000)
      .catch((e) => {
        console.log(run.stderr.join('\n'), arrived);
        throw e;
      });
    expect(run.stderr.join('\n')).toMatch(/step\s+0\s+HostAgent\s+CONTINUE → ASSIGN/);
    while (arrived.length < 2) await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    const [folder] = logFolders(dir);
    expect(run.stderr.join('\n')).toContain('interrupted: stopping after the current step');
    expect(responseLines(folder!).map((l) => [l.session_step, l.status])).toEqual([
      [0, 'ASSIGN'],
      [1, 'FINISH'],
    ]);
    const checkpoint = JSON.parse(readFileSync(join(folder!, 'checkpoint.json'), 'utf8'));
    expect(checkpoint).toMatchObject({ status: 'cancelled', position: { agent: 'AppAgent/calc', state: 'FINISH' } });
    const resume = ufo(['resume', folder!, '--config', join(dir, 'ufo.yaml'), '--replay', cassette(dir, 'rest.jsonl', CALC.slice(2))]);
    expect(await resume.exited).toBe(0);
    expect(resume.stderr.join('\n')).toContain('round 0: FINISH — 408');
  });

  it('--tool-mode: auto keeps a model without native tool calls (a text cassette) in text mode; an unknown mode is a usage error', async () => {
    const dir = workspace();
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--request',
      'What is 12 times 34?',
      '--replay',
      cassette(dir, 'calc.jsonl', CALC),
      '--tool-mode',
      'auto',
      '--json',
    ]);
    expect(await run.exited).toBe(0);
    expect(run.stdout.join('\n')).toContain('408');
    const wrong = ufo(['run', '--config', join(dir, 'ufo.yaml'), '--request', 'x', '--replay', cassette(dir, 'x.jsonl', CALC), '--tool-mode', 'sometimes']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr.join('\n')).toContain('--tool-mode must be one of text, native, auto (got "sometimes")');
  });

  it('configuration errors are readable and exit 2', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'bad.yaml'), 'session:\n  maxSteps: 0\n  safeguard: false\n');
    const run = ufo(['run', '--config', join(dir, 'bad.yaml'), '--request', 'x', '--replay', cassette(dir, 'x.jsonl', CALC)]);
    expect(await run.exited).toBe(2);
    const err = run.stderr.join('\n');
    expect(err).toContain(`${join(dir, 'bad.yaml')}:2:13  session.maxSteps: expected a number > 0, got 0`);
    expect(err).toContain(`${join(dir, 'bad.yaml')}:3:3  session.safeguard: unknown key (did you mean "safeGuard"?)`);
  });

  it('a configuration bomb (aliases that expand without end) is a readable configuration error, exit 2', async () => {
    const dir = workspace();
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i += 1)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    writeFileSync(join(dir, 'bomb.yaml'), `${levels.join('\n')}\n`);
    const run = ufo(['run', '--config', join(dir, 'bomb.yaml'), '--request', 'x', '--replay', cassette(dir, 'x.jsonl', CALC)]);
    expect(await run.exited).toBe(2);
    expect(run.stderr.join('\n')).toContain(`${join(dir, 'bomb.yaml')}  (top level): not valid YAML: its aliases expand too far`);
  });

  it('--cache: the first run is a miss and is recorded; the second is replayed from the cache without the model; --var makes a value a placeholder; --replay-only stops where the app changed', async () => {
    const dir = workspace();
    const cacheDir = join(dir, 'cache');
    const select = app({ function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' }, status: 'CONTINUE' });
    const linux = [select, ...['1', '2', '5', '3', '4', '6'].map((id) => app(click(id))), app([], { status: 'FINISH', result: '408' })];
    const request = 'What is 12 times 34?';
    const first = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'linux',
      '--task',
      'first',
      '--request',
      request,
      '--cache',
      cacheDir,
      '--var',
      'a=12',
      '--replay',
      cassette(dir, 'first.jsonl', linux),
    ]);
    expect(await first.exited).toBe(0);
    expect(first.stderr.join('\n')).toContain('action cache miss');
    expect(first.stderr.join('\n')).toMatch(/action cache: miss, 8 model call\(s\).*run recorded/);
    const [entry] = readdirSync(cacheDir).map((f) => JSON.parse(readFileSync(join(cacheDir, f), 'utf8')));
    expect(entry.parts.request).toBe('what is {{a}} times 34?');
    // a model that would fail the task if it were asked
    const second = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'linux',
      '--task',
      'second',
      '--request',
      request,
      '--cache',
      cacheDir,
      '--var',
      'a=12',
      '--replay',
      cassette(dir, 'second.jsonl', [app([], { status: 'FAIL', result: 'the model was asked' })]),
      '--json',
    ]);
    expect(await second.exited).toBe(0);
    const outcome = second.stdout.map((l) => JSON.parse(l)).find((l) => l.type === 'outcome');
    expect(outcome).toMatchObject({ status: 'completed', rounds: [{ finalState: 'FINISH' }], cache: { outcome: 'hit', modelCalls: 0, hits: 7, saved: true } });
    const lines = responseLines(logFolders(dir).find((f) => f.endsWith('second'))!);
    expect(lines.every((l) => l.cache?.outcome === 'hit')).toBe(true);
    // the app changed: a cached control is gone; --replay-only stops there with the reason instead of asking the model
    const file = join(cacheDir, readdirSync(cacheDir)[0]!);
    const renamed = JSON.parse(readFileSync(file, 'utf8'));
    const third = renamed.steps.findIndex((s: { target?: unknown }) => s.target) + 2;
    renamed.steps[third].target.name = 'a button renamed';
    writeFileSync(file, JSON.stringify(renamed));
    const strict = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'linux',
      '--task',
      'strict',
      '--request',
      request,
      '--cache',
      cacheDir,
      '--replay-only',
      '--var',
      'a=12',
      '--replay',
      cassette(dir, 'strict.jsonl', [app([], { status: 'FINISH', result: 'the model was asked' })]),
      '--json',
    ]);
    expect(await strict.exited).toBe(1);
    const said = [...strict.stdout, ...strict.stderr].join('\n');
    expect(said).toContain('ACTION_CACHE_DIVERGED');
    expect(said).toContain('TARGET_NOT_FOUND');
    expect(said).not.toContain('the model was asked');
    const usage = ufo(['run', '--config', join(dir, 'ufo.yaml'), '--platform', 'linux', '--request', request, '--var', 'a=12']);
    expect(await usage.exited).toBe(2);
    expect(usage.stderr.join('\n')).toContain('--var needs --cache');
  });

  it('batch: one session per request file; a rerun skips the finished ones', async () => {
    const dir = workspace();
    const tasks = join(dir, 'tasks');
    rmSync(tasks, { recursive: true, force: true });
    await import('node:fs').then((fs) => fs.mkdirSync(tasks));
    writeFileSync(join(tasks, 'one.json'), JSON.stringify({ request: 'open the calculator' }));
    writeFileSync(join(tasks, 'two.json'), JSON.stringify({ request: 'open the mail' }));
    const replies = cassette(dir, 'batch.jsonl', [host('FINISH', { result: 'open' }), host('FINISH', { result: 'open' })]);
    const first = ufo(['run', '--config', join(dir, 'ufo.yaml'), '--platform', 'windows', '--mode', 'batch', '--plan', tasks, '--replay', replies]);
    expect(await first.exited).toBe(0);
    expect(first.stderr.join('\n')).toContain('batch: 2 run, 0 skipped');
    const again = ufo(['run', '--config', join(dir, 'ufo.yaml'), '--platform', 'windows', '--mode', 'batch', '--plan', tasks, '--replay', replies]);
    expect(await again.exited).toBe(0);
    expect(again.stderr.join('\n')).toContain('batch: 0 run, 2 skipped');
  });
});

/**
 * A LinuxSession in this process that "dies" while click_input(2) is in flight: its intent is in the journal, its
 * result never is. Returns the log folder (under the workspace's log root).
 */
async function lostClick(dir: string): Promise<string> {
  const { dispatcher: desktop } = createFakeDesktopDispatcher();
  let markHung!: () => void;
  const hung = new Promise<void>((resolve) => (markHung = resolve));
  const dispatcher: CommandDispatcher = {
    execute: (commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> => {
      if (!commands.some((c) => c.tool_name === 'click_input' && c.parameters.id === '2')) return desktop.execute(commands, options);
      markHung();
      return new Promise(() => undefined);
    },
    listTools: (options) => desktop.listTools(options),
    close: () => Promise.resolve(),
  };
  const replies = [app({ function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' } }), app([click('1'), click('2')])].map(
    (reply) => ({ content: JSON.stringify(reply) }),
  );
  const sink = new FileLogSink({ logRoot: join(dir, 'logs'), task: 'lost' });
  void new LinuxSession({
    task: 'lost',
    platform: 'linux',
    request: 'What is 12 times 34?',
    logSink: sink,
    models: { LINUX_AGENT: new ScriptedModel({ replies }) },
    dispatcher,
    interactor: new ProgrammaticInteractor(),
    reports: false,
  }).run();
  await hung;
  await sink.close();
  await desktop.close();
  return sink.folder;
}

describe('ufo resume --on-unknown-outcome', () => {
  it('fail: the action sent before the crash is not sent again and the round ends in ERROR (exit 1); another value is a usage error (exit 2)', async () => {
    const dir = workspace();
    const folder = await lostClick(dir);
    expect(readCheckpoint(folder)).toMatchObject({ status: 'running', position: { agent: 'LinuxAgent' } });

    const help = ufo(['resume', '--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout.join('\n')).toContain('--on-unknown-outcome tell-model|ask|fail');
    const wrong = ufo([
      'resume',
      folder,
      '--config',
      join(dir, 'ufo.yaml'),
      '--replay',
      cassette(dir, 'none.jsonl', [app([], { status: 'FINISH' })]),
      '--on-unknown-outcome',
      'retry',
    ]);
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr.join('\n')).toContain('--on-unknown-outcome must be one of tell-model, ask, fail (got "retry")');
    expect(readCheckpoint(folder).status).toBe('running');

    const resume = ufo([
      'resume',
      folder,
      '--config',
      join(dir, 'ufo.yaml'),
      '--replay',
      cassette(dir, 'none.jsonl', [app([], { status: 'FINISH' })]),
      '--on-unknown-outcome',
      'fail',
    ]);
    const code = await resume.exited;
    if (code !== 1) console.log(resume.stderr.join('\n'));
    expect(code).toBe(1);
    const failed = responseLines(folder)
      .filter((l) => l.type === 'step')
      .at(-1)!;
    expect(failed.error).toMatchObject({ code: 'ACTION_OUTCOME_UNKNOWN' });
    expect(failed.error.message).toContain('The outcome of click_input({"id":"2"}) is unknown');
    expect(readCheckpoint(folder).status).toBe('error');
  });
});

describe('start-up: the tool servers start while the session code loads', () => {
  it('a usage error found after they began starting (an unreadable model configuration) exits 2 and leaves none running', async () => {
    const dir = workspace();
    const pids = join(dir, 'server-pids');
    // The server records its pid (sh execs node in place), so the test sees that the warm-up really spawned it.
    const script = `echo $$ >> '${pids}'; exec '${process.execPath}' '${inject('programs').fakeDesktopStdio}'`;
    const server = `{ namespace: fake-desktop, transport: stdio, command: /bin/sh, args: ["-c", ${JSON.stringify(script)}] }`;
    writeFileSync(join(dir, 'tools.yaml'), `HostAgent: { default: { data_collection: [${server}], action: [${server}] } }\n`);
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--tools',
      join(dir, 'tools.yaml'),
      '--platform',
      'windows',
      '--request',
      'x',
      '--model-config',
      join(dir, 'missing.json'),
    ]);
    expect(await run.exited).toBe(2);
    expect(run.stderr.join('\n')).toContain(`cannot read the model configuration ${join(dir, 'missing.json')}`);
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started).toHaveLength(1);
    expect(await exitedWithin(started[0]!, 5_000)).toBe(true);
  });

  it('the built `ufo` (dist/bin: the launcher and its bundle) runs a session like the one built from source', async () => {
    const dir = workspace();
    const bin = join(packageRoot, (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { bin: { ufo: string } }).bin.ufo);
    const run = spawnProgram(
      bin,
      ['run', '--config', join(dir, 'ufo.yaml'), '--platform', 'windows', '--request', 'What is 12 times 34?', '--replay', cassette(dir, 'calc.jsonl', CALC)],
      { UFO_COMPILE_CACHE: join(dir, 'compile-cache') },
    );
    programs.push(run);
    expect(await run.exited).toBe(0);
    expect(run.stderr.join('\n')).toContain('round 0: FINISH — 408');
  });
});

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Polls until the process `pid` is gone. */
async function exitedWithin(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
