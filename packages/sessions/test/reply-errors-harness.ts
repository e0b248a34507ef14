// What the reply-error tests look at after a session ran: its outcome, its response.log step records, the events it
// emitted and its report.html, and where a typed error code reached among them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus, type EngineEvent } from '@ufo-ts/core';
import { expect } from 'vitest';
import type { ManagedSession, ManagedSessionOutcome } from '../src/index.js';
import { stepLines } from './helpers.js';

/** A session's run as a program sees it. */
export interface ObservedRun {
  outcome: ManagedSessionOutcome;
  steps: Array<Record<string, any>>;
  events: EngineEvent[];
  report: string;
}

/** An event bus that keeps every event it carries. */
export function recordingBus(): { events: EngineEvent[]; bus: EventBus } {
  const bus = new EventBus();
  const events: EngineEvent[] = [];
  bus.subscribe((event) => events.push(event));
  return { events, bus };
}

/** Runs a session built on `bus` and reads back what it wrote. */
export async function observe(build: (bus: EventBus) => ManagedSession): Promise<ObservedRun> {
  const { events, bus } = recordingBus();
  const outcome = await build(bus).run();
  return read(outcome, events);
}

/** Reads back what a finished session wrote. */
export function read(outcome: ManagedSessionOutcome, events: EngineEvent[]): ObservedRun {
  const folder = outcome.logFolder!;
  return { outcome, steps: stepLines(folder), events, report: readFileSync(join(folder, 'report.html'), 'utf8') };
}

/**
 * Asserts that `code` reached every place a program reads a failed step from: the failed step's record in
 * response.log, the round result (`{ error, code }`), the `step-end` and `round-end` events, and the step's card in
 * report.html. `text` is a part of the message each place must carry as well.
 */
export function expectCodeEverywhere(run: ObservedRun, code: string, text?: string): void {
  const message = text === undefined ? expect.any(String) : expect.stringContaining(text);
  const failed = run.steps.filter((s) => s.error);
  expect(failed.at(-1), 'response.log step record').toMatchObject({ status: 'ERROR', error: { code, message } });
  expect(run.outcome.rounds.at(-1), 'round result').toMatchObject({ finalState: 'ERROR', result: { code, error: message } });
  const stepEnds = run.events.filter((e) => e.type === 'step-end');
  expect(stepEnds.at(-1), 'step-end event').toMatchObject({ status: 'ERROR', error: { code, message } });
  const roundEnd = run.events.filter((e) => e.type === 'round-end').at(-1);
  expect(roundEnd, 'round-end event').toMatchObject({ state: 'ERROR', result: { code, error: message } });
  const card = stepCard(run.report, failed.length ? run.steps.indexOf(failed.at(-1)!) : -1);
  expect(card, 'report step card').toContain(`data-error-code="${code}"`);
  expect(card, 'report error field').toContain(`${code}: `);
}

/** The HTML of the report's card for step `index` (its position in response.log). */
export function stepCard(report: string, index: number): string {
  const start = report.indexOf(`id="step-${index}"`);
  if (start < 0) return '';
  const end = report.indexOf('</article>', start);
  return report.slice(start, end);
}
