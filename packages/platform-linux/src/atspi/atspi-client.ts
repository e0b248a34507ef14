import { AtspiError } from '../errors.js';
import type { AccessibleRef, XywhRect } from './accessible-node.js';
import { ATSPI_IFACE, ATSPI_NULL_PATH, ATSPI_REGISTRY_BUS, ATSPI_ROOT_PATH, decodeStates, roleName } from './atspi-constants.js';
import { connectDbus, DbusCallError, type DbusConnection, type DbusSignal } from './dbus-transport.js';

/** An application registered on the AT-SPI bus. */
export interface AtspiApplication extends AccessibleRef {
  /** Accessible name: for GTK apps the program name, e.g. `gnome-calculator`. */
  name: string;
  /** Process id of the application's bus connection. */
  pid: number | undefined;
  /** False when the application did not answer the listing's probe in time (busy or blocked). */
  responding: boolean;
}

/** One action an accessible object offers (`click`, `press` …). */
export interface AtspiAction {
  name: string;
  description: string;
  keybinding: string;
}

/** `AtspiRelationType` value of "labelled by". */
const RELATION_LABELLED_BY = 2;

/** `AtspiTextBoundaryType` of whole lines, from one line start to the next. */
const TEXT_BOUNDARY_LINE_START = 5;

/** Coordinate systems of `Component.GetExtents`. */
export const COORD_SCREEN = 0;
export const COORD_WINDOW = 1;

/** Options of {@link AtspiClient.connect}. */
export interface AtspiConnectOptions {
  /** Address of the desktop's session bus (where `org.a11y.Bus` lives). */
  sessionBusAddress: string;
  /** Per-call timeout in milliseconds. Default 5000. */
  callTimeoutMs?: number;
  /**
   * Register as an event listener with the registry (default true). GTK 3's atk-bridge only publishes its
   * `org.a11y.atspi.Cache` once some client has registered for events.
   */
  registerForEvents?: boolean;
}

/** Whether an error means the accessible object (or its application) no longer exists. */
export function isVanishedError(error: unknown): boolean {
  if (!(error instanceof DbusCallError)) return false;
  return /UnknownObject|ServiceUnknown|NoReply|UnknownMethod|NameHasNoOwner|Disconnected/.test(error.type);
}

/** Whether an error means the application did not answer in time (busy, or blocked in a nested event loop). */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof DbusCallError && error.type === 'timeout';
}

/** How long a liveness probe waits for an application's answer before calling it unresponsive. */
export const RESPONSIVENESS_PROBE_MS = 1000;

/** A client of the AT-SPI2 accessibility bus: the desktop's applications and their accessible objects. */
export class AtspiClient {
  /** Number of D-Bus calls made (for benchmarks). */
  calls = 0;
  private readonly toolkits = new Map<string, { name: string; version: string }>();

  private constructor(
    private readonly bus: DbusConnection,
    /** Address of the accessibility bus. */
    readonly address: string,
  ) {}

  /** Resolves the accessibility bus through `org.a11y.Bus.GetAddress` and connects to it. */
  static async connect(options: AtspiConnectOptions): Promise<AtspiClient> {
    const session = await connectDbus({ address: options.sessionBusAddress, callTimeoutMs: options.callTimeoutMs });
    let address: string;
    try {
      const [reply] = await session.call({
        destination: 'org.a11y.Bus',
        path: '/org/a11y/bus',
        interface: 'org.a11y.Bus',
        member: 'GetAddress',
      });
      address = String(reply);
    } catch (error) {
      throw new AtspiError(`cannot find the accessibility bus on ${options.sessionBusAddress}: ${(error as Error).message}`, { cause: error });
    } finally {
      session.close();
    }
    const bus = await connectDbus({ address, callTimeoutMs: options.callTimeoutMs }).catch((error: unknown) => {
      throw new AtspiError(`cannot connect to the accessibility bus ${address}: ${(error as Error).message}`, { cause: error });
    });
    const client = new AtspiClient(bus, address);
    if (options.registerForEvents !== false) {
      await client.call({ bus: ATSPI_REGISTRY_BUS, path: '/org/a11y/atspi/registry' }, ATSPI_IFACE.registry, 'RegisterEvent', 'sass', [
        'object:children-changed',
        [],
        '',
      ]);
    }
    return client;
  }

