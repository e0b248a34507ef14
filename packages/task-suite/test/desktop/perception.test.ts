// The perception tasks on real apps. First each checker against its app driven directly through the tool server
// (keys and AT-SPI, no OCR): it must fail on the untouched app and pass once the work is done — so a checker
// reads real state. Then each task's reference solution played by the grounded model against the prompts the
// engine sends (it needs the listing to carry OCR text, a slider's value, cells' column headers, a document's
// visible text), and an imperfect model on two tasks.
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { afterAll, describe, expect, it } from 'vitest';
import { imperfectModelFor } from '../../src/imperfect/imperfect-model-for.js';
import type { ImperfectKind } from '../../src/imperfect/model-spec.js';
import { runTask, type TaskRunResult } from '../../src/run/run-task.js';
import { missingPrograms } from '../../src/run/run-suite.js';
import type { DesktopTask } from '../../src/task.js';
import { PERCEPTION_TASKS } from '../../src/tasks/index.js';
import { controlId, selectWindow, withTaskDesktop, type ToolCall } from './task-desktop.js';

const availability = checkDesktopAvailability([]);
const describeDesktop = availability.available ? describe : describe.skip;
if (!availability.available) process.stderr.write(`[task-suite] skipping the perception tasks: ${availability.reason}\n`);

const task = (id: string): DesktopTask => PERCEPTION_TASKS.find((t) => t.id === id)!;
const skipped = (t: DesktopTask): boolean => {
  const missing = missingPrograms(t);
  if (missing.length > 0) process.stderr.write(`[task-suite] skipping ${t.id}: not installed: ${missing.join(', ')}\n`);
  return missing.length > 0;
};

describe('the perception tasks', () => {
  it('are at least 6, in the perception group, with distinct ids, covering drawn text and AT-SPI content', () => {
    expect(PERCEPTION_TASKS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(PERCEPTION_TASKS.map((t) => t.id)).size).toBe(PERCEPTION_TASKS.length);
    for (const t of PERCEPTION_TASKS) expect(t.group, t.id).toBe('perception');
    expect(new Set(PERCEPTION_TASKS.map((t) => t.toolkit))).toEqual(new Set(['X toolkit', 'Tk', 'GTK 3']));
  });
});

/** How each task's work is done without the agent: keys and AT-SPI actions only. */
const DRIVERS: Record<string, (tool: ToolCall) => Promise<void>> = {
  'xcalc-add': async (tool) => {
    await selectWindow(tool, 'Calculator');
    await tool('keyboard_input', { keys: '5 6 + 6 7 =' });
  },
  'tk-order-form': async (tool) => {
    await selectWindow(tool, 'Order');
    // Tab reaches the field, the check box, then the button
    await tool('keyboard_input', { keys: 'Tab End BackSpace*2 3 Tab space Tab space' });
  },
  'gnumeric-drawn-total': async (tool) => {
    await selectWindow(tool, 'Gnumeric');
    const nameBox = await controlId(tool, (c) => c.type === 'text' && c.text === 'A1');
    await tool('set_edit_text', { id: nameBox, text: 'B1', clear_current_text: true });
    await tool('keyboard_input', { keys: 'Return', id: nameBox });
    await tool('type_text', { text: '50.15' });
    await tool('keyboard_input', { keys: 'Return ctrl+s' });
  },
  'zenity-slider-value': async (tool) => {
    await selectWindow(tool, 'Volume');
    await tool('keyboard_input', { keys: 'Right*5', id: await controlId(tool, (c) => c.type === 'slider') });
    await tool('click_input', { id: await controlId(tool, (c) => c.type === 'push button' && c.name === 'OK') });
  },
  'zenity-list-headers': async (tool) => {
    await selectWindow(tool, 'Stock');
    await tool('click_input', { id: await controlId(tool, (c) => c.type === 'table cell' && c.name === 'Plums') });
    await tool('click_input', { id: await controlId(tool, (c) => c.type === 'push button' && c.name === 'OK') });
  },
  'mousepad-read-document': async (tool) => {
    await selectWindow(tool, 'delivery.txt');
    await tool('keyboard_input', { keys: 'ctrl+End' });
    await tool('type_text', { text: 'Confirmed: 7391' });
    await tool('keyboard_input', { keys: 'ctrl+s' });
  },
};

describeDesktop('the perception checkers read the real app', () => {
  for (const t of PERCEPTION_TASKS) {
    it.skipIf(skipped(t))(`${t.id}: fails on the untouched app, passes once the work is done`, { timeout: 120_000 }, async () => {
      await withTaskDesktop(t, async (ctx, tool) => {
        const before = await t.check(ctx);
        expect(before.passed, before.detail).toBe(false);
        await DRIVERS[t.id]!(tool);
        const after = await t.check(ctx);
        expect(after.passed, after.detail).toBe(true);
      });
    });
  }
});

const results: Array<TaskRunResult & { model: string }> = [];
afterAll(() => {
  const rows = results.map(
    (r) =>
      `${r.passed ? 'pass' : 'FAIL'}  ${r.model.padEnd(24)} ${r.id.padEnd(26)} ${String(r.steps).padStart(3)} steps ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.error ?? r.detail}`,
  );
  if (rows.length) process.stderr.write(`\n[task-suite] perception tasks\n${rows.join('\n')}\n`);
});

describeDesktop('the perception tasks on real apps (reference solutions)', () => {
  for (const t of PERCEPTION_TASKS) {
    it.skipIf(skipped(t))(`${t.id}: ${t.summary}`, { timeout: 180_000 }, async () => {
      const result = await runTask(t);
      results.push({ ...result, model: 'reference' });
      expect(result.passed, `${t.id}: ${result.error ?? ''} ${result.detail}`).toBe(true);
    });
  }
});

describeDesktop('imperfect models on perception tasks, with the guards on', () => {
  // wrong-target clicks a neighbouring entry of the same role while naming the intended one: the tool refuses it
  // (an OCR entry or a cell is checked by its text), and the retry on the new listing does the work
  const sample: Array<[ImperfectKind, string]> = [
    ['wrong-target', 'tk-order-form'],
    ['wrong-target', 'zenity-list-headers'],
  ];
  for (const [kind, id] of sample) {
    it.skipIf(skipped(task(id)))(`imperfect:${kind} on ${id} still gets the work done, with more model calls`, { timeout: 180_000 }, async () => {
      const result = await runTask(task(id), { model: (t, ctx) => imperfectModelFor(t, ctx, { kind, seed: 1 }) });
      results.push({ ...result, model: `imperfect:${kind}` });
      expect(result.passed, `${id}: ${result.error ?? ''} ${result.detail}`).toBe(true);
      const reference = results.find((r) => r.model === 'reference' && r.id === id);
      if (reference) expect(result.modelCalls).toBeGreaterThan(reference.modelCalls);
    });
  }
});
