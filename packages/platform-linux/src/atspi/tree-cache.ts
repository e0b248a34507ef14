// Keeps each application's accessible tree between listings and re-reads only what AT-SPI events say changed.
import type { AccessibleNode, AccessibleRef } from './accessible-node.js';
import { walkTree } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { ATSPI_ROOT_PATH } from './atspi-constants.js';
import { subscribeAtspiEvents, type AtspiEvent } from './atspi-events.js';
import { treeLines, unexplainedDifferences } from './tree-verify.js';
import {
  cloneTree,
  readAccessibleTree,
  readTreeExtents,
  refreshAccessibleTree,
  type KnownObject,
  type ReadTreeOptions,
  type TreeChanges,
} from './tree-reader.js';

/** What changed in one application's tree since it was read, as events told (see {@link recordTreeEvent}). */
export interface PendingChanges {
  /** Read the whole tree again (a window came or went, or an event named an object the tree does not have). */
  all: boolean;
  props: Set<string>;
  children: Set<string>;
}

/** No changes. */
export function noPendingChanges(): PendingChanges {
  return { all: false, props: new Set(), children: new Set() };
}

/** States whose change shows or hides an object (and so its children). */
const SHOWN_STATES: ReadonlySet<string> = new Set(['showing', 'visible']);

/**
 * Records what one event changed, for the tree whose object paths `known` holds:
 *  - children-changed: the object's children are re-read (its subtree, reusing the objects that stay);
 *  - property-change: the object's properties (name, description, role …) are re-read;
 *  - state-changed: its states are re-read, and its children too when it was shown or hidden;
 *  - window events, children-changed of the application itself, and any event about an object the tree does not
 *    have (a toolkit that creates a widget and only says it is shown): the whole tree is read again — except a
 *    state change other than shown/hidden of such an object (focus moving through a sheet's cells) and a property
 *    change other than its parent (a document's scroll bar value), which are ignored;
 *  - bounds-changed: nothing (extents are read afresh for every listing).
 */
export function recordTreeEvent(changes: PendingChanges, event: AtspiEvent, known: ReadonlySet<string>): void {
  if (changes.all || event.kind === 'bounds-changed') return;
  const path = event.source.path;
  if (!known.has(path) && ignoredWhenUnknown(event)) {
    // an object the tree does not have was focused, selected, armed, renamed or changed its value: it lies in a part
    // no listing reads (a sheet's cell, a closed menu's item, a document's scroll bar); an object that appears says
    // so by being shown, by its parent's children-changed, or by a new parent
    return;
  }
  if (event.kind === 'window' || !known.has(path) || (event.kind === 'children-changed' && path === ATSPI_ROOT_PATH)) {
    changes.all = true;
    return;
  }
  if (event.kind === 'children-changed') changes.children.add(path);
  else if (event.kind === 'property-change') changes.props.add(path);
  else {
    changes.props.add(path);
    if (SHOWN_STATES.has(event.detail)) changes.children.add(path);
  }
}

/** Events about an object the tree does not have that cannot mean a new object in the tree (see {@link recordTreeEvent}). */
function ignoredWhenUnknown(event: AtspiEvent): boolean {
  if (event.kind === 'state-changed') return !SHOWN_STATES.has(event.detail);
  return event.kind === 'property-change' && event.detail !== 'accessible-parent';
}

/**
 * Whether a toolkit sends every event a kept tree needs. GTK 3 does. Qt 5 does not (a window title change sends no
 * name change) and GTK 4 does not (a child added after a dialog closes sends no children-changed): their trees are
 * read whole every time.
 */
export function sendsTreeEvents(toolkit: { name: string; version: string }): boolean {
  return /^gtk$/i.test(toolkit.name) && toolkit.version.startsWith('3.');
}

/** Options of {@link TreeCache}. */
export interface TreeCacheOptions {
  /**
   * Keep trees between reads (default true). Off, every read is a full {@link readAccessibleTree}; the events are
   * then not subscribed to.
   */
  enabled?: boolean;
  /** Which toolkits' trees are kept (default {@link sendsTreeEvents}). */
  trustToolkit?: (toolkit: { name: string; version: string }) => boolean;
  /**
   * Check an application's first tree served from a kept tree, and every n-th after it, against a whole read
   * (default 10; 0: never): on a difference the whole read is used; when no event received since the refresh began
   * explains the difference (an object changed between the two reads), that application is read whole from then on
   * (it sends too few events).
   */
  verifyEvery?: number;
}

/** One application's kept tree. */
interface CacheEntry {
  /** The tree as read, without extents (never handed out: reads get a copy). */
  tree: AccessibleNode;
  known: Set<string>;
  /** The read options it was made with (top-levels, budget …). */
  key: string;
  changes: PendingChanges;
}

/** Objects whose role and interfaces are kept per application, at most (the map starts again beyond). */
const MAX_KNOWN_OBJECTS = 50_000;

/** How a {@link TreeCache.read} got its tree. */
export type TreeReadSource = 'full' | 'refreshed';

