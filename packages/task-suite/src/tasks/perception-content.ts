// Perception tasks whose answer is in a control's content, which AT-SPI has but a bare listing of roles and names
// leaves out: a slider's value (the request does not say where it starts), table cells read with their column
// headers, a document's text beyond the first lines. The checkers read zenity's stdout and the saved file.
import { writeFileSync } from 'node:fs';
import { defineTask, type TaskWorkspace } from '../task.js';
import { fileHolds, readUntil } from './checks.js';
import { PERCEPTION } from './perception.js';
import { fileText, shellQuote } from './traps.js';

const ZENITY = { ...PERCEPTION, app: 'zenity', toolkit: 'GTK 3', requires: ['/usr/bin/zenity', '/bin/sh'] } as const;

/** Passes when zenity printed `expected` into `path` (trailing newline ignored). */
async function printed(path: string, expected: string): Promise<{ passed: boolean; detail: string }> {
  const text = await fileText(path, (t) => t.trim() === expected);
  const passed = text.trim() === expected;
  return { passed, detail: `zenity printed ${JSON.stringify(text)}${passed ? '' : `, expected ${JSON.stringify(expected)}`}` };
}

/** Starts `zenity args…` with its stdout going to the file `output` (kept in the context for the checker). */
async function launchZenity(ctx: TaskWorkspace, args: string, output: string): Promise<void> {
  ctx.state.set('output', ctx.path(output));
  await ctx.launch('/bin/sh', ['-c', `exec zenity ${args} > ${shellQuote(ctx.path(output))}`]);
}

/**
 * A slider whose value is not drawn (`--hide-value`) and not in the request: the model reads the current value
 * (30 of 0–100) from the listing and moves it by 1 with the arrow keys. zenity prints the value after OK.
 */
export const zenitySliderValue = defineTask({
  ...ZENITY,
  id: 'zenity-slider-value',
  summary: 'set a slider to 35 from a start the request does not give; its value is read from the listing',
  maxSteps: 10,
  request: () => 'In the "Volume" dialog, set the volume to exactly 35 and confirm with OK.',
  async setup(ctx) {
    await launchZenity(ctx, "--scale --title=Volume --text='Volume' --value=30 --min-value=0 --max-value=100 --hide-value", 'volume.txt');
  },
  solution: () => [
    // Right moves the slider by 1: from 30, five times
    { keys: 'Right*5', into: { role: 'slider' }, when: { role: 'slider', value: 30 } },
    { click: { role: 'push button', name: 'OK' }, when: { role: 'slider', value: 35 } },
    { finish: true },
  ],
  check: async (ctx) => printed(ctx.state.get('output') as string, '35'),
});

/** The list's rows: item, weight (kg), price, stock. Two prices and one weight are 4.20; one such item is in stock. */
const STOCK_ROWS: readonly (readonly [string, string, string, string])[] = [
  ['Apples', '1.00', '2.10', '14'],
  ['Bananas', '1.20', '1.80', '30'],
  ['Cherries', '0.50', '6.40', '3'],
  ['Dates', '0.25', '5.10', '0'],
  ['Figs', '4.20', '3.90', '8'],
  ['Grapes', '0.75', '3.20', '11'],
  ['Kiwis', '0.60', '3.00', '5'],
  ['Lemons', '0.80', '1.50', '22'],
  ['Mangos', '1.10', '2.80', '0'],
  ['Pears', '1.00', '4.20', '0'],
  ['Plums', '0.90', '4.20', '6'],
  ['Quinces', '1.30', '4.80', '2'],
  ['Limes', '0.40', '1.60', '17'],
  ['Oranges', '1.50', '2.40', '9'],
  ['Peaches', '1.10', '3.60', '0'],
];
const ANSWER = 'Plums';

/**
 * Table cells read with their column headers: a zenity list (GtkTreeView) of 15 rows with the columns Item, Weight,
 * Price and Stock. "4.20" is a weight once and a price twice; one of those two is out of stock, so the answer needs
 * each cell's column. zenity prints the chosen row's Item.
 */
export const zenityListHeaders = defineTask({
  ...ZENITY,
  id: 'zenity-list-headers',
  summary: 'choose the row of a 15-row list by two cells read with their column headers (price 4.20, stock not 0)',
  maxSteps: 10,
  request: () => 'In the "Stock" list, select the item whose price is 4.20 and that is in stock (its stock is not 0), then press OK.',
  async setup(ctx) {
    const rows = STOCK_ROWS.flat().map(shellQuote).join(' ');
    await launchZenity(
      ctx,
      `--list --title=Stock --text='Choose an item' --width=520 --height=600 --column=Item --column=Weight --column=Price --column=Stock ${rows}`,
      'item.txt',
    );
  },
  solution: () => [
    { click: { role: 'table cell', name: ANSWER, column: 'Item' }, when: { role: 'table cell', name: '4.20', column: 'Price' } },
    { click: { role: 'push button', name: 'OK' } },
    { finish: true },
  ],
  check: async (ctx) => printed(ctx.state.get('output') as string, ANSWER),
});

const CODE = '7391';
const DOCUMENT = [
  'Delivery notes for the spring order',
  '',
  ...Array.from({ length: 8 }, (_, i) => `Box ${i + 1}: checked by the warehouse team on the second shift, sealed and labelled.`),
  'Order number: 5520',
  `Confirmation code: ${CODE}`,
  'Please keep this note with the invoice.',
  '',
].join('\n');

/**
 * A document's text beyond its first lines: the confirmation code is on line 12, some 800 characters in, where a
 * listing that shows only a text control's first 200 characters does not reach; the document's text in the
 * listing (up to 2,000 characters, else its visible lines) has it.
 */
export const mousepadReadDocument = defineTask({
  ...PERCEPTION,
  app: 'mousepad',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/mousepad'],
  id: 'mousepad-read-document',
  summary: 'append a line quoting a code written further down in the open document, then save',
  maxSteps: 10,
  request: (ctx) =>
    `The document open in Mousepad (${ctx.path('delivery.txt')}) contains a confirmation code. Add the line "Confirmed: <that code>" at its end (after the last line) and save it.`,
  async setup(ctx) {
    writeFileSync(ctx.path('delivery.txt'), DOCUMENT);
    await ctx.launch('mousepad', [ctx.path('delivery.txt')]);
  },
  solution: () => [
    { keys: 'ctrl+End', into: { role: 'text' }, when: { role: 'text', showsContaining: `Confirmation code: ${CODE}` } },
    { type: `Confirmed: ${CODE}` },
    { keys: 'ctrl+s' },
    { finish: true },
  ],
  check: (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('delivery.txt'), `${DOCUMENT}Confirmed: ${CODE}`),
      (r) => r.passed,
    ),
});
