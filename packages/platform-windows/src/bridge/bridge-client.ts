import type { ChildProcess } from 'node:child_process';
import { errorMessage, systemClock, type Clock } from '@ufo-ts/core';
import { BridgeError, BridgeRequestError } from '../errors.js';
import { watchBridgeProcess, type RunningBridge } from './bridge-process.js';
import {
  BRIDGE_OPS,
  BRIDGE_PROTOCOL_VERSION,
  BridgeReplySchema,
  DEFAULT_OP_TIMEOUT_MS,
  opTimeoutMs,
  type BridgeArgs,
  type BridgeOp,
  type BridgeReply,
  type BridgeResult,
} from './protocol.js';
import type { TranscriptRecorder } from './transcript.js';

/** Starts one bridge process. Called again for every restart. */
export type BridgeLauncher = () => ChildProcess;

/** What the bridge client reports while it works (for logs and tests). */
export type BridgeEvent =
  | { type: 'started'; generation: number; pid: number | undefined; hello: BridgeResult<'hello'> }
  | { type: 'exited'; generation: number; code: number | null; signal: string | null }
  | { type: 'timeout'; generation: number; op: string; timeoutMs: number }
  | { type: 'retried'; generation: number; op: string }
  | { type: 'not-replayed'; generation: number; op: string }
  | { type: 'noise'; generation: number; line: string }
  | { type: 'stderr'; generation: number; line: string };

/** Options of {@link UiaBridgeClient}. */
export interface UiaBridgeClientOptions {
  /** Starts the bridge process (see `createPowerShellLauncher`, or a fake in tests). */
  launcher: BridgeLauncher;
  /** Deadline of ops without their own (default 10 s). */
  defaultTimeoutMs?: number;
  /** Deadline of the start-up handshake; the first start compiles the C# bridge (default 60 s). */
  startTimeoutMs?: number;
  /** Restarts allowed within `restartWindowMs` before requests fail fast (default 5). */
  maxRestarts?: number;
  /** Window for `maxRestarts` (default 60 s). */
  restartWindowMs?: number;
  /** Gets every bridge event (stderr lines, restarts, timeouts). */
  onEvent?: (event: BridgeEvent) => void;
  /** Gets every completed exchange, e.g. to record a transcript fixture. */
  recorder?: TranscriptRecorder;
  /** The clock restarts are counted by (default the system clock). */
  clock?: Clock;
}

/** Per-request options. */
export interface BridgeRequestOptions {
  /** Overrides the op's deadline. */
  timeoutMs?: number;
  /** Rejects the request (the bridge may still run it) when aborted. */
  signal?: AbortSignal;
}

/** The part of the bridge the desktop services use; tests may implement it directly. */
export interface UiaBridge {
  /** Sends one op and resolves with its validated result. */
  request<O extends BridgeOp>(op: O, args: BridgeArgs<O>, options?: BridgeRequestOptions): Promise<BridgeResult<O>>;
  /** Increases by one every time a new bridge process starts; element refs of older generations are invalid. */
  readonly generation: number;
  /** Stops the bridge process. */
  close(): Promise<void>;
}

interface Pending {
  id: number;
  op: BridgeOp;
  args: Record<string, unknown>;
  mutating: boolean;
  timeoutMs: number;
  attempts: number;
  timer: NodeJS.Timeout | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  startedAt: number;
  cleanup?: () => void;
}

type Running = RunningBridge;

/**
 * Talks to the UIA bridge over JSON lines: request ids, per-op deadlines, validation of every answer, and restart
 * when the process dies or hangs. Requests that read the desktop are re-sent once to the restarted bridge;
 * requests that change it (clicks, typing, focus) are never replayed, they fail with `WINDOWS_BRIDGE_CRASHED`.
 */
export class UiaBridgeClient implements UiaBridge {
  private readonly options: Required<Omit<UiaBridgeClientOptions, 'onEvent' | 'recorder' | 'clock'>> &
    Pick<UiaBridgeClientOptions, 'onEvent' | 'recorder' | 'clock'>;
  private running: Running | undefined;
  private starting: Promise<Running> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private gen = 0;
  private restarts: number[] = [];
  private closedByUser = false;
  private fatalError: BridgeError | undefined;
  private lastHello: BridgeResult<'hello'> | undefined;

  constructor(options: UiaBridgeClientOptions) {
    this.options = {
      defaultTimeoutMs: DEFAULT_OP_TIMEOUT_MS,
      startTimeoutMs: 60_000,
      maxRestarts: 5,
      restartWindowMs: 60_000,
      ...options,
    };
  }

  get generation(): number {
    return this.gen;
  }

  /** Starts the bridge now (otherwise the first request does) and returns its hello. */
  async start(): Promise<BridgeResult<'hello'>> {
    const running = await this.ensureRunning();
    return running.hello as BridgeResult<'hello'>;
  }

  /** What the running bridge said at start-up (undefined before the first start). */
  get hello(): BridgeResult<'hello'> | undefined {
    return this.lastHello;
  }