  /** Closes the connection. */
  close(): void {
    this.bus.close();
  }

  /** Receives the accessibility bus's signals of one interface (AT-SPI events); see `subscribeAtspiEvents`. */
  async subscribeSignals(iface: string, handler: (signal: DbusSignal) => void): Promise<() => void> {
    return this.bus.subscribeSignals(iface, handler);
  }

  /** A raw method call on an accessible object. Rejects with the D-Bus error (see {@link isVanishedError}). */
  async call(ref: AccessibleRef, iface: string, member: string, signature = '', body: unknown[] = [], timeoutMs?: number): Promise<unknown[]> {
    this.calls += 1;
    return this.bus.call({ destination: ref.bus, path: ref.path, interface: iface, member, signature, body, timeoutMs });
  }

  /** A property of an accessible object. */
  async property(ref: AccessibleRef, iface: string, name: string, timeoutMs?: number): Promise<unknown> {
    this.calls += 1;
    return this.bus.getProperty(ref.bus, ref.path, iface, name, timeoutMs);
  }

  /** The desktop root (the registry's accessible). */
  desktopRoot(): AccessibleRef {
    return { bus: ATSPI_REGISTRY_BUS, path: ATSPI_ROOT_PATH };
  }

  /**
   * Applications currently registered, with their names and pids. An application that does not answer within
   * `RESPONSIVENESS_PROBE_MS` is still listed (its pid comes from the bus daemon), with `responding: false`
   * and an empty name.
   */
  async applications(): Promise<AtspiApplication[]> {
    const refs = await this.children(this.desktopRoot());
    const apps = await Promise.all(
      refs.map(async (ref): Promise<AtspiApplication | undefined> => {
        const [name, pid] = await Promise.all([
          this.bus
            .getProperty(ref.bus, ref.path, ATSPI_IFACE.accessible, 'Name', RESPONSIVENESS_PROBE_MS)
            .then(String, (error: unknown) => (isTimeoutError(error) ? null : undefined)),
          this.pid(ref.bus).catch(() => undefined),
        ]);
        this.calls += 2;
        if (name === undefined) return undefined;
        return { ...ref, name: name ?? '', pid, responding: name !== null };
      }),
    );
    return apps.filter((app): app is AtspiApplication => app !== undefined);
  }

  /** Whether an application answers a trivial call within `timeoutMs` (default `RESPONSIVENESS_PROBE_MS`). */
  async responds(app: AccessibleRef, timeoutMs = RESPONSIVENESS_PROBE_MS): Promise<boolean> {
    this.calls += 1;
    try {
      await this.bus.getProperty(app.bus, ATSPI_ROOT_PATH, ATSPI_IFACE.accessible, 'ChildCount', timeoutMs);
      return true;
    } catch (error) {
      if (isTimeoutError(error)) return false;
      throw error;
    }
  }

  /** Children of an object (null references dropped). */
  async children(ref: AccessibleRef): Promise<AccessibleRef[]> {
    const [list] = await this.call(ref, ATSPI_IFACE.accessible, 'GetChildren');
    return (list as [string, string][]).map(([bus, path]) => ({ bus, path })).filter((child) => child.path !== ATSPI_NULL_PATH);
  }

  /** The object's role name (`push button`, `text`, ...). */
  async role(ref: AccessibleRef, timeoutMs?: number): Promise<string> {
    const [role] = await this.call(ref, ATSPI_IFACE.accessible, 'GetRole', '', [], timeoutMs);
    return roleName(Number(role));
  }

  /** The object's accessible name. */
  async name(ref: AccessibleRef, timeoutMs?: number): Promise<string> {
    return String(await this.property(ref, ATSPI_IFACE.accessible, 'Name', timeoutMs));
  }

  /** The object's accessible description. */
  async description(ref: AccessibleRef): Promise<string> {
    return String(await this.property(ref, ATSPI_IFACE.accessible, 'Description'));
  }

  /** How many children the object reports. */
  async childCount(ref: AccessibleRef): Promise<number> {
    return Number(await this.property(ref, ATSPI_IFACE.accessible, 'ChildCount'));
  }

