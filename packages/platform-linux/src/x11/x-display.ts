import x11 from 'x11';
import type { XCallback, XClient, XDisplayInfo, XPropertyReply, XTestExtension } from './x11-types.js';
import { X11Error } from '../errors.js';

/** Promisifies one callback-style X request. */
export function xRequest<T>(send: (cb: XCallback<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    send((error, value) => (error ? reject(error) : resolve(value)));
  });
}

/** The last atom every X server predefines with the same id (`XA_WM_TRANSIENT_FOR`). */
const LAST_PREDEFINED_ATOM = 68;

/**
 * Gives a client atom caches of its own, holding only the predefined atoms. The `x11` package starts every client
 * with one module-wide map and adds each interned atom to it, so a second X server in the same process (another
 * virtual desktop) was answered with the first server's ids for atoms such as `_NET_WM_STATE`: ids that server
 * gave to other names or to none ("Bad atom").
 */
export function isolateAtomCache(client: XClient): void {
  const own: Record<string, number> = {};
  const names: Record<number, string> = {};
  for (const [name, id] of Object.entries(client.atoms)) {
    if (id > LAST_PREDEFINED_ATOM) continue;
    own[name] = id;
    names[id] = name;
  }
  client.atoms = own;
  client.atom_names = names;
}

/** A connection to an X display (pure-JS X11 protocol client), with atom and property helpers. */
export class XDisplay {
  private readonly atoms = new Map<string, number>();
  private xtestExtension: XTestExtension | undefined;
  /** Asynchronous X errors of requests sent without a callback (kept for diagnostics). */
  lastAsyncError: Error | undefined;

  private constructor(
    /** The underlying client of the `x11` package. */
    readonly client: XClient,
    /** Root window id of screen 0. */
    readonly root: number,
    /** Screen width in pixels. */
    readonly width: number,
    /** Screen height in pixels. */
    readonly height: number,
    /** Smallest keycode of the keyboard. */
    readonly minKeycode: number,
    /** Largest keycode of the keyboard. */
    readonly maxKeycode: number,
    /** The display name, e.g. `:3`. */
    readonly name: string,
  ) {}

  /** Connects to a display such as `:3`. */
  static async open(display: string): Promise<XDisplay> {
    let client: XClient | undefined;
    try {
      const info = await new Promise<XDisplayInfo>((resolve, reject) => {
        client = x11.createClient({ display }, (error, value) => (error ? reject(error) : resolve(value as XDisplayInfo))) as XClient;
        client.on('error', (error) => reject(error));
      });
      // the library fills its caches when the socket connects; nothing was interned before the handshake ended
      isolateAtomCache(info.client);
      const screen = info.screen[0];
      if (!screen) throw new Error('the display has no screen');
      const xd = new XDisplay(info.client, screen.root, screen.pixel_width, screen.pixel_height, info.min_keycode, info.max_keycode, display);
      info.client.on('error', (error) => {
        xd.lastAsyncError = error;
      });
      return xd;
    } catch (error) {
      try {
        client?.terminate();
      } catch {
        // the socket may never have opened
      }
      throw new X11Error(`cannot connect to X display ${display}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Closes the connection. */
  close(): void {
    try {
      this.client.terminate();
    } catch {
      // already closed
    }
  }

  /** The name of an atom, as this display's server knows it. */
  atomName(atom: number): Promise<string> {
    return xRequest<string>((cb) => this.client.GetAtomName(atom, cb));
  }

  /** Round trip: every request sent so far has been processed. */
  sync(): Promise<void> {
    return this.client.sync();
  }

  /** The XTEST extension (fake input), loaded once. */
  async xtest(): Promise<XTestExtension> {
    if (!this.xtestExtension) {
      this.xtestExtension = await xRequest<XTestExtension>((cb) => this.client.require('xtest', cb)).catch((error: unknown) => {
        throw new X11Error(`the X server has no XTEST extension: ${(error as Error).message}`, { cause: error });
      });
    }
    return this.xtestExtension;
  }

  /** The atom for a name (interned once, then cached). */
  async atom(name: string): Promise<number> {
    let atom = this.atoms.get(name);
    if (atom === undefined) {
      atom = await xRequest<number>((cb) => this.client.InternAtom(false, name, cb));
      this.atoms.set(name, atom);
    }
    return atom;
  }

  /** A window property, or undefined when it is not set. Rejects when the window does not exist. */
  async property(window: number, name: string): Promise<XPropertyReply | undefined> {
    const atom = await this.atom(name);
    const reply = await xRequest<XPropertyReply>((cb) => this.client.GetProperty(0, window, atom, 0, 0, 1 << 20, cb));
    return reply.type ? reply : undefined;
  }

  /** A property read as a list of 32-bit values (CARDINAL, WINDOW, ATOM). */
  async cardinals(window: number, name: string): Promise<number[] | undefined> {
    const prop = await this.property(window, name);
    if (!prop) return undefined;
    const out: number[] = [];
    for (let i = 0; i + 4 <= prop.data.length; i += 4) out.push(prop.data.readUInt32LE(i));
    return out;
  }

  /** A property read as text (UTF8_STRING or STRING). */
  async text(window: number, name: string): Promise<string | undefined> {
    const prop = await this.property(window, name);
    if (!prop) return undefined;
    const utf8 = await this.atom('UTF8_STRING');
    return prop.data.toString(prop.type === utf8 ? 'utf8' : 'latin1');
  }
}
