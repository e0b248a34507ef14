import { createCommand, type Command, type CommandDispatcher, type ExecuteOptions, type Result } from '@ufo-ts/core';
import { describe, expect, test } from 'vitest';
import { parsePolicyYaml, withPolicy, type PolicyConfirmRequest, type PolicyDecisionEvent } from '../src/index.js';

/** A dispatcher that records every command it is given and answers listings from a fixed control list. */
class RecordingDispatcher implements CommandDispatcher {
  readonly batches: Array<{ commands: Command[]; commandId: string | undefined }> = [];
  constructor(private readonly controls: Array<Record<string, unknown>> = []) {}
  get ran(): string[] {
    return this.batches.flatMap((b) => b.commands.map((c) => c.tool_name));
  }
  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    this.batches.push({ commands: [...commands], commandId: options.commandId });
    return commands.map((c) => ({
      status: 'success',
      call_id: c.call_id,
      result: c.tool_name === 'get_controls' ? { window: { title: 'Log in', root_name: 'zenity' }, controls: this.controls } : { ok: true },
    }));
  }
  async listTools() {
    return [];
  }
  async close() {}
}

const POLICY = `
policy:
  rules:
    - id: no-passwords
      match: { kind: password_input }
      decision: deny
      reason: the agent never types into password fields
    - id: ask-before-send
      match: { kind: send }
      decision: confirm
      reason: sending needs a person's approval
    - id: no-rm
      match: { tool: run_shell, arguments: { command: { regex: '\\brm\\b' } } }
      decision: deny
      reason: never delete files
`;
const target = { agent: 'LinuxAgent' };
const controls = [
  { id: 'a1', role: 'text', name: 'User', rect: { x: 0, y: 0, width: 100, height: 20 } },
  { id: 'a2', role: 'password text', name: '', label: 'Password', rect: { x: 0, y: 30, width: 100, height: 20 } },
  { id: 'a3', role: 'push button', name: 'Send', rect: { x: 0, y: 60, width: 100, height: 20 } },
];

