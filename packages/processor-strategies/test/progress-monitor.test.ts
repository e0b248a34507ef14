import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, isNoProgressResult, type EngineEvent, type ProgressSettingsInput } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createLinuxAgent, type AppProcessorOptions } from '../src/index.js';
import { StuckApp } from './stuck-app.js';

const reply = (actions: Array<{ function: string; arguments: Record<string, unknown> }>, status = 'CONTINUE') => ({
  observation: 'o',
  thought: 't',
  action: actions.map((a) => ({ ...a, status: 'CONTINUE' })),
  status,
});
const saveClick = { function: 'click_input', arguments: { id: 'c2', name: 'Save' } };
const finish = { observation: 'o', thought: 'done', action: [], status: 'FINISH' };

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function run(
  replies: Array<Record<string, unknown>>,
  linux: AppProcessorOptions,
  interactor = new ProgrammaticInteractor({ requests: ['save the note'] }),
) {
  const app = new StuckApp();
  const dispatcher = app.dispatcher();
  closers.push(() => dispatcher.close());
  const model = new ScriptedModel({ replies });
  const events = new EventBus();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const logs = new MemoryLogSink();
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink: logs, linux: { annotate: false, ...linux } });
  const session = new Session({ task: 't', logSink: logs, dispatcher, interactor, events, maxSteps: 10, startAgent: () => (agent.reset(), agent) });
  const outcome = await session.run();
  const prompts = model.calls.map((c) => JSON.stringify(c.messages));
  const steps = logs.lines.response.filter((l) => l.type === 'step');
  return { app, outcome, events: seen, prompts, steps, session };
}

const enforce: ProgressSettingsInput = { mode: 'enforce' };

describe('the progress monitor in a LinuxAgent session', () => {
  it('stops a model that keeps clicking a disabled button within 3 steps: FAIL with NO_PROGRESS (disabled) in the round result, the log and the events', async () => {
    const r = await run(
      Array.from({ length: 8 }, () => reply([saveClick])),
      { progress: enforce },
    );
    expect(r.outcome.rounds[0]!.finalState).toBe('FAIL');
    expect(r.steps).toHaveLength(3);
    const result = r.session.context.get('ROUND_RESULT');
    expect(isNoProgressResult(result)).toBe(true);
    expect(result).toMatchObject({ error: 'NO_PROGRESS', detection: 'repeated_no_effect', cause: 'disabled', step: r.steps[2]!['session_step'] });
    expect(r.steps.map((s) => (s['progress'] as { assessment?: { level: string } }).assessment?.level)).toEqual(['warn', 'reperceive', 'fail']);
    expect((r.steps[2]!['progress'] as { result?: unknown }).result).toEqual(result);
    expect(r.events.filter((e) => e.type === 'no-progress').map((e) => (e as { level: string }).level)).toEqual(['warn', 'reperceive', 'fail']);
    // the model was told, with the likely cause; the step after re-perception took a new annotated screenshot
    expect(r.prompts[0]).not.toContain('<Progress check:>');
    expect(r.prompts[1]).toContain('<Progress check:>');
    expect(r.prompts[1]).toContain('disabled');
    expect(r.prompts[2]).toContain('The screen was read again');
    expect(r.app.annotatedShots).toBe(1);
    expect(r.app.saved).toBe(false);
  });

  it('only warns in warn mode (the default): the session goes on and finishes', async () => {
    const r = await run([reply([saveClick]), reply([saveClick]), reply([saveClick]), reply([saveClick]), finish], {});
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.steps).toHaveLength(5);
    expect(r.prompts[3]).toContain('The same action had no effect 3 times in a row');
    expect(r.app.annotatedShots).toBe(0);
  });

  it('does nothing when off', async () => {
    const r = await run([reply([saveClick]), reply([saveClick]), reply([saveClick]), reply([saveClick]), finish], { progress: { mode: 'off' } });
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.events.some((e) => e.type === 'no-progress')).toBe(false);
    expect(r.prompts.some((p) => p.includes('<Progress check:>'))).toBe(false);
  });

  it('lets a redirected model go on: after the warning it fills the field, and Save works', async () => {
    const type = { function: 'type_text', arguments: { id: 'c3', text: 'note' } };
    const r = await run([reply([saveClick]), reply([saveClick]), reply([type]), reply([saveClick]), finish], { progress: enforce });
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.app.saved).toBe(true);
  });

  it('asks the user at the last rung with onStuck ask, and starts afresh after the answer', async () => {
    const interactor = new ProgrammaticInteractor({ requests: ['save the note'], answers: () => 'type a name first' });
    const r = await run(
      [reply([saveClick]), reply([saveClick]), reply([saveClick]), reply([saveClick]), finish],
      { progress: { mode: 'enforce', onStuck: 'ask' } },
      interactor,
    );
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.steps.map((s) => s['status'])).toEqual(['CONTINUE', 'CONTINUE', 'PENDING', 'CONTINUE', 'FINISH']);
    expect(r.events.some((e) => e.type === 'question')).toBe(true);
    expect(interactor.asked.flat().join('\n')).toContain('The agent made no progress');
    // the fourth click is a first no-effect step again: a warning, not a stop
    expect((r.steps[3]!['progress'] as { assessment?: { level: string } }).assessment?.level).toBe('warn');
  });

  it('catches a model that opens and closes the same menu (A-B-A-B) although each action had an effect', async () => {
    const open = { function: 'click_input', arguments: { id: 'c1', name: 'File' } };
    const close = { function: 'keyboard_input', arguments: { keys: 'Escape' } };
    const r = await run(
      [open, close, open, close, open, close, open, close].map((a) => reply([a])),
      { progress: enforce },
    );
    expect(r.outcome.rounds[0]!.finalState).toBe('FAIL');
    expect(r.session.context.get('ROUND_RESULT')).toMatchObject({ error: 'NO_PROGRESS', detection: 'cycle' });
    expect(r.steps).toHaveLength(6);
  });

  it('never stops a model that makes progress', async () => {
    const type = (t: string) => reply([{ function: 'type_text', arguments: { id: 'c3', text: t } }]);
    const r = await run([type('a'), type('b'), type('c'), type('d'), reply([saveClick]), finish], { progress: enforce });
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.events.some((e) => e.type === 'no-progress')).toBe(false);
  });
});

