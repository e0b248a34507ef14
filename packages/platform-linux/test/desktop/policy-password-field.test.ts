// A policy enforced on the real Linux tool servers: typing into the password field of `zenity --password` is denied
// before it reaches the desktop, and the field is read back from the accessibility tree to show nothing was typed.
import { createCommand, type Result } from '@ufo-ts/core';
import { withPolicy, type PolicyDispatcher } from '@ufo-ts/dispatchers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppHandle } from '../../src/harness/app-launch.js';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { waitFor } from '../../src/util/wait.js';
import { describeDesktop } from '../helpers/desktop-suite.js';
import { startLinuxServer, type LinuxServerFixture } from '../helpers/linux-dispatcher.js';

interface Target {
  id: string;
  name: string;
  type: string;
  states?: string[];
}

describeDesktop('a policy on the real desktop', ['zenity'], () => {
  let desktop: Desktop;
  let fixture: LinuxServerFixture;
  let guarded: PolicyDispatcher;
  let app: AppHandle;
  const target = { agent: 'LinuxAgent' };
  const run = async (tool: string, parameters: Record<string, unknown>, type: 'action' | 'data_collection' = 'action'): Promise<Result> =>
    (await guarded.execute([createCommand(tool, parameters, type)], { target }))[0]!;

  beforeAll(async () => {
    desktop = await startDesktop();
    fixture = await startLinuxServer({ desktop, shell: false });
    guarded = withPolicy(fixture.dispatcher, {
      rules: [{ id: 'no-passwords', match: { kind: 'password_input' }, decision: 'deny', reason: 'the agent never types into password fields' }],
    });
    app = desktop.launchApp('zenity', ['--password', '--title=Unlock']);
    const frame = await app.waitForFrame({ timeoutMs: 30_000 });
    const { windows } = await fixture.ok<{ windows: Array<{ id: string; title: string; pid: number }> }>('list_windows');
    const window = windows.find((w) => w.pid === frame.pid);
    expect(window, JSON.stringify(windows)).toBeDefined();
    expect((await run('select_application_window', { id: window!.id, name: window!.title })).status).toBe('success');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await fixture?.close();
    const report = await desktop?.stop();
    expect(report?.leftovers).toEqual([]);
  }, 60_000);

  it('set_edit_text and type_text into the password field are denied; the field stays empty; other input is not', async () => {
    const listing = await run('get_app_window_controls_target_info', {}, 'data_collection');
    const controls = (listing.result as { controls: Target[] }).controls;
    const field = controls.find((c) => c.type === 'password text');
    expect(field, JSON.stringify(controls)).toBeDefined();

    const set = await run('set_edit_text', { id: field!.id, name: field!.name, text: 'hunter2', clear_current_text: true });
    expect(set).toMatchObject({ status: 'failure', code: 'POLICY_DENIED', policy: { decision: 'deny', rule: 'no-passwords' } });

    // focus the field, list again (the listing says which control has the focus), then type without an id
    expect((await run('click_input', { id: field!.id, name: field!.name })).status).toBe('success');
    const relisted = (await run('get_app_window_controls_target_info', {}, 'data_collection')).result as { controls: Target[] };
    expect(relisted.controls.find((c) => c.id === field!.id)?.states ?? []).toContain('focused');
    const typed = await run('type_text', { text: 'hunter2' });
    expect(typed).toMatchObject({ status: 'failure', code: 'POLICY_DENIED', policy: { rule: 'no-passwords' } });
    expect(typed.policy?.uncertain).toBeUndefined();

    // read back through the unguarded dispatcher: nothing reached the field
    const read = await fixture.ok<{ text: string }>('texts', { id: field!.id });
    expect(read.text).toBe('');

    // the read-back sees typing when it happens: the same text through the unguarded dispatcher shows up (masked)
    await fixture.ok('set_edit_text', { id: field!.id, text: 'abc', clear_current_text: true });
    const after = await waitFor(
      async () => {
        const now = await fixture.ok<{ text: string }>('texts', { id: field!.id });
        return now.text.length === 3 ? now : undefined;
      },
      { timeoutMs: 10_000, what: 'the field to hold 3 characters' },
    );
    expect(after.text).toHaveLength(3);
  }, 120_000);
});
