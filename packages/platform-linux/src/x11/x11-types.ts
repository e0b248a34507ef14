// Types of the parts of the untyped `x11` package (pure-JS X11 protocol client) this package uses.

/** Callback of an X request. */
export type XCallback<T> = (error: XProtocolError | null | undefined, value: T) => void;

/** An X protocol error delivered to a request's callback or the client's 'error' event. */
export interface XProtocolError extends Error {
  error?: number;
  badParam?: number;
}

export interface XScreen {
  root: number;
  pixel_width: number;
  pixel_height: number;
  root_depth: number;
}

export interface XDisplayInfo {
  client: XClient;
  screen: XScreen[];
  min_keycode: number;
  max_keycode: number;
}

export interface XPropertyReply {
  type: number;
  format: number;
  bytesAfter: number;
  data: Buffer;
}

export interface XClient {
  /** The library's atom cache, name → id (InternAtom answers from it without asking the server). */
  atoms: Record<string, number>;
  /** The library's reverse atom cache, id → name (GetAtomName answers from it). */
  atom_names: Record<number, string>;
  GetAtomName(atom: number, cb: XCallback<string>): void;
  /** Answers the grab status: 0 success, 1 already grabbed by another client, 2 invalid time, 3 not viewable, 4 frozen. */
  GrabPointer(
    window: number,
    ownerEvents: number,
    eventMask: number,
    pointerMode: number,
    keyboardMode: number,
    confineTo: number,
    cursor: number,
    time: number,
    cb: XCallback<number>,
  ): void;
  UngrabPointer(time: number): void;
  on(event: 'error', listener: (error: XProtocolError) => void): this;
  on(event: string, listener: (...args: unknown[]) => void): this;
  InternAtom(onlyIfExists: boolean, name: string, cb: XCallback<number>): void;
  GetProperty(del: number, win: number, prop: number, type: number, offset: number, length: number, cb: XCallback<XPropertyReply>): void;
  QueryTree(win: number, cb: XCallback<{ root: number; parent: number; children: number[] }>): void;
  GetWindowAttributes(win: number, cb: XCallback<{ mapState: number; overrideRedirect: number }>): void;
  GetGeometry(win: number, cb: XCallback<{ x: number; y: number; width: number; height: number; depth: number }>): void;
  TranslateCoordinates(src: number, dst: number, x: number, y: number, cb: XCallback<{ destX: number; destY: number; child: number }>): void;
  GetImage(
    format: number,
    drawable: number,
    x: number,
    y: number,
    width: number,
    height: number,
    planeMask: number,
    cb: XCallback<{ depth: number; visualId: number; data: Buffer }>,
  ): void;
  GetInputFocus(cb: XCallback<{ focus: number; revertTo: number }>): void;
  /** Where the pointer is (root coordinates) and which buttons and modifiers are down (`keyMask`: X's state bits). */
  QueryPointer(win: number, cb: XCallback<{ rootX: number; rootY: number; keyMask: number }>): void;
  SetInputFocus(win: number, revertTo: number): void;
  RaiseWindow(win: number): void;
  GetKeyboardMapping(first: number, count: number, cb: XCallback<number[][]>): void;
  ChangeKeyboardMapping(first: number, keysymsPerKeycode: number, keysyms: number[]): void;
  SendClientMessage(destination: number, wid: number, messageType: number, format: number, data: number[], eventMask?: number): void;
  KillClient(resource: number): void;
  require(name: 'xtest', cb: XCallback<XTestExtension>): void;
  require(name: string, cb: XCallback<unknown>): void;
  sync(): Promise<void>;
  close(cb?: (error?: Error) => void): void;
  terminate(): void;
}

export interface XTestExtension {
  KeyPress: number;
  KeyRelease: number;
  ButtonPress: number;
  ButtonRelease: number;
  MotionNotify: number;
  FakeInput(type: number, detail: number, time: number, window: number, x: number, y: number): void;
}
