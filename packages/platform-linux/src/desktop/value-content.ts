import type { AccessibleRef } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { ATSPI_IFACE } from '../atspi/atspi-constants.js';

/** A slider's, spin button's, progress bar's or scroll bar's value as a listing shows it. */
export interface ValueContent {
  current: number;
  min: number;
  max: number;
  /** Smallest change the control makes (`MinimumIncrement`), when the toolkit gives one above zero. */
  step?: number;
  /** The value as the control displays it, when the toolkit gives it (`Value.Text`). */
  text?: string;
}

/**
 * Reads a Value object's current value, range and step. Toolkits are asked for all of them, and the displayed text,
 * in one `Properties.GetAll` call; Qt's bridge answers that with an error, so Qt
 * (`oneByOne`), and any toolkit whose `GetAll` fails, is asked property by property. Undefined when the
 * values are not numbers.
 */
export async function readValueContent(atspi: AtspiClient, ref: AccessibleRef, options: { oneByOne: boolean }): Promise<ValueContent | undefined> {
  const raw = (options.oneByOne ? undefined : await atspi.valueRange(ref).catch(() => undefined)) ?? (await valueOneByOne(atspi, ref));
  if (![raw.current, raw.min, raw.max].every(Number.isFinite)) return undefined;
  const value: ValueContent = { current: tidy(raw.current), min: tidy(raw.min), max: tidy(raw.max) };
  if (Number.isFinite(raw.step) && raw.step > 0) value.step = tidy(raw.step);
  if (raw.text.trim()) value.text = raw.text.trim();
  return value;
}

async function valueOneByOne(atspi: AtspiClient, ref: AccessibleRef): Promise<{ current: number; min: number; max: number; step: number; text: string }> {
  const [current, min, max, step] = await Promise.all(
    ['CurrentValue', 'MinimumValue', 'MaximumValue', 'MinimumIncrement'].map((name) =>
      atspi.property(ref, ATSPI_IFACE.value, name).then(Number, () => Number.NaN),
    ),
  );
  return { current: current!, min: min!, max: max!, step: step!, text: '' };
}

/** A number without binary noise (`27.400000000000002` → `27.4`). */
export function tidy(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}
