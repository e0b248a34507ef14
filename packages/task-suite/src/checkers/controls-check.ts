import type { z } from 'zod';
import { describeRef, matchesControl } from '../grounded/resolve.js';
import type { ListedItem } from '@ufo-ts/processor-strategies';
import type { CheckedControl, CheckResult, TaskWorkspace } from '../task.js';
import { readUntil } from '../tasks/checks.js';
import type { ControlsCheckerSchema } from './checker-schema.js';

/** A control read back through AT-SPI, in the shape the reference matcher takes. */
function asListed(control: CheckedControl): ListedItem {
  return {
    id: control.id,
    role: control.role,
    name: control.name,
    ...(control.text !== undefined ? { shows: control.text } : {}),
    rest: '',
    states: control.states ?? [],
    line: `${control.role} "${control.name}"`,
  };
}

/** The `controls` checker: some control of a live window matches a reference (or, with `absent`, none does). */
export async function checkControls(spec: z.input<typeof ControlsCheckerSchema>, ctx: TaskWorkspace, retryMs = 5000): Promise<CheckResult> {
  const wanted = describeRef(spec.control);
  const judge = (controls: CheckedControl[]): CheckResult => {
    const found = controls.filter((c) => matchesControl(asListed(c), spec.control));
    const nth = spec.control.nth ?? 1;
    const match = found[nth - 1];
    const where = spec.window ? `window "…${spec.window}…"` : 'the focused window';
    if (spec.absent)
      return { passed: match === undefined, detail: match ? `${where} lists ${describeControl(match)} (should not)` : `${where} lists no ${wanted}` };
    return {
      passed: match !== undefined,
      detail: match ? `${where} lists ${describeControl(match)}` : `${where} lists no ${wanted} (${controls.length} controls)`,
    };
  };
  try {
    return judge(
      await readUntil(
        () => ctx.controls(spec.window),
        (cs) => judge(cs).passed,
        retryMs,
      ),
    );
  } catch (error) {
    return { passed: false, detail: `the controls could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function describeControl(c: CheckedControl): string {
  return `${c.role} ${JSON.stringify(c.name)}${c.text !== undefined ? ` showing ${JSON.stringify(c.text.length > 80 ? `${c.text.slice(0, 80)}…` : c.text)}` : ''}${c.states?.length ? ` [${c.states.join(', ')}]` : ''}`;
}
