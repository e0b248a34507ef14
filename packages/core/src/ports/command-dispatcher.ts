import type { Command, Result, ToolInfo, ToolType } from '../command.js';

/**
 * Which tool servers a call goes to: the original routes by agent class name, application root and process
 * (`Agent::process::root`). `root` falls back to `default` when no servers are configured for it.
 */
export interface DispatchTarget {
  /** Agent kind: `HostAgent`, `AppAgent`, `LinuxAgent` or a third-party agent's registered name. */
  agent: string;
  /** Application root, e.g. `gnome-calculator` or `WINWORD.EXE`. */
  root?: string;
  /** The process or window the servers act on; servers with `reset` get one instance per process. */
  process?: string;
}

/** A progress report of a running command (MCP `notifications/progress`). */
export interface CommandProgress {
  call_id: string;
  tool: string;
  /** Grows with each report. */
  progress: number;
  /** The total, when the tool announced one. */
  total?: number | undefined;
  message?: string | undefined;
}

/** Options of {@link CommandDispatcher.execute}. */
export interface ExecuteOptions {
  target: DispatchTarget;
  /** Aborts every pending command of the batch; aborted commands come back as failures. */
  signal?: AbortSignal;
  /** After the first failure, skip (status `skipped`, with a reason) the rest of the batch. Default false. */
  stopOnFailure?: boolean;
  /**
   * The batch's command id, for dispatchers that send it to a device as one message: they send it under this id
   * (the COMMAND's `response_id`), and the device runs an id it has already seen only once, answering a repeat
   * from its de-duplication cache. The action journal sets it to the journaled command's id, which stays the same
   * when a resumed session sends the command again. Default: a fresh id per batch. A dispatcher that runs tools
   * itself ignores it.
   */
  commandId?: string;
  /**
   * Receives the progress the tools report while the batch runs (dispatchers that cannot relay progress never
   * call it). Listener errors are ignored.
   */
  onProgress?: (progress: CommandProgress) => void;
}

/** Options of {@link CommandDispatcher.listTools}. */
export interface ListToolsOptions {
  target: DispatchTarget;
  /** Only tools of this type; default: all. */
  toolType?: ToolType;
  signal?: AbortSignal;
}

/**
 * The port through which the engine touches a machine. Implementations: the local MCP dispatcher and the
 * WebSocket (AIP) dispatcher in `@ufo-ts/dispatchers`. An implementation never throws for a per-command problem
 * (unknown tool, bad arguments, timeout, crashed server): it returns a `failure` Result for that command.
 */
export interface CommandDispatcher {
  /** Runs the commands in order and returns one Result per command, in the same order. */
  execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]>;
  /** Lists the tools available to a target, in a stable order. */
  listTools(options: ListToolsOptions): Promise<ToolInfo[]>;
  /** Releases servers and connections. */
  close(): Promise<void>;
  /**
   * Optional: starts, in the background, whatever the targets will need (spawns and connects their tool servers),
   * so that work overlaps with the caller's own start-up. Never rejects and never throws: a failure is reported
   * by the first `listTools` or `execute` that needs the server, as without a warm-up.
   */
  warmUp?(targets: readonly DispatchTarget[]): Promise<void>;
}
