// The screens the OCR benchmark reads: real apps on a virtual desktop, each with text boxes known from outside the
// image (the accessibility tree, Tk's own geometry, X button windows), tightened to the glyphs (see ink-box.mjs).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureScreen, listClientWindows, readAccessibleTree, walkTree } from '@ufo-ts/platform-linux';
import { inkBox } from './ink-box.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const COORD_SCREEN = 0;
const TEXT_IFACE = 'org.a11y.atspi.Text';
const here = new URL('.', import.meta.url).pathname;

const NOTES = [
  'Meeting notes for the quarterly planning review',
  'The team agreed to ship the billing export in March.',
  'Open questions: pricing tiers, data retention, and support hours.',
  'Action items',
  'Alice will draft the migration guide by Friday.',
  'Bob checks the invoice totals against last year.',
  'Carol prepares the customer survey and the summary slides.',
  'Risks: the vendor contract renews on the first of April.',
  'Budget for travel stays the same as last quarter.',
  'Next review is scheduled for the second week of June.',
];
const SALES = [
  ['Region', 'Product', 'Units', 'Price'],
  ['North', 'Widget', '120', '4.50'],
  ['South', 'Gadget', '75', '12.00'],
  ['East', 'Sprocket', '300', '0.85'],
  ['West', 'Gizmo', '42', '19.99'],
  ['Central', 'Doohickey', '9', '250.00'],
];
/** xcalc's buttons in its default (TI-30) layout, row by row. */
const XCALC_LABELS = [
  ['1/x', 'x²', '√', 'CE/C', 'AC'],
  ['INV', 'sin', 'cos', 'tan', 'DRG'],
  ['e', 'EE', 'log', 'ln', 'y^x'],
  ['not', 'and', 'or', 'xor', 'trunc'],
  ['π', 'x!', '(', ')', 'base'],
  ['shl', 'D', 'E', 'F', 'shr'],
  ['mod', 'A', 'B', 'C', '÷'],
  ['STO', '7', '8', '9', '*'],
  ['RCL', '4', '5', '6', '-'],
  ['SUM', '1', '2', '3', '+'],
  ['EXC', '0', '.', '+/-', '='],
].flat();

const files = (() => {
  let dir;
  return () => {
    if (dir) return dir;
    dir = mkdtempSync(join(tmpdir(), 'ufo-ocr-bench-'));
    writeFileSync(join(dir, 'notes.txt'), NOTES.join('\n') + '\n');
    writeFileSync(join(dir, 'sales.csv'), SALES.map((row) => row.join(',')).join('\n') + '\n');
    return dir;
  };
})();

/** Accessible objects of an app that draw their name as text, with the tight box of that text. */
async function accessibleTargets(ctx, pid, roles, image) {
  const atspi = await ctx.desktop.atspi();
  const app = (await atspi.applications()).find((a) => a.pid === pid);
  const tree = await readAccessibleTree(atspi, app);
  const targets = [];
  for (const [node] of walkTree(tree)) {
    const name = node.name.trim();
    if (!roles.has(node.role) || !name || !node.extents || !node.states.includes('showing') || name.includes('\n')) continue;
    let rect = node.extents;
    let inset = 3;
    if (node.interfaces.includes(TEXT_IFACE)) {
      const count = await atspi.characterCount(node).catch(() => 0);
      if (count > 0) {
        const [x, y, width, height] = await atspi.call(node, TEXT_IFACE, 'GetRangeExtents', 'iiu', [0, count, COORD_SCREEN]);
        if (width > 0 && height > 0) {
          rect = { x, y, width, height };
          inset = 0;
        }
      }
    }
    const box = inkBox(image, rect, { inset, anchor: node.role === 'table cell' || node.role === 'label' ? 'left' : 'center' });
    if (box) targets.push({ text: name, box, source: `atspi ${node.role}` });
  }
  return targets;
}

/** The document lines of a text view, each with the tight box of its glyphs. */
async function documentLineTargets(ctx, pid, image) {
  const atspi = await ctx.desktop.atspi();
  const app = (await atspi.applications()).find((a) => a.pid === pid);
  const tree = await readAccessibleTree(atspi, app);
  const view = [...walkTree(tree)].map(([n]) => n).find((n) => n.role === 'text' && n.interfaces.includes(TEXT_IFACE) && n.states.includes('showing'));
  const text = await atspi.text(view);
  const targets = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    if (line.trim()) {
      const [x, y, width, height] = await atspi.call(view, TEXT_IFACE, 'GetRangeExtents', 'iiu', [offset, offset + line.length, COORD_SCREEN]);
      const box = inkBox(image, { x, y, width, height }, { anchor: 'left', gapFactor: 99 });
      if (box) targets.push({ text: line, box, source: 'atspi text line' });
    }
    offset += line.length + 1;
  }
  return targets;
}

const windowTree = (x, id) => new Promise((resolve, reject) => x.client.QueryTree(id, (e, v) => (e ? reject(e) : resolve(v.children))));
const windowSize = (x, id) => new Promise((resolve, reject) => x.client.GetGeometry(id, (e, v) => (e ? reject(e) : resolve(v))));
const windowOrigin = (x, id) => new Promise((resolve, reject) => x.client.TranslateCoordinates(id, x.root, 0, 0, (e, v) => (e ? reject(e) : resolve(v))));

async function waitForXWindow(x, predicate, timeoutMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const window = (await listClientWindows(x)).find(predicate);
    if (window) return window;
    if (Date.now() - start > timeoutMs) throw new Error('timeout waiting for an X window');
    await sleep(100);
  }
}

