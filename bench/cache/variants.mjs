// Task variants for bench/cache: the same task (same id and request, so the same cache key) on an app whose controls
// were changed from outside between the run that was recorded and the replay. Each changes the real app only
// through what it lets a user change: zenity's command line, a file on disk, galculator's configuration file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CONTACT = { Name: 'Ada Lovelace', Email: 'ada@example.org', City: 'London' };

/** zenity's form with the given captions, in order; the output file's fields follow the captions' order. */
function zenityFormWith(task, captions) {
  return {
    ...task,
    async setup(ctx) {
      const out = ctx.path('form-output.txt');
      ctx.state.set('output', out);
      const fields = captions.map((c) => `--add-entry='${c}'`).join(' ');
      await ctx.launch('/bin/sh', ['-c', `exec zenity --forms --title='New contact' --text='Contact details' ${fields} > '${out}'`]);
    },
  };
}

/** Reads zenity's output as caption → value (in the form's own order). */
async function zenityFields(ctx, captions) {
  const out = ctx.state.get('output');
  for (let i = 0; i < 50 && !(existsSync(out) && readFileSync(out, 'utf8').trim()); i += 1) await new Promise((r) => setTimeout(r, 100));
  const values = existsSync(out) ? readFileSync(out, 'utf8').trim().split('|') : [];
  return Object.fromEntries(captions.map((c, i) => [c, values[i] ?? '']));
}

/** "Reordered controls": the form's fields in reverse order (the cached run typed into each field by its caption). */
export function reorderedForm(task) {
  const captions = ['City', 'Email', 'Name'];
  return {
    ...zenityFormWith(task, captions),
    async check(ctx) {
      const got = await zenityFields(ctx, captions);
      const passed = captions.every((c) => got[c] === CONTACT[c]);
      return { passed, detail: `zenity printed ${JSON.stringify(got)}` };
    },
  };
}

/**
 * The injected changes: each is applied to a task between the recorded run and the replay. `expect` is what a
 * replay must do: stop (fail closed with a typed reason, or hand the step to the model), never act on another
 * control than the cached one.
 */
export const INJECTED = [
  {
    name: 'control renamed (zenity form: the "City" field captioned "Town")',
    task: 'zenity-unnamed-form',
    variant: (task) => zenityFormWith(task, ['Name', 'Email', 'Town']),
  },
  {
    name: 'dialog added (mousepad Save As: the file exists, so GTK asks whether to replace it)',
    task: 'mousepad-save-as',
    variant: (task) => ({
      ...task,
      async setup(ctx) {
        writeFileSync(ctx.path('list.txt'), 'an older list\n');
        await task.setup(ctx);
      },
    }),
  },
  {
    name: 'button disabled (galculator in binary: the digits 2 to 9 are insensitive)',
    task: 'galculator-clicks',
    variant: (task) => ({
      ...task,
      async setup(ctx) {
        const dir = join(ctx.desktop.runtimeDir, 'config', 'galculator');
        mkdirSync(dir, { recursive: true });
        // scientific mode (1) with the binary number base (3): galculator makes the digits 2-9 insensitive
        writeFileSync(join(dir, 'galculator.conf'), '[general]\nmode=1\ndefault_number_base=3\n');
        await task.setup(ctx);
      },
    }),
  },
];