  async request<O extends BridgeOp>(op: O, args: BridgeArgs<O>, options: BridgeRequestOptions = {}): Promise<BridgeResult<O>> {
    if (this.closedByUser) throw new BridgeError('WINDOWS_BRIDGE_CLOSED', 'the UIA bridge was closed');
    const spec = BRIDGE_OPS[op];
    const parsedArgs = spec.args.safeParse(args);
    if (!parsedArgs.success) {
      throw new BridgeError('WINDOWS_BRIDGE_PROTOCOL', `invalid arguments for bridge op ${op}`, {
        cause: parsedArgs.error,
      });
    }
    options.signal?.throwIfAborted();
    const result = await new Promise<unknown>((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        op,
        args: parsedArgs.data as Record<string, unknown>,
        mutating: spec.mutating,
        timeoutMs: options.timeoutMs ?? opTimeoutMs(op, this.options.defaultTimeoutMs),
        attempts: 0,
        timer: undefined,
        resolve,
        reject,
        startedAt: performance.now(),
      };
      const signal = options.signal;
      if (signal) {
        const onAbort = () => this.settle(pending, undefined, signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.pending.set(pending.id, pending);
      void this.dispatch(pending);
    });
    return result as BridgeResult<O>;
  }

  async close(): Promise<void> {
    this.closedByUser = true;
    for (const p of [...this.pending.values()]) {
      this.settle(p, undefined, new BridgeError('WINDOWS_BRIDGE_CLOSED', `bridge closed before ${p.op} answered`));
    }
    const running = this.running ?? (await this.starting?.catch(() => undefined));
    if (!running || running.closed) return;
    const exited = new Promise<void>((resolve) => running.proc.once('close', () => resolve()));
    running.proc.stdin?.end();
    const timer = setTimeout(() => running.proc.kill(), 2000);
    await exited;
    clearTimeout(timer);
  }

  // ---------------------------------------------------------------- dispatch

  private async dispatch(pending: Pending): Promise<void> {
    let running: Running;
    try {
      running = await this.ensureRunning();
    } catch (error) {
      this.settle(pending, undefined, error);
      return;
    }
    if (!this.pending.has(pending.id)) return;
    pending.attempts += 1;
    pending.timer = setTimeout(() => this.onTimeout(pending, running), pending.timeoutMs);
    this.write(running, { id: pending.id, op: pending.op, args: pending.args });
  }

  private write(running: Running, message: unknown): void {
    try {
      running.proc.stdin?.write(JSON.stringify(message) + '\n');
    } catch {
      // The exit handler deals with a dead process.
    }
  }

  private onTimeout(pending: Pending, running: Running): void {
    this.emit({ type: 'timeout', generation: running.generation, op: pending.op, timeoutMs: pending.timeoutMs });
    this.settle(pending, undefined, new BridgeError('WINDOWS_BRIDGE_TIMEOUT', `bridge op ${pending.op} did not answer within ${pending.timeoutMs} ms`));
    // The bridge handles requests one at a time: a hung call blocks everything behind it. Restart it.
    running.proc.kill();
  }

  private settle(pending: Pending, value: unknown, error?: unknown): void {
    if (!this.pending.delete(pending.id)) return;
    if (pending.timer) clearTimeout(pending.timer);
    pending.cleanup?.();
    if (error !== undefined) pending.reject(error);
    else pending.resolve(value);
  }

  // ---------------------------------------------------------------- replies

  private onLine(running: Running, line: string): void {
    let reply: BridgeReply;
    try {
      reply = BridgeReplySchema.parse(JSON.parse(line));
    } catch {
      this.emit({ type: 'noise', generation: running.generation, line: line.slice(0, 500) });
      return;
    }
    if (reply.id === 0) {
      running.fatal = reply;
      return;
    }
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    const elapsed = performance.now() - pending.startedAt;
    if (reply.ok) {
      const parsed = BRIDGE_OPS[pending.op].result.safeParse(reply.result);
      this.options.recorder?.({ op: pending.op, args: pending.args, ok: true, result: reply.result, ms: elapsed });
      if (parsed.success) this.settle(pending, parsed.data);
      else {
        this.settle(
          pending,
          undefined,
          new BridgeError('WINDOWS_BRIDGE_PROTOCOL', `bridge answered ${pending.op} with an unexpected shape`, {
            cause: parsed.error,
          }),
        );
      }
      return;
    }
    this.options.recorder?.({ op: pending.op, args: pending.args, ok: false, error: reply.error, ms: elapsed });
    this.settle(pending, undefined, new BridgeRequestError(pending.op, reply.error.code, reply.error.message));
  }

  // ---------------------------------------------------------------- lifecycle

  private ensureRunning(): Promise<Running> {
    if (this.running && !this.running.closed) return Promise.resolve(this.running);
    if (this.fatalError) return Promise.reject(this.fatalError);
    if (this.closedByUser) return Promise.reject(new BridgeError('WINDOWS_BRIDGE_CLOSED', 'the UIA bridge was closed'));
    this.starting ??= this.spawnAndGreet().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async spawnAndGreet(): Promise<Running> {
    const now = (this.options.clock ?? systemClock).now();
    this.restarts = this.restarts.filter((t) => now - t < this.options.restartWindowMs);
    if (this.gen > 0 && this.restarts.length >= this.options.maxRestarts) {
      throw new BridgeError(
        'WINDOWS_BRIDGE_CRASHED',
        `the UIA bridge was restarted ${this.restarts.length} times within ${this.options.restartWindowMs} ms; giving up for now`,
      );
    }
    if (this.gen > 0) this.restarts.push(now);
    this.gen += 1;
    const generation = this.gen;
    let proc: ChildProcess;
    try {
      proc = this.options.launcher();
    } catch (cause) {
      throw new BridgeError('WINDOWS_BRIDGE_UNAVAILABLE', `could not start the UIA bridge: ${errorMessage(cause)}`, {
        cause,
      });
    }
    const running: Running = { proc, generation, stderrTail: [], fatal: undefined, closed: false };
    const exited = this.watch(running);
    const helloId = this.nextId++;
    const hello = await new Promise<BridgeResult<'hello'>>((resolve, reject) => {
      const helloPending: Pending = {
        id: helloId,
        op: 'hello',
        args: {},
        mutating: false,
        timeoutMs: this.options.startTimeoutMs,
        attempts: 1,
        timer: undefined,
        resolve: (v) => resolve(v as BridgeResult<'hello'>),
        reject,
        startedAt: performance.now(),
      };
      helloPending.timer = setTimeout(() => {
        const message = `the UIA bridge did not say hello within ${this.options.startTimeoutMs} ms`;
        this.settle(helloPending, undefined, new BridgeError('WINDOWS_BRIDGE_TIMEOUT', message));
        proc.kill();
      }, this.options.startTimeoutMs);
      this.pending.set(helloId, helloPending);
      exited.then(({ code, signal }) => {
        if (!this.pending.has(helloId)) return;
        this.settle(helloPending, undefined, this.startFailure(running, code, signal));
      });
      this.write(running, { id: helloId, op: 'hello', args: {} });
    });
    if (hello.protocol !== BRIDGE_PROTOCOL_VERSION) {
      this.fatalError = new BridgeError(
        'WINDOWS_BRIDGE_PROTOCOL',
        `the UIA bridge speaks protocol ${hello.protocol}, this package needs ${BRIDGE_PROTOCOL_VERSION}`,
      );
      proc.kill();
      throw this.fatalError;
    }
    running.hello = hello;
    this.lastHello = hello;
    this.running = running;
    this.emit({ type: 'started', generation, pid: proc.pid, hello });
    return running;
  }

  private startFailure(running: Running, code: number | null, signal: string | null): BridgeError {
    const stderr = running.stderrTail.join('\n').trim();
    if (running.fatal && !running.fatal.ok) {
      const blocked = running.fatal.error.code === 'helper_blocked';
      const error = new BridgeError(
        blocked ? 'WINDOWS_BRIDGE_BLOCKED' : 'WINDOWS_BRIDGE_UNAVAILABLE',
        `the UIA bridge could not start: ${running.fatal.error.message}`,
        { details: { bridgeCode: running.fatal.error.code, stderr } },
      );
      if (blocked) this.fatalError = error;
      return error;
    }
    return new BridgeError(
      'WINDOWS_BRIDGE_UNAVAILABLE',
      `the UIA bridge exited before saying hello (code ${code}, signal ${signal})${stderr ? `: ${stderr}` : ''}`,
      { details: { stderr } },
    );
  }

  /** Wires stdout/stderr/exit of one process; resolves when it is gone. */
  private watch(running: Running): Promise<{ code: number | null; signal: string | null }> {
    return watchBridgeProcess(running, {
      onLine: (line) => this.onLine(running, line),
      onStderr: (line) => this.emit({ type: 'stderr', generation: running.generation, line }),
      onExit: (exit) => {
        if (this.running === running) this.running = undefined;
        this.emit({ type: 'exited', generation: running.generation, ...exit });
        this.onExit(running);
      },
    });
  }

  /** Retries read-only requests once on a new process; refuses to replay mutating ones. */
  private onExit(running: Running): void {
    if (this.closedByUser) return;
    const inFlight = [...this.pending.values()].filter((p) => p.attempts > 0 && p.op !== 'hello');
    for (const p of inFlight) {
      if (p.timer) clearTimeout(p.timer);
      p.timer = undefined;
      if (!p.mutating && p.attempts < 2) {
        this.emit({ type: 'retried', generation: running.generation, op: p.op });
        void this.dispatch(p);
      } else {
        this.emit({ type: 'not-replayed', generation: running.generation, op: p.op });
        this.settle(
          p,
          undefined,
          new BridgeError(
            'WINDOWS_BRIDGE_CRASHED',
            p.mutating
              ? `the UIA bridge stopped while running ${p.op}; it changes the desktop, so it was not replayed (check the application)`
              : `the UIA bridge stopped twice while running ${p.op}`,
            { details: { stderr: running.stderrTail.join('\n') } },
          ),
        );
      }
    }
  }

  private emit(event: BridgeEvent): void {
    this.options.onEvent?.(event);
  }
}
