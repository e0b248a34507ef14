import { readCalculatorDisplay } from '@ufo-ts/platform-linux';
import { defineTask, type CheckResult, type TaskWorkspace } from '../task.js';
import { readUntil } from './checks.js';

/** Passes when the calculator's display (read through AT-SPI) shows `expected`. */
async function displayShows(ctx: TaskWorkspace, app: 'galculator' | 'gnome-calculator', expected: string): Promise<CheckResult> {
  const read = () =>
    readCalculatorDisplay(ctx.desktop, { app }).catch((error: unknown) => `(unreadable: ${error instanceof Error ? error.message : String(error)})`);
  const shown = await readUntil(read, (text) => text.trim() === expected);
  return {
    passed: shown.trim() === expected,
    detail: `${app}'s display shows ${JSON.stringify(shown)}${shown.trim() === expected ? '' : `, expected ${JSON.stringify(expected)}`}`,
  };
}

/** Arithmetic by clicking galculator's keypad (GTK 3). */
export const galculatorClicks = defineTask({
  id: 'galculator-clicks',
  app: 'galculator',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/galculator'],
  summary: 'arithmetic by clicking the keypad buttons',
  maxSteps: 10,
  request: () => 'Use the calculator to compute 12 times 34 by clicking its buttons.',
  async setup(ctx) {
    await ctx.launch('galculator');
  },
  solution: () => [
    {
      all: [
        { click: { role: 'toggle button', name: '1' } },
        { click: { role: 'toggle button', name: '2' } },
        { click: { role: 'toggle button', name: '*' } },
        { click: { role: 'toggle button', name: '3' } },
        { click: { role: 'toggle button', name: '4' } },
        { click: { role: 'toggle button', name: '=' } },
      ],
    },
    { finish: true, result: '408', when: { role: 'text', shows: '408' } },
  ],
  check: (ctx) => displayShows(ctx, 'galculator', '408'),
});

/** Arithmetic by typing on gnome-calculator's keyboard (GTK 4). */
export const gnomeCalculatorKeyboard = defineTask({
  id: 'gnome-calculator-keyboard',
  app: 'gnome-calculator',
  toolkit: 'GTK 4',
  requires: ['/usr/bin/gnome-calculator'],
  summary: 'arithmetic by keyboard',
  maxSteps: 10,
  request: () => 'Use the calculator to compute 1234 minus 567, typing on the keyboard.',
  async setup(ctx) {
    await ctx.launch('gnome-calculator');
  },
  solution: () => [{ type: '1234-567' }, { keys: 'Return' }, { finish: true, result: '667', when: { role: 'text', shows: '667' } }],
  check: (ctx) => displayShows(ctx, 'gnome-calculator', '667'),
});

/** Arithmetic by clicking gnome-calculator's buttons (GTK 4). */
export const gnomeCalculatorClicks = defineTask({
  id: 'gnome-calculator-clicks',
  app: 'gnome-calculator',
  toolkit: 'GTK 4',
  requires: ['/usr/bin/gnome-calculator'],
  summary: 'arithmetic by clicking the keypad buttons',
  maxSteps: 10,
  request: () => 'Use the calculator to compute 56 divided by 8 by clicking its buttons.',
  async setup(ctx) {
    await ctx.launch('gnome-calculator');
  },
  solution: () => [
    {
      all: [
        { click: { role: 'push button', name: '5' } },
        { click: { role: 'push button', name: '6' } },
        { click: { role: 'push button', name: '÷' } },
        { click: { role: 'push button', name: '8' } },
        { click: { role: 'push button', name: '=' } },
      ],
    },
    { finish: true, result: '7', when: { role: 'text', shows: '7' } },
  ],
  check: (ctx) => displayShows(ctx, 'gnome-calculator', '7'),
});

/** Keyboard arithmetic on galculator (GTK 3). */
export const galculatorKeyboard = defineTask({
  id: 'galculator-keyboard',
  app: 'galculator',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/galculator'],
  summary: 'arithmetic by keyboard',
  maxSteps: 10,
  request: () => 'Use the calculator to compute 250 plus 175, typing on the keyboard.',
  async setup(ctx) {
    await ctx.launch('galculator');
  },
  solution: () => [{ type: '250+175=' }, { finish: true, result: '425', when: { role: 'text', shows: '425' } }],
  check: (ctx) => displayShows(ctx, 'galculator', '425'),
});
