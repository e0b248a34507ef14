import type { GroundingDialect, GroundingProblem } from './grounding-dialect.js';

/**
 * What the operator tells a model whose reply could not be carried out: nothing was done, each problem with its
 * reason quoted, and the dialect's format reminder.
 *
 * @example
 * ```ts
 * groundingReaskText([{ kind: 'out_of_range', action: 'click', reason: 'click start_box point (1204, 750) is outside the 0–1000 grid over the screenshot: x must be 0–1000 and y 0–1000' }], uiTarsDialect());
 * // 'Your last reply could not be carried out, so nothing was done:\n- click (out_of_range): "click start_box point (1204, 750) is outside ..."\n...'
 * ```
 */
export function groundingReaskText(problems: readonly GroundingProblem[], dialect: GroundingDialect): string {
  const lines = problems.map((p) => `- ${p.action ? `${p.action} ` : ''}(${p.kind}): "${p.reason}"`);
  return [
    'Your last reply could not be carried out, so nothing was done:',
    ...lines,
    `Look at the screenshot again and answer in the same format. ${dialect.formatReminder}`,
  ].join('\n');
}
