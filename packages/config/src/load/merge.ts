/** Where each key of a merged configuration came from: dotted path → index of the source. */
export type Provenance = Map<string, number>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Deep-merges `source` into `target` (objects merge key by key; arrays and scalars replace), recording in
 * `provenance` which source set each path.
 */
export function mergeInto(target: Record<string, unknown>, source: unknown, index: number, provenance: Provenance, path: string[] = []): void {
  if (!isRecord(source)) return;
  for (const [key, value] of Object.entries(source)) {
    const here = [...path, key];
    provenance.set(here.join('.'), index);
    if (isRecord(value) && isRecord(target[key])) mergeInto(target[key] as Record<string, unknown>, value, index, provenance, here);
    else {
      target[key] = isRecord(value) ? structuredClone(value) : value;
      if (isRecord(value)) markAll(value, index, provenance, here);
    }
  }
}

function markAll(value: Record<string, unknown>, index: number, provenance: Provenance, path: string[]): void {
  for (const [key, item] of Object.entries(value)) {
    provenance.set([...path, key].join('.'), index);
    if (isRecord(item)) markAll(item, index, provenance, [...path, key]);
  }
}

/** The source that set `path`, or the nearest of its parents. */
export function sourceOf(provenance: Provenance, path: readonly string[]): number | undefined {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const found = provenance.get(path.slice(0, depth).join('.'));
    if (found !== undefined) return found;
  }
  return undefined;
}
