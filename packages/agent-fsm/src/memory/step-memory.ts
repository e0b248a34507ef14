import type { ActionRecord } from '@ufo-ts/core';

/** What an agent remembers of one of its steps. Plain data: nothing shared between instances. */
export interface MemoryItem {
  step: number;
  agent: string;
  state: string;
  status: string;
  observation?: string;
  thought?: string;
  plan?: string[];
  comment?: string;
  actions: ActionRecord[];
  result?: unknown;
  error?: string;
  [extra: string]: unknown;
}

/** An agent's ordered step memory (per instance; the original shared a class-level list). */
export class StepMemory {
  private items: MemoryItem[] = [];

  /** Appends a copy of `item`. */
  add(item: MemoryItem): void {
    this.items.push(structuredClone(item));
  }

  /** The latest item, if any. */
  latest(): MemoryItem | undefined {
    return this.items.at(-1);
  }

  /** Replaces the latest item's fields (used when a confirmed action runs after its step). */
  patchLatest(patch: Partial<MemoryItem>): void {
    const last = this.items.at(-1);
    if (last) Object.assign(last, structuredClone(patch));
  }

  get length(): number {
    return this.items.length;
  }

  /** Every item, oldest first. */
  all(): readonly MemoryItem[] {
    return this.items;
  }

  /** Forgets every item. */
  clear(): void {
    this.items = [];
  }

  /** A copy of the items, for checkpoints. */
  toJSON(): MemoryItem[] {
    return structuredClone(this.items);
  }

  /** A memory holding copies of `items` (resuming a checkpoint). */
  static fromJSON(items: MemoryItem[]): StepMemory {
    const memory = new StepMemory();
    for (const item of items) memory.add(item);
    return memory;
  }
}
