import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the runner is plain JavaScript (scripts/), used by people and by this test alike
import { APPLICABLE_SCENARIOS, ensureSuite, runScenarios, startServer } from '../../scripts/mcp-conformance.mjs';
import { TEST_BIN_DIR } from '../helpers/build-test-bins.js';

interface ScenarioResult {
  scenario: string;
  status: 'passed' | 'failed';
  checks: Array<{ id: string; status: string; errorMessage?: string }>;
}

// The official MCP conformance suite (server mode) against ufo-linux-mcp over streamable HTTP with every tool
// group on its own virtual desktop. The suite and the Node 22 it needs are installed from npm on first use.
let server: { url: string; stop(): Promise<void> } | undefined;
let suite: { node: string; suite: string };
beforeAll(async () => {
  suite = ensureSuite();
  server = await startServer(join(TEST_BIN_DIR, 'ufo-linux-mcp.js'), ['--start-desktop']);
}, 120_000);
afterAll(() => server?.stop());

describe('MCP conformance suite, server mode', () => {
  it('passes every scenario that applies to a tools-only server', () => {
    const results = runScenarios(server!.url, APPLICABLE_SCENARIOS, suite) as ScenarioResult[];
    const failures = results
      .filter((r) => r.status === 'failed')
      .map(
        (r) =>
          `${r.scenario}: ${
            r.checks
              .filter((c) => c.status === 'FAILURE')
              .map((c) => `${c.id} ${c.errorMessage ?? ''}`)
              .join('; ') || 'no checks'
          }`,
      );
    expect(failures).toEqual([]);
    expect(results.map((r) => r.scenario)).toEqual(APPLICABLE_SCENARIOS);
  }, 120_000);
});
