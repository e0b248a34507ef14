import type { ChatRequest } from '@ufo-ts/core';
import { AppResponseSchema } from '@ufo-ts/processor-strategies';
import { describe, expect, it } from 'vitest';
import { TaskSuiteError } from '../../src/errors.js';
import { GroundedModel } from '../../src/grounded/grounded-model.js';
import type { ReferenceStep } from '../../src/grounded/reference-steps.js';
import { MOUSEPAD_CONTROLS, promptWith } from './prompt-fixture.js';

const WINDOWS = ['[100] mousepad "Untitled 1 - Mousepad"', '[200] mousepad "Save As"'];

function ask(model: GroundedModel, controls = MOUSEPAD_CONTROLS, lastActions = '(none)') {
  const request: ChatRequest<unknown> = { messages: promptWith(controls, WINDOWS, lastActions), schema: AppResponseSchema };
  return model
    .complete(request)
    .then((r) => r.parsed as { action: Array<{ function: string; arguments: Record<string, unknown> }>; status?: string; result?: unknown });
}

describe('GroundedModel', () => {
  it('answers each step with the listed id of the control it names, in the LinuxAgent reply format', async () => {
    const steps: ReferenceStep[] = [
      { click: { role: 'menu item', name: 'Save As…' } },
      { setText: '/tmp/x.txt', into: { role: 'text', label: 'Name:' } },
      { click: { role: 'push button', name: 'Save', notState: 'disabled', nth: 1 } },
      { selectWindow: { title: 'Save As' } },
      { all: [{ keys: 'ctrl+s' }, { type: 'abc', into: { role: 'text', afterLabel: 'Name:' } }] },
      { finish: true, result: 'saved', when: { role: 'check box', name: 'show line numbers', state: 'checked' } },
    ];
    const model = new GroundedModel({ steps, label: 'fixture' });
    expect((await ask(model)).action).toEqual([{ function: 'click_input', arguments: { id: 'a2', name: 'Save As...' }, status: 'CONTINUE' }]);
    expect((await ask(model)).action[0]).toMatchObject({ function: 'set_edit_text', arguments: { id: 'a3', text: '/tmp/x.txt', clear_current_text: true } });
    expect((await ask(model)).action[0]).toMatchObject({ function: 'click_input', arguments: { id: 'a6' } });
    expect((await ask(model)).action[0]).toMatchObject({ function: 'select_application_window', arguments: { id: '200' } });
    expect((await ask(model)).action).toMatchObject([
      { function: 'keyboard_input', arguments: { keys: 'ctrl+s' } },
      { function: 'type_text', arguments: { text: 'abc', id: 'a8' } },
    ]);
    const last = await ask(model);
    expect(last).toMatchObject({ action: [], status: 'FINISH', result: 'saved' });
    expect(model.done).toBe(true);
    expect(model.failure).toBeUndefined();
  });

  it('waits while a reference is missing, then fails naming the step and what the prompt lacked', async () => {
    const model = new GroundedModel({ steps: [{ click: { role: 'menu item', name: 'Quit' } }], label: 'quit-task', patience: 2 });
    for (let i = 0; i < 2; i += 1) expect((await ask(model)).action).toMatchObject([{ function: 'wait' }]);
    const error = await ask(model).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskSuiteError);
    expect((error as TaskSuiteError).code).toBe('REFERENCE_NOT_IN_PROMPT');
    expect((error as Error).message).toContain('quit-task, step 1');
    expect((error as Error).message).toContain('menu item, name "Quit"');
    expect((error as Error).message).toContain('[a6] push button "Save"');
    expect(model.failure).toBe(error);
  });

  it('waits instead of clicking a control the prompt lists as disabled', async () => {
    const model = new GroundedModel({ steps: [{ click: { role: 'push button', name: 'Save', nth: 2 } }], patience: 1 });
    expect((await ask(model)).action).toMatchObject([{ function: 'wait' }]);
    await expect(ask(model)).rejects.toThrow(/\[a7\] .* is listed as disabled/);
  });

  it('does not match a field by a caption the prompt does not carry', async () => {
    const model = new GroundedModel({ steps: [{ type: 'x', into: { role: 'text', label: 'Email' } }], patience: 0 });
    await expect(ask(model)).rejects.toThrow(/label "Email"/);
  });

  it('tries a step again when the prompt reports that its action failed', async () => {
    const model = new GroundedModel({ steps: [{ click: { role: 'push button', name: 'Save' } }, { finish: true }] });
    expect((await ask(model)).action[0]).toMatchObject({ arguments: { id: 'a6' } });
    const retried = await ask(model, MOUSEPAD_CONTROLS, '- click_input({"id":"a6"}) → failure: CONTROL_VANISHED');
    expect(retried.action[0]).toMatchObject({ function: 'click_input', arguments: { id: 'a6' } });
    expect((await ask(model)).status).toBe('FINISH');
  });

  it('fails when asked after the solution is played', async () => {
    const model = new GroundedModel({ steps: [{ finish: true }] });
    await ask(model);
    await expect(ask(model)).rejects.toMatchObject({ code: 'SOLUTION_EXHAUSTED' });
  });

  it('refuses a malformed reference step up front', () => {
    expect(() => new GroundedModel({ steps: [{ click: { role: 'push button' }, bogus: 1 } as unknown as ReferenceStep] })).toThrow();
  });

  it('with nativeTools, answers the same step as tool calls (one per action, then respond) and reports tool calls', async () => {
    const model = new GroundedModel({
      steps: [{ all: [{ keys: 'ctrl+s' }, { type: 'abc', into: { role: 'text', afterLabel: 'Name:' } }] }, { finish: true, result: 'saved' }],
      nativeTools: true,
    });
    expect(model.features?.toolCalls).toBe(true);
    const first = await model.complete({ messages: promptWith(MOUSEPAD_CONTROLS, WINDOWS, '(none)') });
    expect(first.content).toBe('');
    expect(first.toolCalls?.map((c) => [c.name, c.arguments])).toEqual([
      ['keyboard_input', { keys: 'ctrl+s' }],
      ['type_text', { text: 'abc', id: 'a8' }],
      ['respond', expect.objectContaining({ thought: 'Step 1 of the reference solution.' })],
    ]);
    const last = await model.complete({ messages: promptWith(MOUSEPAD_CONTROLS, WINDOWS, '(none)') });
    expect(last.toolCalls).toEqual([
      { id: 'call_2_1', type: 'function', name: 'respond', arguments: expect.objectContaining({ status: 'FINISH', result: 'saved' }) },
    ]);
  });
});
