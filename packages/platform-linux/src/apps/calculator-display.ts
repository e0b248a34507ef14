import { findNode, findNodes } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { readAccessibleTree } from '../atspi/tree-reader.js';
import { AppNotReadyError } from '../errors.js';
import { waitFor, WaitTimeoutError } from '../util/wait.js';

/** Something that provides the desktop's AT-SPI client (a harness `Desktop` does). */
export interface AtspiSource {
  /** The AT-SPI client of the desktop's accessibility bus. */
  atspi(): Promise<AtspiClient>;
}

/** Options of {@link readCalculatorDisplay}. */
export interface CalculatorDisplayOptions {
  /** Calculator program: `gnome-calculator` (default) or `galculator`. */
  app?: 'gnome-calculator' | 'galculator';
  /** Pick the instance with this pid (default: the first one on the accessibility bus). */
  pid?: number;
}

/**
 * Reads what a calculator's display shows, from its accessibility tree: gnome-calculator's expression/result
 * entry (the `GtkSourceView` text object, which holds the result after `=`), or galculator's display text.
 * Returns the trimmed text, e.g. `"408"`.
 */
export async function readCalculatorDisplay(source: AtspiSource | AtspiClient, options: CalculatorDisplayOptions = {}): Promise<string> {
  const atspi = 'atspi' in source && typeof source.atspi === 'function' ? await source.atspi() : (source as AtspiClient);
  const name = options.app ?? 'gnome-calculator';
  const apps = await atspi.applications();
  const app = apps.find((a) => a.name === name && (options.pid === undefined || a.pid === options.pid));
  if (!app) throw new AppNotReadyError(`${name} is not on the accessibility bus (running apps: ${apps.map((a) => a.name).join(', ') || 'none'})`);
  const tree = await readAccessibleTree(atspi, app, { extents: false });
  const display =
    name === 'gnome-calculator'
      ? (findNode(tree, (n) => n.role === 'text' && n.name === 'GtkSourceView') ?? findNodes(tree, (n) => n.role === 'text')[0])
      : findNode(tree, (n) => n.role === 'text' && (n.states.includes('showing') || n.states.includes('visible')));
  if (!display) throw new AppNotReadyError(`${name} shows no display text object`);
  return (await atspi.text(display)).trim();
}

/** Waits until the calculator shows `expected` (string equality or a pattern) and returns the text. */
export async function waitForCalculatorDisplay(
  source: AtspiSource | AtspiClient,
  expected: string | RegExp,
  options: CalculatorDisplayOptions & { timeoutMs?: number } = {},
): Promise<string> {
  let last = '';
  try {
    return await waitFor(
      async () => {
        last = await readCalculatorDisplay(source, options);
        return (typeof expected === 'string' ? last === expected : expected.test(last)) ? last : undefined;
      },
      { timeoutMs: options.timeoutMs ?? 5000, intervalMs: 20, what: `the calculator to show ${String(expected)}` },
    );
  } catch (error) {
    if (error instanceof WaitTimeoutError)
      throw new AppNotReadyError(`the calculator shows ${JSON.stringify(last)}, not ${String(expected)}`, { cause: error });
    throw error;
  }
}
