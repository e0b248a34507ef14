/** Parses a stream id (`<ms>-<seq>`) into its two numbers, or undefined when it is not one. */
export function parseEventId(id: string): [number, number] | undefined {
  const match = /^(\d{1,16})-(\d{1,16})$/.exec(id);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** Orders two stream ids (`<ms>-<seq>`, as Redis stream ids): negative when `a` comes first. */
export function compareEventIds(a: string, b: string): number {
  const [am, as] = parseEventId(a) ?? [0, 0];
  const [bm, bs] = parseEventId(b) ?? [0, 0];
  return am - bm || as - bs;
}
