import type { EvaluationRecord } from './trajectory-records.js';
import type { TrajectoryStep, TrajectoryTotals } from './trajectory-types.js';

/** Totals over the steps (and the evaluations' cost). */
export function computeTotals(steps: readonly TrajectoryStep[], rounds: number, evaluations: readonly EvaluationRecord[]): TrajectoryTotals {
  const totals: TrajectoryTotals = {
    steps: steps.length,
    rounds,
    hostSteps: 0,
    appSteps: 0,
    errors: 0,
    actions: 0,
    cost: 0,
    unpricedSteps: 0,
    evaluationCost: 0,
    inputTokens: 0,
    outputTokens: 0,
    durationMs: 0,
  };
  for (const { record } of steps) {
    if (record.agent_kind === 'HostAgent') totals.hostSteps += 1;
    else totals.appSteps += 1;
    if (record.status === 'ERROR' || record.error) totals.errors += 1;
    totals.actions += record.actions.length;
    if (record.cost === null) totals.unpricedSteps += 1;
    else totals.cost += record.cost;
    totals.inputTokens += record.tokens?.input ?? 0;
    totals.outputTokens += record.tokens?.output ?? 0;
    totals.durationMs += record.timings.total ?? 0;
  }
  for (const evaluation of evaluations) totals.evaluationCost += evaluation.cost ?? 0;
  totals.cost = round6(totals.cost);
  totals.evaluationCost = round6(totals.evaluationCost);
  totals.durationMs = Math.round(totals.durationMs * 1000) / 1000;
  const times = steps
    .map((s) => s.record.time)
    .filter(Boolean)
    .sort();
  if (times.length) {
    totals.startedAt = times[0]!;
    totals.endedAt = times[times.length - 1]!;
  }
  return totals;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
