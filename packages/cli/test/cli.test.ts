import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, runCli, type CliCommand, type CliIo } from '../src/index.js';

function io(env: Record<string, string> = {}): CliIo & { out: string; err: string } {
  const capture = {
    out: '',
    err: '',
    env,
    signal: AbortSignal.abort(),
    stdout: (text: string) => void (capture.out += text),
    stderr: (text: string) => void (capture.err += text),
  };
  return capture;
}

describe('ufo command line', () => {
  it('lists the commands; an unknown command or none is a usage error (exit 2)', async () => {
    const help = io();
    expect(await runCli(['--help'], help)).toBe(0);
    expect(help.out).toMatch(/serve\s+run the server/);
    expect(help.out).toMatch(/client\s+connect this machine/);
    const none = io();
    expect(await runCli([], none)).toBe(2);
    const unknown = io();
    expect(await runCli(['frobnicate'], unknown)).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
  });

  it('--version (or -V, version) prints the version of @ufo-ts/cli', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V', 'version']) {
      const out = io();
      expect(await runCli([flag], out)).toBe(0);
      expect(out.out).toBe(`${version}\n`);
    }
  });

  it('each command has its own help and strict options', async () => {
    for (const name of ['serve', 'client']) {
      const help = io();
      expect(await runCli([name, '--help'], help)).toBe(0);
      expect(help.out).toContain(`Usage: ufo ${name}`);
    }
    const bad = io();
    expect(await runCli(['serve', '--replay', 'x.jsonl', '--no-such-option'], bad)).toBe(2);
    expect(bad.err).toMatch(/Unknown option '--no-such-option'/);
    expect(bad.err).toContain('Usage: ufo serve');
  });

  it('ufo serve needs exactly one model source, checked before it listens', async () => {
    const none = io();
    expect(await runCli(['serve', '--port', '0'], none)).toBe(2);
    expect(none.err).toContain('choose a model: --replay <cassette.jsonl>');
    const two = io();
    expect(await runCli(['serve', '--replay', 'a.jsonl', '--provider', 'openai', '--model', 'gpt-4o'], two)).toBe(2);
    expect(two.err).toContain('give only one of');
    const missing = io();
    expect(await runCli(['serve', '--replay', '/nonexistent/cassette.jsonl'], missing)).toBe(2);
    expect(missing.err).toContain('cannot read the cassette /nonexistent/cassette.jsonl');
    const badPort = io();
    expect(await runCli(['serve', '--provider', 'openai', '--model', 'gpt-4o', '--port', 'eighty'], badPort)).toBe(2);
    expect(badPort.err).toContain('--port must be a non-negative integer');
  });

  it('ufo client needs a server, an id and a tool configuration', async () => {
    const noServer = io();
    expect(await runCli(['client', '--client-id', 'd', '--tools', 't.yaml'], noServer)).toBe(2);
    expect(noServer.err).toContain('--server is required');
    const badPlatform = io();
    expect(await runCli(['client', '--server', 'ws://127.0.0.1:1/ws', '--client-id', 'd', '--tools', 't.yaml', '--platform', 'amiga'], badPlatform)).toBe(2);
    expect(badPlatform.err).toContain('--platform must be one of linux, windows');
    const badTools = io();
    expect(await runCli(['client', '--server', 'ws://127.0.0.1:1/ws', '--client-id', 'd', '--tools', '/nonexistent/tools.yaml'], badTools)).toBe(2);
    expect(badTools.err).toContain('cannot use the tool configuration /nonexistent/tools.yaml');
  });

  it('the command table is data: a new command is one more entry', async () => {
    const hello: CliCommand = {
      name: 'hello',
      summary: 'says hello',
      usage: 'Usage: ufo hello',
      run: async (args, out) => (out.stdout(`hello ${args.join(' ')}\n`), 0),
    };
    const capture = io();
    expect(await runCli(['hello', 'world'], capture, [...COMMANDS, hello])).toBe(0);
    expect(capture.out).toBe('hello world\n');
    const help = io();
    await runCli(['--help'], help, [...COMMANDS, hello]);
    expect(help.out).toMatch(/hello\s+says hello/);
    expect(COMMANDS.map((c) => c.name)).toEqual(['serve', 'client', 'run', 'resume', 'report', 'replay', 'eval', 'tasks', 'cache']);
  });
});
