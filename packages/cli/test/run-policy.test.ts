// `ufo run --policy FILE`: real processes, the fake desktop over stdio, model replies from a cassette.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { spawnProgram, type Program } from './helpers/spawn.js';

/** An OpenAI Chat Completions body whose reply is `content` (the shape of POST /v1/chat/completions). */
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
const selectMail = host('ASSIGN', { function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: 'email john' });

let programs: Program[] = [];
let dirs: string[] = [];
afterEach(async () => {
  for (const program of programs.splice(0)) await program.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ufo-cli-policy-'));
  dirs.push(dir);
  const server = `{ namespace: fake-desktop, transport: stdio, command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(inject('programs').fakeDesktopStdio)}] }`;
  const lists = `{ data_collection: [${server}], action: [${server}] }`;
  writeFileSync(
    join(dir, 'ufo.yaml'),
    `session:\n  subtaskSettleMs: 0\n  logRoot: ${JSON.stringify(join(dir, 'logs'))}\nevaluation:\n  session: false\ntoolServers:\n  HostAgent: { default: ${lists} }\n  AppAgent: { default: ${lists} }\n`,
  );
  writeFileSync(join(dir, 'policy.yaml'), 'rules:\n  - id: no-send\n    match: { kind: send }\n    decision: deny\n    reason: the agent never sends mail\n');
  return dir;
}
function ufo(args: string[]): Program {
  const program = spawnProgram(inject('programs').ufo, args, {});
  programs.push(program);
  return program;
}

describe('ufo run --policy', () => {
  it('a denied Send is not run; response.log and the command event name the rule', async () => {
    const dir = workspace();
    const replies = [
      selectMail,
      app([
        { function: 'click_input', arguments: { id: '2' } },
        { function: 'send_email', arguments: { to: 'john', body: 'hi' } },
      ]),
      app([], { status: 'FINISH', result: 'not sent' }),
      host('FINISH', { result: 'not sent' }),
    ];
    writeFileSync(join(dir, 'a.jsonl'), `${replies.map(wire).join('\n')}\n`);
    const run = ufo([
      'run',
      '--config',
      join(dir, 'ufo.yaml'),
      '--platform',
      'windows',
      '--task',
      'mail',
      '--request',
      'email john',
      '--replay',
      join(dir, 'a.jsonl'),
      '--policy',
      join(dir, 'policy.yaml'),
      '--json',
    ]);
    await run.exited;
    const lines = readFileSync(join(dir, 'logs', readdirSync(join(dir, 'logs'))[0]!, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const acted = lines.find((l) => l.actions?.some((a: { function: string }) => a.function === 'click_input'));
    expect(acted.actions[0].result).toMatchObject({
      status: 'failure',
      code: 'POLICY_DENIED',
      policy: { decision: 'deny', rule: 'no-send', reason: 'the agent never sends mail' },
    });
    expect(acted.actions[1]?.result?.status).not.toBe('success');
    const events = run.stdout.map((l) => JSON.parse(l));
    expect(events.filter((e) => e.type === 'command' && e.policy?.decision === 'deny')).toEqual([
      expect.objectContaining({ tool: 'click_input', policy: expect.objectContaining({ rule: 'no-send' }) }),
    ]);
  });

  it('a policy file that does not parse is a usage error (exit 2) naming the key', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'bad.yaml'), 'rules:\n  - { id: x, decision: maybe, reason: r }\n');
    const run = ufo(['run', '--config', join(dir, 'ufo.yaml'), '--platform', 'windows', '--request', 'x', '--policy', join(dir, 'bad.yaml')]);
    expect(await run.exited).toBe(2);
    expect(run.stderr.join('\n')).toMatch(/--policy: .*bad\.yaml: policy rules\.0\.decision/);
  });
});