  /** The object's state names (`enabled`, `focused`, `checked`, ...). */
  async states(ref: AccessibleRef, timeoutMs?: number): Promise<string[]> {
    const [words] = await this.call(ref, ATSPI_IFACE.accessible, 'GetState', '', [], timeoutMs);
    return decodeStates(words as number[]);
  }

  /** The AT-SPI interfaces the object implements (`org.a11y.atspi.Action`, ...). */
  async interfaces(ref: AccessibleRef): Promise<string[]> {
    const [list] = await this.call(ref, ATSPI_IFACE.accessible, 'GetInterfaces');
    return list as string[];
  }

  /** Extents in the given coordinate system (`COORD_SCREEN` by default). */
  async extents(ref: AccessibleRef, coordType = COORD_SCREEN): Promise<XywhRect> {
    const [box] = await this.call(ref, ATSPI_IFACE.component, 'GetExtents', 'u', [coordType]);
    const [x, y, width, height] = box as [number, number, number, number];
    return { x, y, width, height };
  }

  /** Toolkit of an application (GTK 3 reports screen coordinates; GTK 4 window-relative ones). Cached per app. */
  async toolkit(app: AccessibleRef): Promise<{ name: string; version: string }> {
    const known = this.toolkits.get(app.bus);
    if (known) return known;
    const [name, version] = await Promise.all([
      this.property(app, ATSPI_IFACE.application, 'ToolkitName'),
      this.property(app, ATSPI_IFACE.application, 'Version'),
    ]);
    const toolkit = { name: String(name), version: String(version) };
    this.toolkits.set(app.bus, toolkit);
    return toolkit;
  }

  /** Process id behind a unique bus name (from the bus daemon). */
  async pid(busName: string): Promise<number> {
    this.calls += 1;
    const [pid] = await this.bus.call({
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'GetConnectionUnixProcessID',
      signature: 's',
      body: [busName],
    });
    return Number(pid);
  }

  /** The objects an object is labelled by (`LABELLED_BY` relation targets), in the toolkit's order. */
  async labelledBy(ref: AccessibleRef): Promise<AccessibleRef[]> {
    const [relations] = await this.call(ref, ATSPI_IFACE.accessible, 'GetRelationSet');
    const out: AccessibleRef[] = [];
    for (const [type, targets] of relations as [number, [string, string][]][]) {
      if (type !== RELATION_LABELLED_BY) continue;
      for (const [bus, path] of targets) if (path !== ATSPI_NULL_PATH) out.push({ bus, path });
    }
    return out;
  }

  /** Actions an object offers. */
  async actions(ref: AccessibleRef): Promise<AtspiAction[]> {
    const [list] = await this.call(ref, ATSPI_IFACE.action, 'GetActions');
    return (list as [string, string, string][]).map(([name, description, keybinding]) => ({ name, description, keybinding }));
  }

  /** Performs the action with this index. Resolves with the toolkit's answer. */
  async doAction(ref: AccessibleRef, index = 0, timeoutMs?: number): Promise<boolean> {
    const [ok] = await this.call(ref, ATSPI_IFACE.action, 'DoAction', 'i', [index], timeoutMs);
    return Boolean(ok);
  }

  /** Moves keyboard focus to the object. */
  async grabFocus(ref: AccessibleRef): Promise<boolean> {
    const [ok] = await this.call(ref, ATSPI_IFACE.component, 'GrabFocus');
    return Boolean(ok);
  }

  /** The whole text of a Text object. */
  async text(ref: AccessibleRef, timeoutMs?: number): Promise<string> {
    const [text] = await this.call(ref, ATSPI_IFACE.text, 'GetText', 'ii', [0, -1], timeoutMs);
    return String(text);
  }

  /** Screen extents of one character of a Text object (GTK 4: relative to its window). */
  async characterExtents(ref: AccessibleRef, offset: number, coordType = COORD_SCREEN): Promise<XywhRect> {
    const [x, y, width, height] = await this.call(ref, ATSPI_IFACE.text, 'GetCharacterExtents', 'iu', [offset, coordType]);
    return { x: Number(x), y: Number(y), width: Number(width), height: Number(height) };
  }

  /** Number of characters of a Text object. */
  async characterCount(ref: AccessibleRef): Promise<number> {
    return Number(await this.property(ref, ATSPI_IFACE.text, 'CharacterCount'));
  }

