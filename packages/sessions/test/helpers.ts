import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatModel, ChatRequest, ChatResponse, Command, CommandDispatcher, ExecuteOptions, ListToolsOptions, Result, ToolInfo } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach } from 'vitest';

export const reply = (o: Record<string, unknown>, cost = 0.01): ScriptedReply => ({
  content: JSON.stringify(o),
  cost,
  usage: { inputTokens: 100, outputTokens: 20 },
});
export const host = (status: string, extra: Record<string, unknown> = {}) =>
  reply({ observation: 'desktop', thought: `host ${status}`, status, plan: ['next'], comment: 'c', ...extra });
export const app = (action: unknown, extra: Record<string, unknown> = {}) =>
  reply({ observation: 'window', thought: 'app thinks', action, plan: ['p1', 'p2'], comment: 'app comment', ...extra });
export const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
export const selectCalc = (subtask: string) =>
  host('ASSIGN', { function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: subtask });
export const selectMail = (subtask: string) =>
  host('ASSIGN', { function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: subtask });

/** Temp folders removed after each test. */
export class TempDirs {
  private dirs: string[] = [];
  make(prefix = 'ufo-sessions-'): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }
  cleanup(): void {
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

/** What {@link perTestCleanup} gives a test file. */
export interface PerTestCleanup {
  /** Temp folders, removed after each test. */
  dirs: TempDirs;
  /** Runs `fn` after the current test (closing a dispatcher, stopping a server). */
  defer(fn: () => Promise<void>): void;
  /** A fake desktop and its in-process dispatcher, closed after the test. */
  fakeDesktop(): ReturnType<typeof createFakeDesktopDispatcher>;
}

/** Registers an `afterEach` that runs what the test deferred and removes its temp folders. */
export function perTestCleanup(): PerTestCleanup {
  const dirs = new TempDirs();
  const deferred: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of deferred.splice(0)) await fn();
    dirs.cleanup();
  });
  const defer = (fn: () => Promise<void>): void => {
    deferred.push(fn);
  };
  return {
    dirs,
    defer,
    fakeDesktop() {
      const made = createFakeDesktopDispatcher();
      defer(() => made.dispatcher.close());
      return made;
    },
  };
}

/** The step lines of a response.log. */
export function stepLines(folder: string): Array<Record<string, any>> {
  return readFileSync(join(folder, 'response.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.type === 'step');
}

/**
 * A scripted model that never answers call number `hangAt` (0-based): the process "dies" there. `hung` resolves
 * when that call starts.
 */
export class CrashingModel implements ChatModel {
  readonly provider = 'scripted';
  readonly modelId = 'scripted';
  readonly hung: Promise<void>;
  private markHung!: () => void;
  private calls = 0;
  constructor(
    private readonly inner: ScriptedModel,
    private readonly hangAt: number,
  ) {
    this.hung = new Promise((resolve) => (this.markHung = resolve));
  }
  complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    if (this.calls++ === this.hangAt) {
      this.markHung();
      return new Promise(() => undefined);
    }
    return this.inner.complete(request);
  }
}

/** A model that answers after `ms` (honouring the abort signal), for cancellation tests. */
export class SlowModel implements ChatModel {
  readonly provider = 'scripted';
  readonly modelId = 'slow';
  started = 0;
  constructor(
    private readonly inner: ChatModel,
    private readonly ms: number,
  ) {}
  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.started += 1;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, this.ms);
      request.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(request.signal?.reason);
        },
        { once: true },
      );
    });
    return this.inner.complete(request);
  }
}

/**
 * A dispatcher in front of another: commands go through `execute` (to override), tools are listed by the inner one,
 * and closing leaves the inner one open (the test owns it).
 */
abstract class ForwardingDispatcher implements CommandDispatcher {
  constructor(protected readonly inner: CommandDispatcher) {}
  execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    return this.inner.execute(commands, options);
  }
  listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return this.inner.listTools(options);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** A dispatcher whose execute call number `hangAt` (0-based) never returns: the process "dies" mid-command. */
export class CrashingDispatcher extends ForwardingDispatcher {
  readonly hung: Promise<void>;
  private markHung!: () => void;
  calls = 0;
  constructor(
    inner: CommandDispatcher,
    private readonly hangAt: number,
  ) {
    super(inner);
    this.hung = new Promise((resolve) => (this.markHung = resolve));
  }
  override execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    if (this.calls++ === this.hangAt) {
      this.markHung();
      return new Promise(() => undefined);
    }
    return this.inner.execute(commands, options);
  }
}

/** A dispatcher that forwards and records every command it is given (tool and arguments). */
export class RecordingDispatcher extends ForwardingDispatcher {
  readonly sent: Array<{ tool: string; arguments: Record<string, unknown> }> = [];
  override execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    this.sent.push(...commands.map((c) => ({ tool: c.tool_name, arguments: c.parameters })));
    return this.inner.execute(commands, options);
  }
}

/** A dispatcher whose first command matching `hangOn` never returns (and never reaches the machine). */
export class HangingDispatcher extends ForwardingDispatcher {
  readonly hung: Promise<void>;
  private markHung!: () => void;
  private done = false;
  constructor(
    inner: CommandDispatcher,
    private readonly hangOn: (command: Command) => boolean,
  ) {
    super(inner);
    this.hung = new Promise((resolve) => (this.markHung = resolve));
  }
  override execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    if (!this.done && commands.some(this.hangOn)) {
      this.done = true;
      this.markHung();
      return new Promise(() => undefined);
    }
    return this.inner.execute(commands, options);
  }
}
