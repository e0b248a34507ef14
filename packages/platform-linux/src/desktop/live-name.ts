// Reads a listed control's name as it is now, named the way listings name controls.
import type { AccessibleNode, AccessibleRef, XywhRect } from '../atspi/accessible-node.js';
import type { AtspiClient } from '../atspi/atspi-client.js';
import { controlDisplayName } from './control-selection.js';

/** How deep below the control label descendants are looked for (as deep as `controlDisplayName` looks). */
const MAX_DEPTH = 9;
/** At most this many objects are read below one control. */
const MAX_NODES = 200;

const shown = (box: XywhRect | undefined): XywhRect | undefined => (box && box.width > 0 && box.height > 0 && box.x > -1e6 ? box : undefined);

/** One object with its role, name and children, and extents when it is a label or the control itself. */
async function readLive(atspi: AtspiClient, ref: AccessibleRef, depth: number, budget: { left: number }): Promise<AccessibleNode> {
  budget.left -= 1;
  const [role, name, children] = await Promise.all([
    atspi.role(ref),
    atspi.name(ref),
    depth < MAX_DEPTH ? atspi.children(ref).catch(() => []) : Promise.resolve([]),
  ]);
  const extents = depth === 0 || role === 'label' ? shown(await atspi.extents(ref).catch(() => undefined)) : undefined;
  const kids: AccessibleNode[] = [];
  for (const child of children) {
    if (budget.left <= 0) break;
    const read = await readLive(atspi, child, depth + 1, budget).catch(() => undefined);
    if (read) kids.push(read);
  }
  return { ...ref, role, name, description: '', states: [], interfaces: [], childCount: children.length, children: kids, ...(extents ? { extents } : {}) };
}

/**
 * A control's display name read from the accessibility bus now (see `controlDisplayName`): its accessible name,
 * else the text of the label descendants it shows now (a GTK 4 drop-down's selected item). `rawName` is its
 * accessible name when already read. Throws when the object is gone.
 */
export async function liveDisplayName(atspi: AtspiClient, ref: AccessibleRef, role: string, rawName?: string): Promise<string> {
  const name = rawName ?? (await atspi.name(ref));
  const own = controlDisplayName({ ...ref, role, name, description: '', states: [], interfaces: [], childCount: 0, children: [] });
  if (own) return own;
  return controlDisplayName(await readLive(atspi, ref, 0, { left: MAX_NODES }));
}
