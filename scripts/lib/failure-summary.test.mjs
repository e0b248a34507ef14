import { describe, expect, it } from 'vitest';
import { failureSummary } from './failure-summary.mjs';

describe('failureSummary', () => {
  it('gives each failed test with its error, without colours, and the failed turbo tasks', () => {
    const output = [
      '@ufo-ts/a:test:  \u001b[32m✓\u001b[39m test/ok.test.ts (3 tests)',
      '@ufo-ts/b:test: \u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m test/x.test.ts > suite > does the thing',
      '@ufo-ts/b:test: AssertionError: expected 2 to be 3',
      '@ufo-ts/b:test:  ❯ test/x.test.ts:12:5',
      '@ufo-ts/b:test: ⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯',
      '@ufo-ts/b:test:  Test Files  1 failed (1)',
      ' Failed:    @ufo-ts/b#test',
    ].join('\n');
    const summary = failureSummary(output);
    expect(summary).toContain('FAIL  test/x.test.ts > suite > does the thing');
    expect(summary).toContain('AssertionError: expected 2 to be 3');
    expect(summary).toContain('Failed:    @ufo-ts/b#test');
    expect(summary).not.toContain('\u001b[');
    expect(summary).not.toContain('ok.test.ts');
  });

  it('is empty when nothing failed', () => {
    expect(failureSummary('@ufo-ts/a:test:  ✓ test/ok.test.ts (3 tests)\n Tasks: 3 successful, 3 total')).toBe('');
  });
});
