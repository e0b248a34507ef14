// Perception tasks whose state is only drawn: the app has no accessibility support (xcalc, a Tk form), or draws the
// part the task needs itself (Gnumeric's cells). A model reads them from the OCR entries of the listing; the
// checkers read real state — the screen through Tesseract, a file the app wrote, the saved sheet through ssconvert.
import { writeFileSync } from 'node:fs';
import { defineTask } from '../task.js';
import { fileHolds, readUntil } from './checks.js';
import { launchDrawnApp } from './drawn-app-launch.js';
import { ocrText, PERCEPTION } from './perception.js';
import { numbersIn, readScreenText, TESSERACT, windowRect } from './screen-text.js';
import { convertSheet, csvCell, sheetAsCsv, SSCONVERT } from './sheet-cells.js';
import { ORDER_FORM_TCL } from './tk-order-form.js';

const SUM = '123';

/**
 * xcalc (X toolkit, Athena widgets) has no accessibility support: its keys and its display are pixels only, read by
 * OCR. 56 + 67: the keys 5, 6, +, 6 and 7 are clicked by their OCR entries, "=" is typed (xcalc takes keys too),
 * and the display is read. Tesseract reads xcalc's glyphs unevenly (observed: the keys "1" as "]", "÷" as "=", "√"
 * as "4", no "*" and no "=" key at all; the display's 84 as 64 or not at all, 96 as 06, 42 as A2), so the sum uses
 * keys and a result it reads (123 with confidence 0.95). The checker reads the display itself: the top part of the
 * window, through Tesseract (`--psm 6` on that strip read 84 right). The display can also be copied — a click on
 * it selects the number as the PRIMARY selection — but that click inverts the display in front of the agent.
 */
export const xcalcAdd = defineTask({
  ...PERCEPTION,
  id: 'xcalc-add',
  app: 'xcalc',
  toolkit: 'X toolkit',
  requires: ['/usr/bin/xcalc', TESSERACT],
  summary: 'add 56 + 67 on the keypad of a calculator without accessibility; its display is read from the screen',
  maxSteps: 14,
  request: () => 'In the calculator (xcalc), compute 56 + 67 so that its display shows the result.',
  async setup(ctx) {
    await launchDrawnApp(ctx, 'xcalc', [], 'Calculator');
  },
  solution: () => [
    { click: ocrText('5') },
    { click: ocrText('6') },
    { click: ocrText('+') },
    { click: ocrText('6') },
    { click: ocrText('7') },
    { keys: '=' },
    { finish: true, when: ocrText(SUM) },
  ],
  async check(ctx) {
    const read = async (): Promise<{ shown: string | undefined; text: string }> => {
      const rect = await windowRect(ctx, 'Calculator');
      if (!rect) return { shown: undefined, text: '(no Calculator window)' };
      // the display is the first sixth of the window: its number on the first line, DEG/DEC below
      const text = await readScreenText(ctx, { ...rect, height: Math.round(rect.height / 6) }, 'xcalc-display');
      return { shown: numbersIn(text)[0], text };
    };
    const { shown, text } = await readUntil(read, (r) => r.shown === SUM, 3000);
    const passed = shown === SUM;
    return {
      passed,
      detail: `the display reads ${JSON.stringify(shown ?? null)} (Tesseract: ${JSON.stringify(text.trim())})${passed ? '' : `, expected ${SUM}`}`,
    };
  },
});

const QUANTITY = '3';

/**
 * A Tcl/Tk form (Tk has no accessibility support): the quantity field, the "Gift wrap" check box and "Save" are
 * found and clicked by their OCR entries. Save writes the form to a file, which the checker reads.
 */
export const tkOrderForm = defineTask({
  ...PERCEPTION,
  id: 'tk-order-form',
  app: 'wish (Tk order form)',
  toolkit: 'Tk',
  requires: ['/usr/bin/wish'],
  summary: 'fill in and save a Tk form (no accessibility): a field, a check box and a button found by OCR',
  maxSteps: 14,
  request: () => `In the "Order" window, change the quantity to ${QUANTITY}, tick "Gift wrap" and press Save.`,
  async setup(ctx) {
    writeFileSync(ctx.path('order-form.tcl'), ORDER_FORM_TCL);
    await launchDrawnApp(ctx, '/usr/bin/wish', [ctx.path('order-form.tcl'), ctx.path('order.txt')], 'Order');
  },
  solution: () => [
    // the field shows 10: clicking its text puts the cursor in it
    { click: ocrText('10') },
    { keys: 'End BackSpace*2' },
    { type: QUANTITY },
    { click: ocrText('Gift wrap') },
    { click: ocrText('Save') },
    { finish: true, when: ocrText('Order saved') },
  ],
  check: (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('order.txt'), `quantity=${QUANTITY}\ngift_wrap=1`),
      (r) => r.passed,
    ),
});

const AMOUNTS = ['12.5', '7.25', '30.4'];
const TOTAL = '50.15';

/**
 * Gnumeric draws its cells on a canvas of its own: the accessibility tree has the toolbar, the name box ("A1") and
 * the formula entry (which shows A4's formula, not its value), not the cells. A model reads A4's value from the
 * OCR entries (the status bar's "Sum = …" shows it too once A4 is selected). It goes to B1 through the name box,
 * types the number and saves (Ctrl+S keeps the Gnumeric format without asking). The checker converts the saved
 * file to CSV with ssconvert and reads B1.
 */
export const gnumericDrawnTotal = defineTask({
  ...PERCEPTION,
  id: 'gnumeric-drawn-total',
  app: 'gnumeric',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/gnumeric', SSCONVERT],
  summary: 'write the total a sheet shows in A4 (drawn by the app, not in the tree) into B1 and save',
  maxSteps: 14,
  request: (ctx) =>
    `In Gnumeric (the sheet ${ctx.path('budget.gnumeric')}), cell A4 shows the total of the amounts above it. Write that total, as a number, into cell B1 and save the sheet.`,
  async setup(ctx) {
    writeFileSync(ctx.path('budget.csv'), `${AMOUNTS.join('\n')}\n=SUM(A1:A3)\n`);
    // ssconvert reads =SUM(…) in a CSV as a formula and keeps it in the .gnumeric file
    await convertSheet(ctx.path('budget.csv'), ctx.path('budget.gnumeric'));
    await ctx.launch('gnumeric', [ctx.path('budget.gnumeric')]);
  },
  solution: () => [
    // the name box (an unnamed field showing the selected cell) moves the selection to the cell typed in it
    { setText: 'B1', into: { role: 'text', shows: 'A1' }, when: ocrText(TOTAL) },
    { keys: 'Return', into: { role: 'text', shows: 'B1' } },
    { type: TOTAL },
    { keys: 'Return' },
    { keys: 'ctrl+s' },
    { finish: true },
  ],
  async check(ctx) {
    const path = ctx.path('budget.gnumeric');
    const read = async () => {
      const csv = await sheetAsCsv(path, ctx.path('budget-check.csv'));
      return { b1: csvCell(csv, 'B1'), a4: csvCell(csv, 'A4'), csv };
    };
    const { b1, a4, csv } = await readUntil(read, (r) => Number(r.b1) === Number(TOTAL), 3000);
    const passed = b1 !== '' && Number(b1) === Number(TOTAL) && Number(a4) === Number(TOTAL);
    return {
      passed,
      detail: `the saved sheet has B1 = ${JSON.stringify(b1)} and A4 = ${JSON.stringify(a4)} (ssconvert: ${JSON.stringify(csv.trim())})${passed ? '' : `, expected B1 = ${TOTAL}`}`,
    };
  },
});