describe('batched actions validated against the live UI', () => {
  it('stops a batch at the first action whose target changed, and tells the model which ran and why', async () => {
    // the first action opens a dialog that replaces the window's controls: the second action's id is gone
    const batch = reply([
      { function: 'click_input', arguments: { id: 'c4', name: 'Open…' } },
      { function: 'type_text', arguments: { id: 'c3', text: 'x' } },
      { function: 'click_input', arguments: { id: 'c2', name: 'Save' } },
    ]);
    const r = await run([batch, finish], {});
    expect(r.app.calls.filter((c) => !c.startsWith('list'))).toEqual(['click c4']);
    expect(r.app.name).toBe('');
    const results = (r.steps[0]!['actions'] as Array<{ result: { status: string; code?: string; error?: string } }>).map((a) => a.result);
    expect(results.map((x) => x.status)).toEqual(['success', 'skipped', 'skipped']);
    expect(results[1]!.code).toBe('TARGET_CHANGED');
    expect(results[1]!.error).toContain('[c3] text "Name" is no longer in the control list after click_input (window opened: "Open" (2))');
    expect(r.prompts[1]).toContain('skipped: TARGET_CHANGED');
  });

  it('refuses an action whose id now lists another name than the model gave', async () => {
    const batch = reply([
      { function: 'type_text', arguments: { id: 'c3', text: 'note' } },
      { function: 'click_input', arguments: { id: 'c4', name: 'Save' } },
    ]);
    const r = await run([batch, finish], {});
    expect(r.app.calls.filter((c) => !c.startsWith('list'))).toEqual(['type c3 note']);
    expect((r.steps[0]!['actions'] as Array<{ result: { error?: string } }>)[1]!.result.error).toContain('[c4] is push button "Open…", not "Save"');
  });

  it('runs a batch whose targets hold, checking each on a fresh listing', async () => {
    const batch = reply([
      { function: 'type_text', arguments: { id: 'c3', text: 'note' } },
      { function: 'click_input', arguments: { id: 'c2', name: 'Save' } },
    ]);
    const r = await run([batch, finish], {});
    expect(r.app.saved).toBe(true);
    expect(r.app.calls).toEqual(['list', 'type c3 note', 'list', 'click c2', 'list']);
  });

  it("finds an action's control by the name it gives, on the screen the previous action left: a field of the dialog it opened", async () => {
    const batch = reply([
      { function: 'click_input', arguments: { id: 'c4', name: 'Open…' } },
      { function: 'type_text', arguments: { name: 'File name', role: 'text', text: 'notes.txt' } },
      { function: 'click_input', arguments: { name: 'Cancel' } },
    ]);
    const r = await run([batch, finish], {});
    expect(r.app.calls.filter((c) => !c.startsWith('list'))).toEqual(['click c4', 'type d1 notes.txt', 'click d2']);
    const actions = r.steps[0]!['actions'] as Array<{ arguments: Record<string, unknown> }>;
    expect(actions.map((a) => a.arguments['id'])).toEqual(['c4', 'd1', 'd2']);
    expect(r.prompts[0]).toContain('An action may name its control by');
  });

  it('refuses a named control that is not listed when its turn comes, and names it', async () => {
    const batch = reply([
      { function: 'click_input', arguments: { id: 'c1', name: 'File' } },
      { function: 'click_input', arguments: { name: 'Save As…', role: 'menu item' } },
    ]);
    const r = await run([batch, finish], {});
    expect(r.app.calls.filter((c) => !c.startsWith('list'))).toEqual(['click c1']);
    expect((r.steps[0]!['actions'] as Array<{ result: { error?: string } }>)[1]!.result.error).toContain(
      'no control menu item "Save As…" is listed now after click_input',
    );
  });

  it("finds the first action's control by name in the step's own listing", async () => {
    const r = await run([reply([{ function: 'type_text', arguments: { name: 'Name', text: 'n' } }, saveClick]), finish], {});
    expect(r.app.saved).toBe(true);
    expect(r.app.calls).toEqual(['list', 'type c3 n', 'list', 'click c2', 'list']);
  });

  it('runs the batch as sent with validateBatches false', async () => {
    const batch = reply([
      { function: 'click_input', arguments: { id: 'c4', name: 'Open…' } },
      { function: 'type_text', arguments: { id: 'c3', text: 'x' } },
    ]);
    const r = await run([batch, finish], { validateBatches: false });
    expect(r.app.calls.filter((c) => !c.startsWith('list'))).toEqual(['click c4', 'type c3 x']);
  });
});

