import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineTask } from '../task.js';
import { iniValue, readUntil } from './checks.js';

/** Where GLib's keyfile settings backend writes (GSETTINGS_BACKEND=keyfile). */
function keyfilePath(configHome: string): string {
  return join(configHome, 'glib-2.0', 'settings', 'keyfile');
}

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');

/** A check box and a combo box in mousepad's Preferences dialog; the saved GSettings are read back. */
export const mousepadPreferences = defineTask({
  id: 'mousepad-preferences',
  app: 'mousepad',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/mousepad'],
  summary: 'toggle a check box and choose in a combo box in a preferences dialog; check the saved settings',
  maxSteps: 20,
  env: { GSETTINGS_BACKEND: 'keyfile' },
  request: () => 'In Mousepad\'s preferences, turn on "Show line numbers" and make the Tab key insert spaces instead of tabs.',
  async setup(ctx) {
    await ctx.launch('mousepad');
  },
  solution: () => [
    { click: { role: 'menu', name: 'Edit' } },
    { click: { role: 'menu item', name: 'Preferences...' } },
    { selectWindow: { title: 'Mousepad Preferences' } },
    { click: { role: 'check box', name: 'Show line numbers' } },
    { click: { role: 'page tab', name: 'Editor' } },
    { click: { role: 'combo box', name: 'Insert Tabs' }, when: { role: 'combo box', name: 'Insert Tabs' } },
    { click: { role: 'menu item', name: 'Insert Spaces' } },
    { finish: true, when: { role: 'combo box', name: 'Insert Spaces' } },
  ],
  async check(ctx) {
    const path = keyfilePath(ctx.desktop.env.XDG_CONFIG_HOME!);
    const wanted = (text: string) =>
      iniValue(text, 'show-line-numbers', 'org/xfce/mousepad/preferences/view') === 'true' &&
      iniValue(text, 'insert-spaces', 'org/xfce/mousepad/preferences/view') === 'true';
    const text = await readUntil(() => read(path), wanted);
    const shown = `show-line-numbers=${iniValue(text, 'show-line-numbers') ?? '(unset)'}, insert-spaces=${iniValue(text, 'insert-spaces') ?? '(unset)'}`;
    return { passed: wanted(text), detail: `${path}: ${shown}` };
  },
});

/** A radio button, a combo box and a check box in galculator's Preferences; galculator.conf is read back after quitting. */
export const galculatorPreferences = defineTask({
  id: 'galculator-preferences',
  app: 'galculator',
  toolkit: 'GTK 3',
  requires: ['/usr/bin/galculator'],
  summary: 'choose a radio button, a combo box entry and a check box in a preferences dialog; check the saved settings',
  maxSteps: 24,
  request: () =>
    "In galculator's preferences, choose an infinite stack size, and show a separator for hexadecimal numbers (under Numbers). Then close the preferences and quit galculator so the settings are saved.",
  async setup(ctx) {
    await ctx.launch('galculator');
  },
  solution: () => [
    { click: { role: 'menu', name: 'Edit' } },
    { click: { role: 'menu item', name: 'Preferences...' } },
    { selectWindow: { title: 'galculator Preferences' } },
    { click: { role: 'page tab', name: 'General' } },
    { click: { role: 'radio button', name: 'infinite stack size' }, when: { role: 'radio button', name: 'infinite stack size' } },
    { click: { role: 'page tab', name: 'Numbers' } },
    { click: { role: 'combo box', name: 'Decimal' }, when: { role: 'combo box', name: 'Decimal' } },
    { click: { role: 'menu item', name: 'Hexadecimal' } },
    { click: { role: 'check box', name: 'Show separator' }, when: { role: 'check box', name: 'Show separator' } },
    { click: { role: 'push button', name: 'Close' } },
    { selectWindow: { title: 'galculator' } },
    { keys: 'ctrl+q' },
    { finish: true },
  ],
  async check(ctx) {
    const path = join(ctx.desktop.env.XDG_CONFIG_HOME!, 'galculator', 'galculator.conf');
    const text = await readUntil(
      () => read(path),
      (t) => t.includes('stack_size='),
    );
    const stack = iniValue(text, 'stack_size');
    const hexSep = iniValue(text, 'hex_sep');
    const passed = stack === '-1' && hexSep === 'true';
    return {
      passed,
      detail: `${existsSync(path) ? path : `${path} (not written)`}: stack_size=${stack ?? '(unset)'} (-1 = infinite), hex_sep=${hexSep ?? '(unset)'}`,
    };
  },
});