  /** Replaces the content of an EditableText object. */
  async setTextContents(ref: AccessibleRef, text: string): Promise<boolean> {
    const [ok] = await this.call(ref, ATSPI_IFACE.editableText, 'SetTextContents', 's', [text]);
    return Boolean(ok);
  }

  /** Inserts text at a character offset of an EditableText object (the length argument is in UTF-8 bytes, as GTK reads it). */
  async insertText(ref: AccessibleRef, position: number, text: string): Promise<boolean> {
    const [ok] = await this.call(ref, ATSPI_IFACE.editableText, 'InsertText', 'isi', [position, text, Buffer.byteLength(text)]);
    return Boolean(ok);
  }

  /** Sets the current value of a Value object (a spin button's number); the toolkit clamps and rounds it. */
  async setValue(ref: AccessibleRef, value: number): Promise<void> {
    this.calls += 1;
    await this.bus.setProperty(ref.bus, ref.path, ATSPI_IFACE.value, 'CurrentValue', 'd', value);
  }

  /** Current value of a Value object (sliders, spin buttons, progress bars). */
  async value(ref: AccessibleRef): Promise<number> {
    return Number(await this.property(ref, ATSPI_IFACE.value, 'CurrentValue'));
  }

  /** The raw `Cache.GetItems` answer of an application (undefined when the toolkit publishes no cache). */
  async cacheItems(app: AccessibleRef): Promise<unknown[] | undefined> {
    try {
      const [items] = await this.call({ bus: app.bus, path: '/org/a11y/atspi/cache' }, ATSPI_IFACE.cache, 'GetItems');
      return items as unknown[];
    } catch (error) {
      if (error instanceof DbusCallError && /UnknownMethod|UnknownObject|UnknownInterface/.test(error.type)) return undefined;
      throw error;
    }
  }

  /** The caret's character offset in a Text object (-1 when it has none). */
  async caretOffset(ref: AccessibleRef, timeoutMs?: number): Promise<number> {
    return Number(await this.property(ref, ATSPI_IFACE.text, 'CaretOffset', timeoutMs));
  }

  /** The selected ranges of a Text object, `[start, end)` character offsets, at most `max` of them. */
  async textSelections(ref: AccessibleRef, max = 4): Promise<{ start: number; end: number }[]> {
    const [count] = await this.call(ref, ATSPI_IFACE.text, 'GetNSelections');
    const n = Math.min(Number(count), max);
    const ranges = await Promise.all(Array.from({ length: n }, (_, i) => this.call(ref, ATSPI_IFACE.text, 'GetSelection', 'i', [i])));
    return ranges.map(([start, end]) => ({ start: Number(start), end: Number(end) })).filter((r) => r.end > r.start);
  }

  /** The text between two character offsets of a Text object (`end` -1: to the end). */
  async textRange(ref: AccessibleRef, start: number, end: number): Promise<string> {
    const [text] = await this.call(ref, ATSPI_IFACE.text, 'GetText', 'ii', [start, end]);
    return String(text);
  }

  /**
   * The character offset at a point of a Text object (-1 when no character is there). The point is in the
   * coordinates the toolkit reports extents in (`COORD_SCREEN`; GTK 4: relative to its window).
   */
  async offsetAtPoint(ref: AccessibleRef, x: number, y: number, coordType = COORD_SCREEN): Promise<number> {
    const [offset] = await this.call(ref, ATSPI_IFACE.text, 'GetOffsetAtPoint', 'iiu', [Math.round(x), Math.round(y), coordType]);
    return Number(offset);
  }

  /** The line of a Text object around a character offset, with its `[start, end)` offsets (line-start boundaries). */
  async lineAt(ref: AccessibleRef, offset: number): Promise<{ text: string; start: number; end: number }> {
    const [text, start, end] = await this.call(ref, ATSPI_IFACE.text, 'GetTextAtOffset', 'iu', [offset, TEXT_BOUNDARY_LINE_START]);
    return { text: String(text), start: Number(start), end: Number(end) };
  }

