import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { defineTask } from '../task.js';
import { fileHolds, readUntil } from './checks.js';

const CONTACT = { name: 'Ada Lovelace', email: 'ada@example.org', city: 'London' };

/** A zenity form whose text fields have no accessible name (only a caption beside them); zenity's stdout is checked. */
export const zenityForm = defineTask({
  id: 'zenity-unnamed-form',
  app: 'zenity',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/zenity', '/bin/sh'],
  summary: 'fill a form whose text fields have no accessible name',
  maxSteps: 10,
  request: () => `Fill in the contact form: Name "${CONTACT.name}", Email "${CONTACT.email}", City "${CONTACT.city}", then confirm it with OK.`,
  async setup(ctx) {
    const out = ctx.path('form-output.txt');
    ctx.state.set('output', out);
    // zenity prints the fields, separated by "|", on stdout when OK is pressed; `exec` keeps the pid the harness waits on.
    await ctx.launch('/bin/sh', [
      '-c',
      `exec zenity --forms --title='New contact' --text='Contact details' --add-entry=Name --add-entry=Email --add-entry=City > '${out}'`,
    ]);
  },
  solution: () => [
    { type: CONTACT.name, into: { role: 'text', label: 'Name' } },
    { type: CONTACT.email, into: { role: 'text', label: 'Email' } },
    { type: CONTACT.city, into: { role: 'text', label: 'City' } },
    { click: { role: 'push button', name: 'OK' } },
    { finish: true },
  ],
  async check(ctx) {
    const out = ctx.state.get('output') as string;
    const expected = `${CONTACT.name}|${CONTACT.email}|${CONTACT.city}`;
    const text = await readUntil(
      () => (existsSync(out) ? readFileSync(out, 'utf8') : ''),
      (t) => t.trim() === expected,
    );
    return {
      passed: text.trim() === expected,
      detail: `zenity printed ${JSON.stringify(text)}${text.trim() === expected ? '' : `, expected ${JSON.stringify(expected)}`}`,
    };
  },
});

/** Two windows: compute in galculator, then write the result into mousepad and save. */
export const twoWindowsCalculatorToEditor = defineTask({
  id: 'two-windows-calculator-to-editor',
  app: 'galculator + mousepad',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/galculator', '/usr/bin/mousepad'],
  summary: 'a task that needs two windows: compute in one app, write the result in another',
  maxSteps: 14,
  request: (ctx) =>
    `Compute 45 times 12 with the galculator window, then write the result into the Mousepad window (the file ${ctx.path('result.txt')}) and save it.`,
  async setup(ctx) {
    writeFileSync(ctx.path('result.txt'), '');
    await ctx.launch('mousepad', [ctx.path('result.txt')]);
    await ctx.launch('galculator');
  },
  solution: () => [
    { selectWindow: { title: 'galculator' } },
    {
      all: [
        { click: { role: 'toggle button', name: '4' } },
        { click: { role: 'toggle button', name: '5' } },
        { click: { role: 'toggle button', name: '*' } },
        { click: { role: 'toggle button', name: '1' } },
        { click: { role: 'toggle button', name: '2' } },
        { click: { role: 'toggle button', name: '=' } },
      ],
    },
    { selectWindow: { titleContaining: 'result.txt' }, when: { role: 'text', shows: '540' } },
    { type: '540', into: { role: 'text', state: 'editable' } },
    { keys: 'ctrl+s' },
    { finish: true, when: { role: 'text', shows: '540' } },
  ],
  check: async (ctx) =>
    readUntil(
      () => fileHolds(ctx.path('result.txt'), '540'),
      (r) => r.passed,
    ),
});
