import type { Command, CommandDispatcher, ExecuteOptions, ListToolsOptions, Result, ToolInfo } from '@ufo-ts/core';

/**
 * A device as the remote path sees it: it de-duplicates batches by their command id (like `@ufo-ts/aip`'s
 * DeviceClient), running an id it has seen only once and answering repeats from its cache. `loseReplyOf` makes the
 * device run a command and then never answer (the session "dies" while the reply is on its way).
 */
export class DedupDevice implements CommandDispatcher {
  /** Every command id received, in order (repeats included). */
  readonly received: string[] = [];
  /** Command ids answered from the cache. */
  readonly repeats: string[] = [];
  readonly lost: Promise<void>;
  private markLost!: () => void;
  private readonly cache = new Map<string, Promise<Result[]>>();
  private lostOne = false;

  constructor(
    private readonly inner: CommandDispatcher,
    private readonly loseReplyOf: (command: Command) => boolean = () => false,
  ) {
    this.lost = new Promise((resolve) => (this.markLost = resolve));
  }

  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    const id = options.commandId;
    if (id === undefined) return this.inner.execute(commands, options);
    this.received.push(id);
    const seen = this.cache.get(id);
    if (seen) {
      this.repeats.push(id);
      return (await seen).map((result, i) => ({ ...result, call_id: commands[i]!.call_id }));
    }
    const run = this.inner.execute(commands, options);
    this.cache.set(id, run);
    const results = await run;
    if (!this.lostOne && commands.some(this.loseReplyOf)) {
      this.lostOne = true;
      this.markLost();
      return new Promise(() => undefined);
    }
    return results;
  }

  listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return this.inner.listTools(options);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
