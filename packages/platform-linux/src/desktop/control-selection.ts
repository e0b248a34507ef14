import type { AccessibleNode, XywhRect } from '../atspi/accessible-node.js';

/** Roles listed as controls by default: what a user can act on or read (close to the original's CONTROL_LIST). */
export const DEFAULT_CONTROL_ROLES: ReadonlySet<string> = new Set([
  'push button',
  'toggle button',
  'push button menu',
  'check box',
  'radio button',
  'menu item',
  'check menu item',
  'radio menu item',
  'menu',
  'combo box',
  'entry',
  'text',
  'password text',
  'spin button',
  'slider',
  'link',
  'list item',
  'page tab',
  'tree item',
  'table cell',
  'icon',
  'label',
  'heading',
  'paragraph',
  'document text',
  'document frame',
  'document web',
  'terminal',
  'scroll bar',
  'status bar',
  'image',
  'static',
  'progress bar',
  'level bar',
  'table',
  'tree table',
]);

const TOOLKIT_CLASS_NAME = /^(Gtk|Adw|Gdk|Gsk|Hdy|Xfce|Mousepad)[A-Z]\w*$/;
/** GTK 4's CSS node names, which some versions report as the name of a widget's unnamed inner parts. */
const INNER_PART_NAME = /^(togglebutton|menubutton|checkbutton|dropdown|combobox|listitem)$/;

/** Whether a name is one a toolkit made up for an object without a caption (a class or CSS node name). */
function isToolkitName(name: string): boolean {
  return TOOLKIT_CLASS_NAME.test(name) || INNER_PART_NAME.test(name);
}

/** Roles whose caption can lie deep inside: a GTK 4 drop-down shows its selected item seven levels below it. */
const DEEP_CAPTION_ROLES: ReadonlySet<string> = new Set(['combo box', 'push button', 'toggle button', 'push button menu']);

/**
 * The text of a control's label descendants. A stack keeps its hidden pages in the tree (a GTK 4 drop-down
 * holds a "(None)" placeholder beside the item it shows): of a control on screen, only labels that are drawn
 * (that have extents) count, when there are any.
 */
function captionFromLabels(node: AccessibleNode): string {
  const maxDepth = DEEP_CAPTION_ROLES.has(node.role) ? 8 : 3;
  const labels: AccessibleNode[] = [];
  const visit = (n: AccessibleNode, depth: number): void => {
    for (const child of n.children) {
      if (child.role === 'label' && child.name.trim() && !isToolkitName(child.name.trim())) labels.push(child);
      else if (depth < maxDepth) visit(child, depth + 1);
    }
  };
  visit(node, 0);
  const drawn = node.extents ? labels.filter((label) => label.extents) : [];
  return (drawn.length > 0 ? drawn : labels).map((label) => label.name.trim()).join(' ');
}

/**
 * A readable name for a control: toolkit class names (`GtkButton`, GTK 4's `togglebutton`) are dropped, GTK 4's
 * doubled names (`"7 7"`: name + label) are collapsed, and unnamed controls take the text of their label
 * descendants that are shown (a GTK 4 drop-down: the item it shows, not its hidden placeholder).
 */
export function controlDisplayName(node: AccessibleNode): string {
  let name = node.name.trim();
  if (isToolkitName(name)) name = '';
  const half = name.length % 2 === 1 ? (name.length - 1) / 2 : -1;
  if (half > 0 && name[half] === ' ' && name.slice(0, half) === name.slice(half + 1)) name = name.slice(0, half);
  if (name) return name;
  return captionFromLabels(node);
}

/** Controls whose label children are their own caption (listed once, as the control). */
const LABELLED_ROLES: ReadonlySet<string> = new Set([
  'push button',
  'toggle button',
  'push button menu',
  'check box',
  'radio button',
  'menu item',
  'check menu item',
  'radio menu item',
  'link',
  'page tab',
  'list item',
  'tree item',
  'combo box',
  'table cell',
]);