async function accessibleScene(ctx, command, args) {
  const handle = ctx.desktop.launchApp(command, args);
  const frame = await handle.waitForFrame({ timeoutMs: 60_000 });
  return { handle, pid: frame.pid };
}

/**
 * The scenes: `setup(ctx)` starts the app and returns `{ stop, targets(image) }`; `ctx` holds the desktop.
 * `cellTexts` (gnumeric) are texts with no box from outside the image: counted as found when a region reads them.
 */
export const SCENES = [
  {
    name: 'galculator',
    async setup(ctx) {
      const { handle, pid } = await accessibleScene(ctx, 'galculator');
      return { stop: () => handle.stop(), targets: (image) => accessibleTargets(ctx, pid, new Set(['toggle button', 'push button', 'menu']), image) };
    },
  },
  {
    name: 'zenity-form',
    async setup(ctx) {
      const { handle, pid } = await accessibleScene(ctx, 'zenity', [
        '--forms',
        '--title=New contact',
        '--text=Contact details',
        '--add-entry=First name',
        '--add-entry=Last name',
        '--add-entry=Email address',
        '--add-password=Password',
        '--add-combo=Country',
        '--combo-values=France|Spain|Italy',
      ]);
      return { stop: () => handle.stop(), targets: (image) => accessibleTargets(ctx, pid, new Set(['label', 'push button']), image) };
    },
  },
  {
    name: 'zenity-list',
    async setup(ctx) {
      const rows = [
        ['Apple', 'Red', '1.20'],
        ['Banana', 'Yellow', '0.50'],
        ['Cherry', 'Dark red', '3.10'],
        ['Lemon', 'Yellow', '0.40'],
        ['Plum', 'Purple', '2.25'],
      ];
      const { handle, pid } = await accessibleScene(ctx, 'zenity', [
        '--list',
        '--title=Pick a fruit',
        '--width=700',
        '--height=500',
        '--column=Fruit',
        '--column=Colour',
        '--column=Price',
        ...rows.flat(),
      ]);
      return {
        stop: () => handle.stop(),
        targets: (image) => accessibleTargets(ctx, pid, new Set(['label', 'push button', 'table column header', 'table cell']), image),
      };
    },
  },
  {
    name: 'mousepad',
    async setup(ctx) {
      const { handle, pid } = await accessibleScene(ctx, 'mousepad', [join(files(), 'notes.txt')]);
      return {
        stop: () => handle.stop(),
        targets: async (image) => [...(await accessibleTargets(ctx, pid, new Set(['menu', 'label']), image)), ...(await documentLineTargets(ctx, pid, image))],
      };
    },
  },
  {
    name: 'gnumeric',
    async setup(ctx) {
      const { handle, pid } = await accessibleScene(ctx, 'gnumeric', [join(files(), 'sales.csv')]);
      await sleep(1000);
      return {
        stop: () => handle.stop(),
        targets: (image) => accessibleTargets(ctx, pid, new Set(['menu', 'label', 'page tab']), image),
        cellTexts: SALES.flat(),
      };
    },
  },
  {
    name: 'xcalc',
    async setup(ctx) {
      const x = await ctx.desktop.xDisplay();
      const handle = ctx.desktop.launchApp('xcalc');
      const window = await waitForXWindow(x, (w) => w.className === 'XCalc');
      await sleep(1000);
      return {
        stop: () => handle.stop(),
        async targets(image) {
          // the 55 button windows, row by row, are the labels above; the display's child windows are left out
          const [form] = await windowTree(x, window.id);
          const buttons = [];
          for (const id of await windowTree(x, form)) {
            const [size, origin] = await Promise.all([windowSize(x, id), windowOrigin(x, id)]);
            if (size.height < 70) buttons.push({ x: origin.destX, y: origin.destY, width: size.width, height: size.height });
          }
          buttons.sort((a, b) => a.y - b.y || a.x - b.x);
          if (buttons.length !== XCALC_LABELS.length) throw new Error(`xcalc shows ${buttons.length} buttons, expected ${XCALC_LABELS.length}`);
          return buttons
            .map((rect, i) => ({ text: XCALC_LABELS[i], box: inkBox(image, rect, { inset: 3 }), source: 'x11 button window' }))
            .filter((t) => t.box && /^[\x20-\x7e]+$/.test(t.text));
        },
      };
    },
  },
  {
    name: 'tk-panel',
    async setup(ctx) {
      const x = await ctx.desktop.xDisplay();
      const out = join(files(), 'tk-panel.jsonl');
      const handle = ctx.desktop.launchApp('wish', [join(here, 'tk-panel.tcl'), out]);
      await waitForXWindow(x, (w) => w.title === 'Order panel');
      for (let i = 0; i < 100; i += 1) {
        try {
          if (readFileSync(out, 'utf8').includes('Ready')) break;
        } catch {}
        await sleep(100);
      }
      const widgets = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      return {
        stop: () => handle.stop(),
        targets: async (image) =>
          widgets
            .map((w) => ({
              text: w.text,
              box: inkBox(image, w, { inset: w.class === 'Button' ? 3 : 1, anchor: w.class === 'Label' ? 'left' : 'center' }),
              source: `tk ${w.class.toLowerCase()}`,
            }))
            .filter((t) => t.box),
      };
    },
  },
];

/** Captures the whole screen of the desktop. */
export async function screenshot(ctx) {
  return captureScreen(await ctx.desktop.xDisplay());
}
