/**
 * A `Map` that keeps at most `capacity` entries: setting a key makes it the newest, and the oldest entries are
 * dropped beyond the capacity. For bounded memories of ids (settled commands, reply channels, de-duplication).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.capacity) {
      const oldest = this.keys().next();
      if (oldest.done) break;
      super.delete(oldest.value);
    }
    return this;
  }
}
