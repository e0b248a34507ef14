// Tasks in computer-use mode: an OperatorSession that sees only screenshots and acts through the computer tool. The
// reference solutions are played on the screen (each control located in the live accessibility tree, clicked at its
// centre in the pixels of the screenshot sent) and answered from a local server in OpenAI's Responses format
// (`computer_call`) and Anthropic's Messages format (`tool_use`), read back by the engine's provider adapters. The
// checkers read the real state (files on disk, the calculator's display).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { afterAll, describe, expect, it } from 'vitest';
import { runSuite, type SuiteRunResult } from '../../src/run/run-suite.js';

const availability = checkDesktopAvailability(['galculator', 'mousepad', 'gnome-calculator']);
const describeDesktop = availability.available ? describe : describe.skip;
if (!availability.available) process.stderr.write(`[task-suite] skipping the computer-use tasks: ${availability.reason}\n`);

/** The coordinate tools a computer action becomes on Linux; the accessibility actions (click_input, set_edit_text) are not among them. */
const COMPUTER_TOOLS = new Set(['click_on_coordinates', 'type_text', 'keyboard_input', 'wait']);

const logRoot = mkdtempSync(join(tmpdir(), 'ufo-cu-suite-'));
afterAll(() => rmSync(logRoot, { recursive: true, force: true }));

function logLines(result: SuiteRunResult, file: string): Array<Record<string, unknown>> {
  return readFileSync(join(result.logFolder!, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** What every run of a computer-use task must show in its logs: the computer tool only, with the wire's call ids. */
function expectComputerUseRun(result: SuiteRunResult, callIdPrefix: string, display: { width: number; height: number }): void {
  const requests = logLines(result, 'request.log');
  expect(requests.length).toBeGreaterThan(1);
  for (const request of requests) {
    expect(request.tool_mode).toBe('computer');
    expect(request.tools).toEqual([{ type: 'computer', displayWidth: display.width, displayHeight: display.height, environment: 'linux' }]);
  }
  const steps = logLines(result, 'response.log').filter((l) => l.type === 'step');
  const actions = steps.flatMap((s) => s.actions as Array<{ function: string; result?: { status: string } }>);
  expect(actions.length).toBeGreaterThan(0);
  expect([...new Set(actions.map((a) => a.function))].filter((f) => !COMPUTER_TOOLS.has(f))).toEqual([]);
  expect(actions.filter((a) => a.result?.status !== 'success')).toEqual([]);
  // the calls came back through the provider's adapter with the ids the fixture server wrote in its wire format
  const last = requests.at(-1)!.messages as Array<{ role: string; toolCalls?: Array<{ id: string }> }>;
  const ids = last.flatMap((m) => m.toolCalls?.map((c) => c.id) ?? []);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id.startsWith(callIdPrefix)).toBe(true);
}

describeDesktop('the task suite in computer-use mode (replies played on the screen, real wire formats)', () => {
  it(
    'OpenAI Responses computer_call: a click task on a larger screen (screenshots scaled) and a save through the file dialog pass',
    { timeout: 150_000 },
    async () => {
      const clicks = await runSuite({
        ids: ['galculator-clicks'],
        computerUse: { wire: 'openai' },
        desktop: { width: 1600, height: 1000 },
        logRoot: join(logRoot, 'openai-large'),
      });
      const save = await runSuite({ ids: ['mousepad-save-as'], computerUse: { wire: 'openai' }, logRoot: join(logRoot, 'openai') });
      const results = [...clicks, ...save];
      expect(results.map((r) => `${r.id}: ${r.passed ? 'passed' : (r.error ?? r.detail)}`)).toEqual(['galculator-clicks: passed', 'mousepad-save-as: passed']);
      expect(clicks[0]!.detail).toContain('"408"');
      expectComputerUseRun(clicks[0]!, 'call_fixture_', { width: 1280, height: 800 });
      expectComputerUseRun(save[0]!, 'call_fixture_', { width: 1280, height: 800 });
      // on the 1600×1000 screen the clicks land in screen pixels: one at least beyond the 1280×800 display
      const clicked = logLines(clicks[0]!, 'response.log').flatMap(
        (l) => (l.actions as Array<{ function: string; arguments: { x?: number; y?: number } }> | undefined) ?? [],
      );
      expect(clicked.some((a) => a.function === 'click_on_coordinates' && ((a.arguments.x ?? 0) > 1280 || (a.arguments.y ?? 0) > 800))).toBe(true);
    },
  );

  it('Anthropic Messages tool_use: keyboard arithmetic on a GTK 4 app and find-and-replace through a dialog pass', { timeout: 150_000 }, async () => {
    const results = await runSuite({
      ids: ['mousepad-find-replace', 'gnome-calculator-keyboard'],
      computerUse: { wire: 'anthropic' },
      logRoot: join(logRoot, 'anthropic'),
    });
    expect(results.map((r) => `${r.id}: ${r.passed ? 'passed' : (r.error ?? r.detail)}`)).toEqual([
      'mousepad-find-replace: passed',
      'gnome-calculator-keyboard: passed',
    ]);
    expect(results[0]!.detail).toContain('The dog sat.');
    for (const result of results) expectComputerUseRun(result, 'toolu_fixture_', { width: 1280, height: 800 });
  });
});
