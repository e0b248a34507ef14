// AT-SPI events that change an application's accessible tree, as received on the accessibility bus.
import type { AccessibleRef } from './accessible-node.js';
import type { AtspiClient } from './atspi-client.js';
import { ATSPI_IFACE, ATSPI_REGISTRY_BUS } from './atspi-constants.js';
import type { DbusSignal } from './dbus-transport.js';

/** What an event says changed. */
export type AtspiEventKind =
  /** A child was added to or removed from the object (`detail`: `add` / `remove`). */
  | 'children-changed'
  /** A property of the object changed (`detail`: `accessible-name`, `accessible-description`, `accessible-role` …). */
  | 'property-change'
  /** A state of the object was set or cleared (`detail`: the state name, e.g. `showing`, `checked`). */
  | 'state-changed'
  /** The object's extents changed. */
  | 'bounds-changed'
  /** A window (a top-level) was created, destroyed, shown, moved … (`detail`: the signal name, e.g. `Create`). */
  | 'window';

/** One tree-changing AT-SPI event. */
export interface AtspiEvent {
  kind: AtspiEventKind;
  /** The object the event is about. */
  source: AccessibleRef;
  /** The event's detail string (see {@link AtspiEventKind}); for window events the signal name. */
  detail: string;
  /** For `state-changed`: 1 when the state was set, 0 when cleared; for `children-changed`: the child's index. */
  value: number;
  /** For `children-changed`: the child added or removed, when the toolkit says. */
  child?: AccessibleRef;
}

/**
 * The AT-SPI event types a tree cache listens to, as the registry names them. Not `object:bounds-changed`: extents
 * are read at every listing, and a window being resized would flood the bus with them.
 */
export const TREE_EVENT_TYPES: readonly string[] = ['object:children-changed', 'object:property-change', 'object:state-changed', 'window:'];

const OBJECT_EVENT_IFACE = 'org.a11y.atspi.Event.Object';
const WINDOW_EVENT_IFACE = 'org.a11y.atspi.Event.Window';

const OBJECT_KINDS: Readonly<Record<string, AtspiEventKind>> = {
  ChildrenChanged: 'children-changed',
  PropertyChange: 'property-change',
  StateChanged: 'state-changed',
  BoundsChanged: 'bounds-changed',
};

/** Decodes one event signal (undefined for signals that do not change the tree, e.g. text or caret events). */
export function decodeAtspiEvent(signal: Pick<DbusSignal, 'sender' | 'path' | 'interface' | 'member' | 'body'>): AtspiEvent | undefined {
  const source = { bus: signal.sender, path: signal.path };
  const [detail, value, , data] = signal.body as [unknown, unknown, unknown, unknown];
  if (signal.interface === WINDOW_EVENT_IFACE) return { kind: 'window', source, detail: signal.member, value: 0 };
  const kind = OBJECT_KINDS[signal.member];
  if (signal.interface !== OBJECT_EVENT_IFACE || !kind) return undefined;
  const event: AtspiEvent = { kind, source, detail: String(detail ?? ''), value: Number(value ?? 0) };
  if (kind === 'children-changed') {
    const ref = data !== null && typeof data === 'object' && 'value' in data ? (data as { value: unknown }).value : data;
    if (Array.isArray(ref) && typeof ref[0] === 'string' && typeof ref[1] === 'string') event.child = { bus: ref[0], path: ref[1] };
  }
  return event;
}

/**
 * Registers with the AT-SPI registry for the events in `TREE_EVENT_TYPES` (toolkits send only the events some
 * client registered for) and calls `handler` with each one received. Resolves with a function that stops it.
 */
export async function subscribeAtspiEvents(client: AtspiClient, handler: (event: AtspiEvent) => void): Promise<() => void> {
  const onSignal = (signal: DbusSignal): void => {
    const event = decodeAtspiEvent(signal);
    if (event) handler(event);
  };
  const stops = await Promise.all([client.subscribeSignals(OBJECT_EVENT_IFACE, onSignal), client.subscribeSignals(WINDOW_EVENT_IFACE, onSignal)]);
  const registry = { bus: ATSPI_REGISTRY_BUS, path: '/org/a11y/atspi/registry' };
  await Promise.all(TREE_EVENT_TYPES.map((type) => client.call(registry, ATSPI_IFACE.registry, 'RegisterEvent', 'sass', [type, [], ''])));
  return () => stops.forEach((stop) => stop());
}