  /**
   * Every property of a Value object in one call: current, minimum, maximum, step (`MinimumIncrement`) and the
   * text the toolkit shows for the value (`Text`, at-spi2-core 2.46 and later; empty when the toolkit has none).
   */
  async valueRange(ref: AccessibleRef): Promise<{ current: number; min: number; max: number; step: number; text: string }> {
    const all = await this.properties(ref, ATSPI_IFACE.value);
    return {
      current: Number(all.CurrentValue),
      min: Number(all.MinimumValue),
      max: Number(all.MaximumValue),
      step: Number(all.MinimumIncrement),
      text: typeof all.Text === 'string' ? all.Text : '',
    };
  }

  /** Every property of one interface of an object (`org.freedesktop.DBus.Properties.GetAll`). */
  async properties(ref: AccessibleRef, iface: string): Promise<Record<string, unknown>> {
    const [all] = await this.call(ref, 'org.freedesktop.DBus.Properties', 'GetAll', 's', [iface]);
    const out: Record<string, unknown> = {};
    for (const [key, variant] of Object.entries(all as Record<string, unknown>)) {
      out[key] = variant !== null && typeof variant === 'object' && 'value' in variant ? (variant as { value: unknown }).value : variant;
    }
    return out;
  }

  /** Row and column counts of a Table object. */
  async tableSize(ref: AccessibleRef): Promise<{ rows: number; columns: number }> {
    const [rows, columns] = await Promise.all([this.property(ref, ATSPI_IFACE.table, 'NRows'), this.property(ref, ATSPI_IFACE.table, 'NColumns')]);
    return { rows: Number(rows), columns: Number(columns) };
  }

  /** The caption of a Table column (the header's name, else the column description); empty when it has none. */
  async columnCaption(table: AccessibleRef, column: number): Promise<string> {
    const [header] = await this.call(table, ATSPI_IFACE.table, 'GetColumnHeader', 'i', [column]);
    const [bus, path] = header as [string, string];
    const name = path && path !== ATSPI_NULL_PATH ? await this.name({ bus, path }).catch(() => '') : '';
    if (name.trim()) return name.trim();
    const [description] = await this.call(table, ATSPI_IFACE.table, 'GetColumnDescription', 'i', [column]);
    return String(description).trim();
  }

  /** The caption of a Table row (the row header's name, else the row description); empty when it has none. */
  async rowCaption(table: AccessibleRef, row: number): Promise<string> {
    const [header] = await this.call(table, ATSPI_IFACE.table, 'GetRowHeader', 'i', [row]);
    const [bus, path] = header as [string, string];
    const name = path && path !== ATSPI_NULL_PATH ? await this.name({ bus, path }).catch(() => '') : '';
    if (name.trim()) return name.trim();
    const [description] = await this.call(table, ATSPI_IFACE.table, 'GetRowDescription', 'i', [row]);
    return String(description).trim();
  }

  /** Row and column of a TableCell object, with the table it belongs to. */
  async cellPosition(ref: AccessibleRef): Promise<{ row: number; column: number; table: AccessibleRef | undefined }> {
    const [position, table] = await Promise.all([this.property(ref, ATSPI_IFACE.tableCell, 'Position'), this.property(ref, ATSPI_IFACE.tableCell, 'Table')]);
    const [row, column] = position as [number, number];
    const [bus, path] = (table ?? []) as [string, string];
    return { row: Number(row), column: Number(column), table: path && path !== ATSPI_NULL_PATH ? { bus, path } : undefined };
  }

  /** The object's attributes (`Accessible.GetAttributes`: toolkit-defined names and values). */
  async attributes(ref: AccessibleRef): Promise<Record<string, string>> {
    const [map] = await this.call(ref, ATSPI_IFACE.accessible, 'GetAttributes');
    const out: Record<string, string> = {};
    if (map instanceof Map) for (const [k, v] of map) out[String(k)] = String(v);
    else if (map && typeof map === 'object') for (const [k, v] of Object.entries(map as Record<string, unknown>)) out[k] = String(v);
    return out;
  }

  /** Row and column of the cell with this child index in a Table object. */
  async cellAtIndex(table: AccessibleRef, index: number): Promise<{ row: number; column: number }> {
    const [[row], [column]] = await Promise.all([
      this.call(table, ATSPI_IFACE.table, 'GetRowAtIndex', 'i', [index]),
      this.call(table, ATSPI_IFACE.table, 'GetColumnAtIndex', 'i', [index]),
    ]);
    return { row: Number(row), column: Number(column) };
  }
}