describe('withPolicy', () => {
  test('a denied command never reaches the dispatcher and fails with the rule and reason', async () => {
    const inner = new RecordingDispatcher(controls);
    const decisions: PolicyDecisionEvent[] = [];
    const d = withPolicy(inner, parsePolicyYaml(POLICY), { onDecision: (e) => decisions.push(e) });
    await d.execute([createCommand('get_controls', {}, 'data_collection')], { target });
    const [typed, pw] = await d.execute(
      [createCommand('set_edit_text', { id: 'a1', text: 'me' }), createCommand('set_edit_text', { id: 'a2', text: 'hunter2' })],
      { target },
    );
    expect(typed).toMatchObject({ status: 'success', policy: { decision: 'allow' } });
    expect(pw).toMatchObject({ status: 'failure', code: 'POLICY_DENIED', policy: { decision: 'deny', rule: 'no-passwords' } });
    expect(pw!.error).toContain('the agent never types into password fields');
    expect(inner.batches.flatMap((b) => b.commands).some((c) => c.parameters.text === 'hunter2')).toBe(false);
    expect(decisions.map((e) => e.verdict.decision)).toEqual(['allow', 'allow', 'deny']);
  });

  test('typing without an id goes to the focused control of the listing; after an action the focus is not known', async () => {
    const focused = controls.map((c) => (c.id === 'a2' ? { ...c, states: ['focused'] } : c));
    const inner = new RecordingDispatcher(focused);
    const d = withPolicy(inner, parsePolicyYaml(POLICY));
    await d.execute([createCommand('get_controls', {}, 'data_collection')], { target });
    const [r] = await d.execute([createCommand('type_text', { text: 'hunter2' })], { target });
    expect(r).toMatchObject({ code: 'POLICY_DENIED', policy: { rule: 'no-passwords' } });
    expect(r!.policy!.uncertain).toBeUndefined();
    const plain = withPolicy(new RecordingDispatcher(controls.map((c) => (c.id === 'a1' ? { ...c, states: ['focused'] } : c))), parsePolicyYaml(POLICY));
    await plain.execute([createCommand('get_controls', {}, 'data_collection')], { target });
    const [typed] = await plain.execute([createCommand('type_text', { text: 'me' })], { target });
    expect(typed).toMatchObject({ status: 'success', policy: { decision: 'allow' } });
    await plain.execute([createCommand('click_on_coordinates', { x: 10, y: 35 })], { target });
    const [after] = await plain.execute([createCommand('type_text', { text: 'hunter2' })], { target });
    expect(after).toMatchObject({ code: 'POLICY_DENIED', policy: { rule: 'no-passwords', uncertain: true } });
    expect(inner.ran).toEqual(['get_controls']);
  });

  test('a batch: every command is checked, allowed ones around a denied one still run in order, with stable part ids', async () => {
    const inner = new RecordingDispatcher(controls);
    const d = withPolicy(inner, parsePolicyYaml(POLICY));
    const results = await d.execute(
      [createCommand('run_shell', { command: 'ls' }), createCommand('run_shell', { command: 'rm -rf ~' }), createCommand('wait', { seconds: 1 })],
      { target, commandId: 'cmd-7' },
    );
    expect(results.map((r) => r.status)).toEqual(['success', 'failure', 'success']);
    expect(results[1]!.code).toBe('POLICY_DENIED');
    expect(inner.batches.map((b) => [b.commandId, b.commands.map((c) => c.parameters.command ?? c.tool_name)])).toEqual([
      ['cmd-7#0', ['ls']],
      ['cmd-7#1', ['wait']],
    ]);
    const stopping = new RecordingDispatcher();
    const s = withPolicy(stopping, parsePolicyYaml(POLICY));
    const stopped = await s.execute([createCommand('run_shell', { command: 'rm x' }), createCommand('wait', {})], { target, stopOnFailure: true });
    expect(stopped.map((r) => r.status)).toEqual(['failure', 'skipped']);
    expect(stopping.batches).toEqual([]);
  });

  test('confirm asks the confirmer and runs only on yes; unknown targets are held (fail closed)', async () => {
    const asked: PolicyConfirmRequest[] = [];
    let answer = false;
    const inner = new RecordingDispatcher(controls);
    const d = withPolicy(inner, parsePolicyYaml(POLICY), { confirm: (req) => (asked.push(req), answer) });
    await d.execute([createCommand('get_controls', {}, 'data_collection')], { target });
    const [no] = await d.execute([createCommand('click_input', { id: 'a3', name: 'Send' })], { target });
    expect(no).toMatchObject({ status: 'failure', code: 'POLICY_REJECTED', policy: { decision: 'confirm', rule: 'ask-before-send', confirmed: false } });
    answer = true;
    const [yes] = await d.execute([createCommand('click_input', { id: 'a3', name: 'Send' })], { target });
    expect(yes).toMatchObject({ status: 'success', policy: { decision: 'confirm', confirmed: true } });
    expect(asked.map((a) => a.verdict.rule)).toEqual(['ask-before-send', 'ask-before-send']);
    expect(inner.ran.filter((t) => t === 'click_input')).toHaveLength(1);
    // a click on an id no listing showed may be a Send button: held, and without a confirmer rejected
    const bare = withPolicy(new RecordingDispatcher(), parsePolicyYaml(POLICY));
    const [unknown] = await bare.execute([createCommand('click_input', { id: 'zz' })], { target });
    expect(unknown).toMatchObject({ code: 'POLICY_REJECTED', policy: { uncertain: true } });
  });

  test('a bad policy file is refused with the key named', () => {
    expect(() => parsePolicyYaml('rules: [{ id: x, decision: deny }]', 'p.yaml')).toThrow(/p\.yaml: policy rules\.0\.reason/);
  });
});
