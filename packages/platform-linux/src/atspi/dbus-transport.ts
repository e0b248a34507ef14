// The only module that imports dbus-next (unmaintained upstream, see README): swap this file to change D-Bus client.
import dbus from 'dbus-next';

/** One D-Bus method call. */
export interface DbusCall {
  destination: string;
  path: string;
  interface: string;
  member: string;
  /** D-Bus type signature of `body`, e.g. `'ii'`. */
  signature?: string;
  body?: unknown[];
  /** This call's timeout in milliseconds, instead of the connection's (e.g. a short liveness probe). */
  timeoutMs?: number;
}

/** A D-Bus error reply (or a transport failure) for one call. */
export class DbusCallError extends Error {
  /** The D-Bus error name, e.g. `org.freedesktop.DBus.Error.UnknownObject`; `timeout` / `disconnected` locally. */
  readonly type: string;
  constructor(type: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbusCallError';
    this.type = type;
  }
}

/** One D-Bus signal as received. */
export interface DbusSignal {
  /** Unique bus name of the sender, e.g. `:1.42`. */
  sender: string;
  path: string;
  interface: string;
  member: string;
  body: unknown[];
}

/** A connection to one D-Bus bus. */
export interface DbusConnection {
  /** Calls a method and resolves with the reply body. Rejects with {@link DbusCallError}. */
  call(request: DbusCall): Promise<unknown[]>;
  /** `org.freedesktop.DBus.Properties.Get`, with the variant unwrapped. */
  getProperty(destination: string, path: string, iface: string, name: string, timeoutMs?: number): Promise<unknown>;
  /** `org.freedesktop.DBus.Properties.Set` of a value with the given D-Bus signature (`d` for a double). */
  setProperty(destination: string, path: string, iface: string, name: string, signature: string, value: unknown): Promise<void>;
  /**
   * Receives the signals of one interface (any sender, any object): adds a match rule to the bus and calls
   * `handler` for each. Resolves once the bus accepted the rule, with a function that stops the handler.
   */
  subscribeSignals(iface: string, handler: (signal: DbusSignal) => void): Promise<() => void>;
  /** Closes the connection; pending calls reject. */
  close(): void;
}

/** Options of {@link connectDbus}. */
export interface ConnectDbusOptions {
  /** Bus address, e.g. `unix:path=/tmp/…`. */
  address: string;
  /** Per-call timeout in milliseconds (a hung application must not hang the caller). Default 5000. */
  callTimeoutMs?: number;
}

/** Opens a connection to the bus at `address` and waits until it is authenticated. */
export async function connectDbus(options: ConnectDbusOptions): Promise<DbusConnection> {
  const bus = dbus.sessionBus({ busAddress: options.address });
  const timeoutMs = options.callTimeoutMs ?? 5000;
  let closed = false;
  let lastError: Error | undefined;
  bus.on('error', (error: Error) => {
    lastError = error;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DbusCallError('timeout', `no D-Bus connection to ${options.address}`)), timeoutMs);
    bus.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    bus.once('error', (error: Error) => {
      clearTimeout(timer);
      reject(new DbusCallError('disconnected', `cannot connect to D-Bus at ${options.address}: ${error.message}`, { cause: error }));
    });
  });

  const batchWrites = writeBatcher(bus);
  const call = async (request: DbusCall): Promise<unknown[]> => {
    if (closed) throw new DbusCallError('disconnected', 'the D-Bus connection is closed');
    batchWrites();
    const message = new dbus.Message({
      destination: request.destination,
      path: request.path,
      interface: request.interface,
      member: request.member,
      signature: request.signature ?? '',
      body: request.body ?? [],
    });
    let timer: NodeJS.Timeout | undefined;
    const limit = request.timeoutMs ?? timeoutMs;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DbusCallError('timeout', `D-Bus call ${request.interface}.${request.member} on ${request.destination} timed out after ${limit} ms`)),
        limit,
      );
    });
    try {
      const reply = await Promise.race([bus.call(message), timeout]);
      return (reply?.body ?? []) as unknown[];
    } catch (error) {
      if (error instanceof DbusCallError) throw error;
      if (error instanceof dbus.DBusError) throw new DbusCallError(error.type, error.text || error.message, { cause: error });
      const detail = lastError ? ` (${lastError.message})` : '';
      throw new DbusCallError('disconnected', `D-Bus call failed: ${(error as Error).message}${detail}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    call,
    async getProperty(destination, path, iface, name, timeoutMs) {
      const [variant] = await call({
        timeoutMs,
        destination,
        path,
        interface: 'org.freedesktop.DBus.Properties',
        member: 'Get',
        signature: 'ss',
        body: [iface, name],
      });
      return variant instanceof dbus.Variant ? variant.value : variant;
    },
    async setProperty(destination, path, iface, name, signature, value) {
      await call({
        destination,
        path,
        interface: 'org.freedesktop.DBus.Properties',
        member: 'Set',
        signature: 'ssv',
        body: [iface, name, new dbus.Variant(signature, value)],
      });
    },
    async subscribeSignals(iface, handler) {
      const listener = (message: InstanceType<typeof dbus.Message>): void => {
        if (message.type !== dbus.MessageType.SIGNAL || message.interface !== iface) return;
        handler({
          sender: message.sender ?? '',
          path: message.path ?? '',
          interface: iface,
          member: message.member ?? '',
          body: (message.body ?? []) as unknown[],
        });
      };
      bus.on('message', listener);
      try {
        await call({
          destination: 'org.freedesktop.DBus',
          path: '/org/freedesktop/DBus',
          interface: 'org.freedesktop.DBus',
          member: 'AddMatch',
          signature: 's',
          body: [`type='signal',interface='${iface}'`],
        });
      } catch (error) {
        bus.off('message', listener);
        throw error;
      }
      return () => {
        bus.off('message', listener);
      };
    },
    close() {
      if (closed) return;
      closed = true;
      bus.disconnect();
    },
  };
}

/**
 * Sends the messages of one turn of the event loop in one socket write: a listing asks hundreds of questions at once
 * (the cells of a sheet), and one write per message cost more CPU than building the messages. Returns a function
 * to call before each message is sent; a no-op when the connection's socket cannot be reached.
 */
function writeBatcher(bus: unknown): () => void {
  const stream = (bus as { _connection?: { stream?: { cork?: () => void; uncork?: () => void } } })._connection?.stream;
  if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return () => {};
  let corked = false;
  return () => {
    if (corked) return;
    corked = true;
    stream.cork!();
    setImmediate(() => {
      corked = false;
      stream.uncork!();
    });
  };
}