describe('the finish check', () => {
  it('sends a FINISH whose check fails back to the model once, with the reason; the log shows both verdicts', async () => {
    const type = { function: 'type_text', arguments: { id: 'c3', text: 'note' } };
    let checks = 0;
    const finishCheck = async () => ((checks += 1), checks === 1 ? { passed: false, reason: 'nothing was saved' } : { passed: true, reason: 'saved' });
    const r = await run([reply([type]), finish, reply([saveClick]), finish], { finishCheck });
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.steps.map((s) => s['status'])).toEqual(['CONTINUE', 'CONTINUE', 'CONTINUE', 'FINISH']);
    expect(r.steps[1]!['finish_check']).toEqual({ passed: false, reason: 'nothing was saved', accepted: false });
    expect(r.steps[3]!['finish_check']).toEqual({ passed: true, reason: 'saved', accepted: true });
    expect(r.prompts[2]).toContain('<Finish check:>');
    expect(r.prompts[2]).toContain('nothing was saved');
    expect(r.events.filter((e) => e.type === 'finish-check')).toHaveLength(2);
  });

  it('lets a second failed FINISH stand, recorded as failed', async () => {
    const r = await run([finish, finish], { finishCheck: async () => ({ passed: false, reason: 'no file' }) });
    expect(r.outcome.rounds[0]!.finalState).toBe('FINISH');
    expect(r.steps.map((s) => s['finish_check'])).toEqual([
      { passed: false, reason: 'no file', accepted: false },
      { passed: false, reason: 'no file', accepted: true },
    ]);
  });

  it('counts a check that throws as failed, with its message', async () => {
    const r = await run([finish, finish], {
      finishCheck: async () => {
        throw new Error('checker crashed');
      },
    });
    expect(r.steps[0]!['finish_check']).toMatchObject({ passed: false, accepted: false });
    expect(String((r.steps[0]!['finish_check'] as { reason: string }).reason)).toContain('checker crashed');
  });
});