function intersects(a: XywhRect, b: XywhRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Containers of items that a toolkit keeps while their popup is closed. */
const POPUP_CONTAINER_ROLES: ReadonlySet<string> = new Set(['list', 'list box', 'menu', 'popup menu', 'tree', 'tree table', 'table']);

/**
 * A list-like container with no extents: the tree reader reads extents of what the toolkit shows (SHOWING, or
 * VISIBLE for GTK 4), so its items are not on screen either.
 */
function isHiddenContainer(node: AccessibleNode): boolean {
  return POPUP_CONTAINER_ROLES.has(node.role) && node.interfaces.includes(COMPONENT_IFACE) && node.extents === undefined;
}

const COMPONENT_IFACE = 'org.a11y.atspi.Component';

/**
 * A named object a user selects though its role says container: LibreOffice's slide thumbnails (`panel "Slide 2"`,
 * selectable, in the slide pane).
 */
function isSelectableItem(node: AccessibleNode): boolean {
  return node.role === 'panel' && node.states.includes('selectable') && node.name.trim() !== '';
}

/** Options of {@link selectControls}. */
export interface ControlSelection {
  /** Only these roles (AT-SPI role names). Default: {@link DEFAULT_CONTROL_ROLES}. */
  roles?: readonly string[];
  /** Every node of the tree, including panels and fillers without a position. Overrides `roles`. */
  includeAll?: boolean;
  /** The window's rectangle in the same coordinates as the node extents; controls outside it are left out. */
  within?: XywhRect;
}

/** One selected node with its depth and nearest selected ancestor. */
export interface SelectedNode {
  node: AccessibleNode;
  depth: number;
  /** Index (in the returned list) of the nearest selected ancestor, or -1. */
  parentIndex: number;
  /** Index of the root's child (top-level window) the node is under; -1 for the root itself. */
  topIndex: number;
}

/**
 * The nodes to list as controls, in tree order: by role, on screen (with extents inside the window), skipping
 * labels inside buttons, menu items and the like (their text is the control's name).
 */
export function selectControls(root: AccessibleNode, selection: ControlSelection = {}): SelectedNode[] {
  const roles = selection.roles ? new Set(selection.roles.map((r) => r.toLowerCase())) : DEFAULT_CONTROL_ROLES;
  const out: SelectedNode[] = [];
  const visit = (node: AccessibleNode, depth: number, parentIndex: number, topIndex: number, hidden: boolean): void => {
    let myIndex = parentIndex;
    let take = false;
    if (selection.includeAll) take = true;
    else if (
      !hidden &&
      (roles.has(node.role) || (!selection.roles && isSelectableItem(node))) &&
      node.extents &&
      (!selection.within || intersects(node.extents, selection.within))
    ) {
      const ancestor = parentIndex >= 0 ? out[parentIndex]!.node : undefined;
      const caption = node.role === 'label' && ancestor !== undefined && LABELLED_ROLES.has(ancestor.role);
      take = !caption && !node.states.includes('defunct');
    }
    if (take) {
      out.push({ node, depth, parentIndex, topIndex });
      myIndex = out.length - 1;
    }
    // inside a container that is not shown, nothing is shown, whatever the children report (Qt keeps a closed combo
    // box's rows "showing" under its hidden list)
    const hideChildren = hidden || (depth > 0 && isHiddenContainer(node));
    node.children.forEach((child, i) => visit(child, depth + 1, myIndex, depth === 0 ? i : topIndex, hideChildren));
  };
  visit(root, 0, -1, -1, false);
  return out;
}

/**
 * The selected nodes for which `keep` holds, with `parentIndex` re-pointed at the nearest kept ancestor (indices
 * refer to the returned list).
 */
export function keepSelected(selected: readonly SelectedNode[], keep: (item: SelectedNode, index: number) => boolean): SelectedNode[] {
  const newIndex: number[] = [];
  const out: SelectedNode[] = [];
  selected.forEach((item, i) => {
    let parent = item.parentIndex;
    while (parent >= 0 && newIndex[parent] === -1) parent = selected[parent]!.parentIndex;
    if (keep(item, i)) {
      newIndex[i] = out.length;
      out.push({ ...item, parentIndex: parent >= 0 ? newIndex[parent]! : -1 });
    } else {
      newIndex[i] = -1;
    }
  });
  return out;
}

/**
 * Drops controls that repeat an earlier one: same role, same name and the same rectangle on screen (GTK 3 lists an
 * open combo box's items twice, as menu items and as cells). The first one, in tree order, stays.
 */
export function withoutRepeats(selected: readonly SelectedNode[], names: readonly string[]): SelectedNode[] {
  const seen = new Set<string>();
  return keepSelected(selected, ({ node }, i) => {
    if (!node.extents) return true;
    const { x, y, width, height } = node.extents;
    const key = `${node.role}|${names[i]}|${x},${y},${width},${height}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
