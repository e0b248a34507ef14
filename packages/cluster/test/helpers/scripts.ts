// ScriptedModel replies of the cluster tests (LinuxAgent, one model call per step), chosen by the request text.
import type { ChatModel, ChatRequest, ChatResponse } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { FakeDesktop } from '@ufo-ts/testkit';

const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const select = linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' });
const compute = (result: string) => linux([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result });

/**
 * The replies for a request:
 * - `compute <label>`: select the calculator, then 12 × 34 = (display 408), finishing with result `408 for <label>`;
 * - `slow <ms> <label>`: the same with a `wait_ms <ms>` step in between (three steps).
 */
export function scriptFor(request: string): string[] {
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

  constructor(request: string) {
    this.script = scriptFor(request);
  }

  complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const step = Number(request.metadata?.['step'] ?? 0);
    const reply = this.script[Math.min(step, this.script.length - 1)]!;
    return new ScriptedModel({ replies: [reply] }).complete(request);
  }
}
