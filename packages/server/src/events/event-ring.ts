import { compareEventIds } from './event-id.js';
import type { StreamRecord } from './stream-event-schema.js';

/** What {@link EventRing.since} finds after a given id. */
export interface RingReplay {
  records: StreamRecord[];
  /** True when records newer than the id were already evicted (the reader missed some). */
  gap: boolean;
}

/**
 * A bounded ring of stream records in id order: the oldest record is evicted past `capacity`, and the ring
 * remembers the newest evicted id so a reader resuming from before it learns that it missed events.
 */
export class EventRing {
  private readonly slots: (StreamRecord | undefined)[];
  private start = 0;
  private count = 0;
  private evictedUpTo: string | undefined;

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`an event ring holds at least one record (got ${capacity})`);
    this.slots = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(record: StreamRecord): void {
    if (this.count === this.capacity) {
      this.evictedUpTo = this.slots[this.start]!.id;
      this.slots[this.start] = record;
      this.start = (this.start + 1) % this.capacity;
      return;
    }
    this.slots[(this.start + this.count) % this.capacity] = record;
    this.count += 1;
  }

  /** The records in order. */
  all(): StreamRecord[] {
    const out: StreamRecord[] = [];
    for (let i = 0; i < this.count; i += 1) out.push(this.slots[(this.start + i) % this.capacity]!);
    return out;
  }

  /** The records after `id`, and whether some records after it were evicted. */
  since(id: string): RingReplay {
    const records = this.all().filter((record) => compareEventIds(record.id, id) > 0);
    const gap = this.evictedUpTo !== undefined && compareEventIds(this.evictedUpTo, id) > 0;
    return { records, gap };
  }
}
