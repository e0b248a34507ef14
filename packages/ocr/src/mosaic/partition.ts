import type { TextBox } from '../text-region.js';

/**
 * Splits crops into at most `parts` groups of about equal reading work (costliest first, each to the lightest
 * group), so that parallel reads finish at about the same time. The engine scales every line to a fixed height, so
 * a crop's work grows with its width over its height, plus a constant for finding it. Empty groups are left out.
 */
export function partitionCrops<T extends { crop: TextBox; scale: number }>(items: readonly T[], parts: number): T[][] {
  const groups: T[][] = Array.from({ length: Math.max(1, parts) }, () => []);
  const load = groups.map(() => 0);
  const work = (i: T) => i.crop.width / i.crop.height + 1;
  for (const item of [...items].sort((a, b) => work(b) - work(a))) {
    const lightest = load.indexOf(Math.min(...load));
    groups[lightest]!.push(item);
    load[lightest]! += work(item);
  }
  return groups.filter((g) => g.length > 0);
}
