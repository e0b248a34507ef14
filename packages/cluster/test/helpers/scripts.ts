// ScriptedModel replies of the cluster tests (LinuxAgent, one model call per step), chosen by the request text.
import type { ChatModel, ChatRequest, ChatResponse } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { FakeDesktop } from '@ufo-ts/testkit';

const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const select = linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' });
const compute = (result: string) => linux([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result });

/** Replies of the human-in-the-loop and budget tests, by request. */
const WAITING_SCRIPTS: Record<string, string[]> = {
  /** A sensitive click held for approval (status CONFIRM), then the task finishes. */
  'press one, carefully': [
    select,
    linux(click('1', 'CONFIRM'), { comment: 'pressing 1 changes the display' }),
    linux([], { status: 'FINISH', result: 'pressed' }),
  ],
  /** A question (PENDING), then the task finishes. */
  'ask which key': [select, linux([], { status: 'PENDING', questions: ['Which key should I press?'] }), linux([], { status: 'FINISH', result: 'asked' })],
  /** Two steps, then done. */
  'a short task': [select, linux([], { status: 'FINISH', result: 'short' })],
  /** Clicks for a long time (budget tests stop it). */
  'keep clicking': [select, ...Array.from({ length: 12 }, (_, i) => linux(click(String((i % 4) + 1)))), linux([], { status: 'FINISH', result: 'clicked' })],
};

/**
 * The replies for a request (besides the human-in-the-loop and budget scripts above):
 * - `compute <label>`: select the calculator, then 12 × 34 = (display 408), finishing with result `408 for <label>`;
 * - `slow <ms> <label>`: the same with a `wait_ms <ms>` step in between (three steps).
 */
export function scriptFor(request: string): string[] {
  const waiting = WAITING_SCRIPTS[request];
  if (waiting) return waiting;
  const slow = /^slow (\d+) (.+)$/.exec(request);
  if (slow) return [select, linux({ function: 'wait_ms', arguments: { ms: Number(slow[1]) }, status: 'CONTINUE' }), compute(`408 for ${slow[2]}`)];
  const plain = /^compute (.+)$/.exec(request);
  if (plain) return [select, compute(`408 for ${plain[1]}`)];
  return [linux([], { status: 'FAIL', result: `no script for "${request}"` })];
}

/**
 * Answers each step of a session with the script's reply for that step (the request's `step` metadata), so a session
 * resumed on another node gets the same replies whichever were already made or are replayed from the journal.
 */
export class StepScriptModel implements ChatModel {
  readonly provider = 'scripted';
  readonly modelId = 'scripted';
  private readonly script: string[];

  /** @param costPerCall the cost (USD) each reply reports (default 0). */
  constructor(
    request: string,
    private readonly costPerCall = 0,
  ) {
    this.script = scriptFor(request);
  }

  complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const step = Number(request.metadata?.['step'] ?? 0);
    const reply = this.script[Math.min(step, this.script.length - 1)]!;
    return new ScriptedModel({ replies: [reply], defaultCost: this.costPerCall }).complete(request);
  }
}
