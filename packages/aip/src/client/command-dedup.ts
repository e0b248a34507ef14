import type { Result } from '@ufo-ts/core';
import { BoundedMap } from '@ufo-ts/core/internal';
import type { ServerCommandMessage } from '../protocol/server-messages.js';

interface Entry {
  results: Promise<Result[]>;
  settled: boolean;
}

/** What {@link CommandDeduplicator.run} did with a COMMAND. */
export interface DedupOutcome {
  /** The batch's results (for a repeat: the first run's results, with this message's call ids). */
  results: Result[];
  /** True when the command id was seen before and nothing ran again. */
  repeated: boolean;
}

/**
 * Device-side de-duplication of COMMAND messages by their `response_id` (the command id): a command that arrives
 * again (a retry after a lost reply, a worker that resumed the session on another server node) is not run a second
 * time; its first run's results are returned, or awaited while it still runs. The last `capacity` ids are kept.
 */
export class CommandDeduplicator {
  private readonly entries: BoundedMap<string, Entry>;

  constructor(capacity = 1_000) {
    this.entries = new BoundedMap(capacity);
  }

  /** Runs the batch with `run` unless its id was seen; never runs the same id twice while it is remembered. */
  async run(message: ServerCommandMessage, run: () => Promise<Result[]>): Promise<DedupOutcome> {
    const seen = this.entries.get(message.response_id);
    if (seen) {
      const first = await seen.results;
      return { results: remapCallIds(first, message), repeated: true };
    }
    const entry: Entry = { results: run(), settled: false };
    this.entries.set(message.response_id, entry);
    const results = await entry.results;
    entry.settled = true;
    return { results, repeated: false };
  }

  /**
   * Forgets the commands still running (their work is being aborted: the connection was lost), so a retry after
   * reconnecting runs them rather than receiving the aborted results.
   */
  forgetRunning(): void {
    for (const [id, entry] of this.entries) if (!entry.settled) this.entries.delete(id);
  }

  /** Number of remembered command ids. */
  get size(): number {
    return this.entries.size;
  }
}

/** The first run's results carried over to a repeat's call ids (by position; a repeat has the same commands). */
function remapCallIds(results: Result[], message: ServerCommandMessage): Result[] {
  return message.actions.map((command, index) => {
    const result = results.find((r) => r.call_id === command.call_id) ?? results[index];
    return result
      ? { ...result, call_id: command.call_id }
      : { status: 'failure', error: 'RESULT_MISSING: no result was kept for this command', code: 'RESULT_MISSING', namespace: null, call_id: command.call_id };
  });
}
