// Picks the failed tests out of a test run's output, so the end of a long CI log says what failed and why
// (a CI log is often read from its tail only).

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
/** A vitest failure header (`FAIL  test/x.test.ts > suite > name`), with or without turbo's task prefix. */
const FAIL_HEADER = /^(?:\S+:test: )?\s*FAIL\s+\S/;
/** The end of one failure block: vitest's separator line, or the next summary line. */
const BLOCK_END = /⎯{8,}|^(?:\S+:test: )?\s*(?:Test Files|Tests)\s/;

/**
 * The failure blocks of a test run's output: each vitest `FAIL` header with up to `linesPerFailure` lines after
 * it (ANSI colours removed), at most `maxFailures` of them, then turbo's list of failed tasks.
 * @param {string} output
 * @param {{ linesPerFailure?: number, maxFailures?: number }} [options]
 * @returns {string} empty when nothing failed
 */
export function failureSummary(output, options = {}) {
  const linesPerFailure = options.linesPerFailure ?? 40;
  const maxFailures = options.maxFailures ?? 10;
  const lines = output.replace(ANSI, '').split(/\r?\n/);
  const blocks = [];
  let failures = 0;
  for (let i = 0; i < lines.length && blocks.length < maxFailures; i++) {
    if (!FAIL_HEADER.test(lines[i])) continue;
    failures++;
    const block = [lines[i]];
    for (let j = i + 1; j < lines.length && j <= i + linesPerFailure; j++) {
      if (BLOCK_END.test(lines[j])) break;
      block.push(lines[j]);
    }
    blocks.push(block.join('\n'));
  }
  const failedTasks = lines.filter((line) => /^\s*Failed:\s+\S/.test(line) || /#test: .*ERROR/.test(line));
  if (blocks.length === 0 && failedTasks.length === 0) return '';
  const more = lines.filter((line) => FAIL_HEADER.test(line)).length - failures;
  return [...blocks, ...(more > 0 ? [`... and ${more} more failures above`] : []), ...failedTasks].join('\n\n');
}
