import { progressNotice } from './progress-notice.js';
import type { DetectionKind, NoProgressCause, ProgressAssessment, ProgressLevel, ProgressSettings, StepEvidence } from './progress-schemas.js';

/** A detection before the ladder is applied. */
interface Finding {
  detection: DetectionKind;
  cause: NoProgressCause;
  /** Consecutive steps without progress, the latest included. */
  stalledSteps: number;
  /** The steps, oldest first, that make up the finding. */
  steps: readonly StepEvidence[];
}

/** The first stalled step count at which each detection is told to the model. */
const WARN_FROM: Readonly<Record<DetectionKind, number>> = { repeated_no_effect: 1, no_effect_streak: 1, cycle: 4, same_screen: 3 };

const stepKey = (s: StepEvidence): string => s.actions.map((a) => a.key).join(' | ');
const stalled = (s: StepEvidence): boolean => s.actions.every((a) => a.outcome === 'no_effect' || a.outcome === 'failed');

/** The cause named most recently by a step's actions (the latest step's first one that names one). */
function latestCause(steps: readonly StepEvidence[]): NoProgressCause {
  for (const s of [...steps].reverse()) {
    const named = s.actions.find((a) => a.cause !== undefined && a.cause !== 'no_effect')?.cause;
    if (named) return named;
  }
  return 'no_effect';
}

/** Consecutive steps, from the latest back, whose actions all did nothing. */
function noEffectFinding(steps: readonly StepEvidence[]): Finding | undefined {
  let n = 0;
  while (n < steps.length && stalled(steps[steps.length - 1 - n]!)) n += 1;
  if (n === 0) return undefined;
  const run = steps.slice(-n);
  const same = run.every((s) => stepKey(s) === stepKey(run[0]!));
  return { detection: n >= 2 && same ? 'repeated_no_effect' : 'no_effect_streak', cause: latestCause(run), stalledSteps: n, steps: run };
}

/** An A-B-A-B run ending at the latest step: two different actions alternating while the screen returns to where it was. */
function cycleFinding(steps: readonly StepEvidence[]): Finding | undefined {
  let n = 0;
  for (let i = steps.length - 1; i >= 2; i -= 1) {
    const now = steps[i]!;
    const before = steps[i - 2]!;
    if (stepKey(now) !== stepKey(before) || now.screen !== before.screen || stepKey(now) === stepKey(steps[i - 1]!)) break;
    n = n === 0 ? 3 : n + 1;
  }
  if (n < 4) return undefined;
  return { detection: 'cycle', cause: 'no_effect', stalledSteps: n, steps: steps.slice(-n) };
}

/** Steps, from the latest back, that showed the model the same listing as the step before. */
function sameScreenFinding(steps: readonly StepEvidence[]): Finding | undefined {
  let n = 0;
  for (let i = steps.length - 1; i >= 1 && steps[i]!.screen === steps[i - 1]!.screen; i -= 1) n += 1;
  if (n === 0) return undefined;
  return { detection: 'same_screen', cause: latestCause(steps.slice(-n - 1)), stalledSteps: n, steps: steps.slice(-n - 1) };
}

function level(finding: Finding, limit: number, settings: ProgressSettings): ProgressLevel {
  if (settings.mode !== 'enforce') return 'warn';
  if (finding.stalledSteps >= limit) return settings.onStuck;
  return finding.stalledSteps === limit - 1 ? 'reperceive' : 'warn';
}

/**
 * Judges the latest step against the ones before it. `history` holds the steps of one agent, oldest first, since
 * the monitor last asked the user (an answer starts afresh); steps without evaluated actions (waits, observations)
 * are skipped. Returns undefined when the latest step made progress, ran no evaluated action, or the mode is
 * `off`. Otherwise the detection — the same action with no effect (`repeated_no_effect`), different actions with
 * no effect (`no_effect_streak`), an A-B-A-B cycle whose screen keeps coming back (`cycle`), or the same listing
 * for several steps (`same_screen`) — with its likely cause, the rung of the ladder it reached (`warn` until one
 * step before the detection's limit, then `reperceive`, then the settings' `onStuck` in `enforce` mode; always
 * `warn` in `warn` mode) and the notice for the model.
 *
 * @example
 * ```ts
 * const settings = ProgressSettingsSchema.parse({ mode: 'enforce' });
 * const verdict = assessProgress(history, settings);
 * if (verdict?.level === 'fail') endRound({ error: 'NO_PROGRESS', ...verdict });
 * ```
 */
export function assessProgress(history: readonly StepEvidence[], settings: ProgressSettings): ProgressAssessment | undefined {
  if (settings.mode === 'off') return undefined;
  const latest = history.at(-1);
  if (!latest || latest.actions.length === 0) return undefined;
  const steps = history.filter((s) => s.actions.length > 0);
  const findings = [noEffectFinding(steps), cycleFinding(steps), sameScreenFinding(steps)].filter(
    (f): f is Finding => f !== undefined && f.stalledSteps >= WARN_FROM[f.detection],
  );
  // the finding closest to its limit decides
  const ranked = findings
    .map((f) => ({ finding: f, limit: settings.limits[f.detection] }))
    .sort((a, b) => b.finding.stalledSteps / b.limit - a.finding.stalledSteps / a.limit);
  const top = ranked[0];
  if (!top) return undefined;
  const rung = level(top.finding, top.limit, settings);
  return {
    detection: top.finding.detection,
    cause: top.finding.cause,
    level: rung,
    stalledSteps: top.finding.stalledSteps,
    limit: top.limit,
    notice: progressNotice({ ...top.finding, level: rung, limit: top.limit, mode: settings.mode, onStuck: settings.onStuck }),
  };
}