/**
 * Per-application accessible trees kept between reads and invalidated by AT-SPI events (children-changed,
 * property-change, state-changed, window events): a read re-reads only the changed objects' properties and children,
 * long lists' on-screen rows, and every extent; everything else comes from the kept tree. An application is served
 * from its kept tree only when its toolkit is known to send every event needed ({@link sendsTreeEvents}), when its
 * previous read was not cut by the node budget, and when the refresh finds every kept object still there (else it is
 * read whole). Its first kept tree and every n-th after it are checked against a whole read
 * ({@link TreeCacheOptions.verifyEvery}): an application that differs where no event explains it (its events are off,
 * or too few) is read whole from then on.
 *
 * Before each read the application is asked one trivial call: D-Bus keeps one sender's messages in order, so the
 * events it sent before answering (the effect of an action just done) have arrived.
 */
export class TreeCache {
  private readonly entries = new Map<string, CacheEntry>();
  /** Applications found to send too few events (a check against a whole read differed). */
  private readonly untrusted = new Set<string>();
  /** Trees served from a kept tree, per application (bus name). */
  private readonly refreshes = new Map<string, number>();
  /** Role and interfaces of the objects read, per application (bus name); see `ReadTreeOptions.knownObjects`. */
  private readonly objects = new Map<string, Map<string, KnownObject>>();
  private stop: (() => void) | undefined;
  private starting: Promise<void> | undefined;
  /** How the latest read got its tree. */
  lastSource: TreeReadSource = 'full';

  constructor(
    private readonly client: AtspiClient,
    private readonly options: TreeCacheOptions = {},
  ) {}

  /** Subscribes to the events (once); resolves when the registry has them. */
  async start(): Promise<void> {
    if (this.options.enabled === false) return;
    this.starting ??= subscribeAtspiEvents(this.client, (event) => this.onEvent(event)).then((stop) => {
      this.stop = stop;
    });
    return this.starting;
  }

  /** Stops listening and forgets every tree. */
  close(): void {
    this.stop?.();
    this.entries.clear();
  }

  /** Forgets one application's tree (its next read is a full one). */
  forget(bus: string): void {
    this.entries.delete(bus);
  }

  private onEvent(event: AtspiEvent): void {
    const entry = this.entries.get(event.source.bus);
    if (entry) recordTreeEvent(entry.changes, event, entry.known);
  }

  /** The application's tree, with extents, as {@link readAccessibleTree} reads it (see the class). */
  async read(app: AccessibleRef, options: ReadTreeOptions = {}): Promise<AccessibleNode> {
    if (this.options.enabled === false) return readAccessibleTree(this.client, app, options);
    let objects = this.objects.get(app.bus);
    if (!objects || objects.size > MAX_KNOWN_OBJECTS) this.objects.set(app.bus, (objects = new Map()));
    options = { ...options, knownObjects: objects };
    const trusted =
      !this.untrusted.has(app.bus) && (this.options.trustToolkit ?? sendsTreeEvents)(await this.client.toolkit(app).catch(() => ({ name: '', version: '' })));
    if (!trusted) {
      this.lastSource = 'full';
      return readAccessibleTree(this.client, app, options);
    }
    await this.start().catch(() => undefined);
    const key = JSON.stringify([
      options.topLevelPaths ?? null,
      options.maxNodes ?? null,
      options.maxChildrenPerContainer ?? null,
      options.onScreenOnly ?? null,
    ]);
    // the events the application sent before answering this call have arrived when it returns
    await this.client.responds(app).catch(() => false);
    const entry = this.entries.get(app.bus);
    const usable = entry !== undefined && entry.key === key && !entry.changes.all && this.stop !== undefined;
    const changes: TreeChanges | undefined = usable ? entry.changes : undefined;
    // events from now on are about the tree this read makes
    const fresh: CacheEntry = {
      tree: entry?.tree ?? { ...app, role: '', name: '', description: '', states: [], interfaces: [], childCount: 0, children: [] },
      known: entry?.known ?? new Set(),
      key,
      changes: noPendingChanges(),
    };
    this.entries.set(app.bus, fresh);
    const bare = { ...options, extents: false };
    let tree: AccessibleNode | undefined;
    if (changes && entry) {
      tree = await refreshAccessibleTree(this.client, app, entry.tree, changes, bare).catch(() => undefined);
      this.lastSource = 'refreshed';
      const every = this.options.verifyEvery ?? 10;
      const n = this.refreshes.get(app.bus) ?? 0;
      this.refreshes.set(app.bus, n + 1);
      if (tree && every > 0 && n % every === 0) {
        const whole = await readAccessibleTree(this.client, app, bare);
        // differences that events received meanwhile explain are changes made between the two reads
        if (unexplainedDifferences(tree, whole, fresh.changes).length > 0) this.untrusted.add(app.bus);
        if (treeLines(whole).join('\n') !== treeLines(tree).join('\n')) {
          tree = whole;
          this.lastSource = 'full';
        }
      }
    }
    if (!tree) {
      tree = await readAccessibleTree(this.client, app, bare);
      this.lastSource = 'full';
    }
    const cut = options.stats?.budgetReached === true;
    if (cut) this.entries.delete(app.bus);
    else {
      fresh.tree = cloneTree(tree);
      fresh.known = new Set();
      // events that came during the read were recorded against the previous tree's objects (one it did not have
      // asks for a full read next time); from now on against this tree's
      for (const [node] of walkTree(tree)) fresh.known.add(node.path);
    }
    if (options.extents !== false) await readTreeExtents(this.client, app, tree);
    return tree;
  }
}
