const MARKUP = /<\|box_start\|>|<\|box_end\|>|<\/?point>|<\/?bbox>/g;

/**
 * The point a UI-TARS box argument names, as `[x, y]` for {@link readPoint}: `(x,y)`,
 * `<|box_start|>(x,y)<|box_end|>`, `<point>x y</point>`, or a box `[x1, y1, x2, y2]` / `(x1,y1,x2,y2)` /
 * `<bbox>x1 y1 x2 y2</bbox>` / `(x1,y1)(x2,y2)`, whose centre is the point. `None`/`null` parts stay null, so the
 * reading reports them; anything else is returned as written, to be reported as unreadable.
 *
 * @example
 * ```ts
 * uiTarsPoint('<|box_start|>(227,750)<|box_end|>'); // [227, 750]
 * uiTarsPoint('[100, 200, 300, 400]'); // [200, 300]
 * ```
 */
export function uiTarsPoint(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  const inner = value.replace(MARKUP, ' ').trim();
  if (inner === '' || /^(none|null)$/i.test(inner)) return null;
  const tokens = inner.split(/[\s,()[\]]+/).filter(Boolean);
  const numbers = tokens.map((t) => (/^(none|null|nan)$/i.test(t) ? null : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : undefined));
  if (numbers.some((n) => n === undefined)) return value;
  if (numbers.length === 2) return numbers;
  if (numbers.length === 4) {
    const [x1, y1, x2, y2] = numbers as Array<number | null>;
    if (x1 === null || y1 === null || x2 === null || y2 === null) return [null, null];
    return [(x1! + x2!) / 2, (y1! + y2!) / 2];
  }
  return value;
}
