import type { ActionRecord, StepRecord } from '../step-record.js';

/** `$0.0123`, or `n/a` for an unknown price. */
export function formatCost(cost: number | null | undefined): string {
  if (cost === null || cost === undefined) return 'n/a';
  return `$${cost.toFixed(cost !== 0 && Math.abs(cost) < 0.01 ? 4 : 2)}`;
}

/** `850 ms`, `2.4 s`, `3 min 05 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return 'n/a';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `click_input(id="3")`: the recorded representation, or one built from the function and arguments. */
export function actionText(action: ActionRecord): string {
  if (action.representation) return action.representation;
  const args = Object.entries(action.arguments ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${action.function}(${args.join(', ')})`;
}

/** `success`, `failure: no such control`, or `not run` for a held action. */
export function actionResultText(action: ActionRecord, maxLength = 300): string {
  const result = action.result;
  if (!result) return 'not run';
  if (result.status === 'success') {
    const value = result.result === undefined || result.result === null ? '' : `: ${clip(JSON.stringify(result.result), maxLength)}`;
    // a policy's refusal is in the error text; an action it held and a person approved says so here
    const held = result.policy?.decision === 'confirm' ? ` (held by policy rule ${result.policy.rule ?? '(default)'}: ${result.policy.reason}; approved)` : '';
    return `success${value}${held}`;
  }
  return `${result.status}${result.error ? `: ${clip(result.error, maxLength)}` : ''}`;
}

/** Any value as short text: strings as is, everything else as JSON. */
export function valueText(value: unknown, maxLength = 2000): string {
  if (value === undefined) return '';
  return clip(typeof value === 'string' ? value : JSON.stringify(value, null, 2), maxLength);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * The progress monitor's judgement of a step (`no progress (repeated_no_effect, disabled): warn, 1 of 3 steps`,
 * with `— round ended NO_PROGRESS` when it ended the round), or empty when it found progress or did not run.
 */
export function progressText(record: StepRecord): string {
  const a = record.progress?.assessment;
  if (!a) return '';
  return `no progress (${a.detection}, likely ${a.cause}): ${a.level}, ${a.stalledSteps} of ${a.limit} steps${record.progress?.result ? ' — round ended NO_PROGRESS' : ''}`;
}

/** The verification of a FINISH (`failed: nothing was saved — sent back to the model`), or empty. */
export function finishCheckText(record: StepRecord): string {
  const c = record.finish_check;
  if (!c) return '';
  return `${c.passed ? 'passed' : 'failed'}: ${c.reason}${c.accepted ? (c.passed ? '' : ' — the FINISH stood (second FINISH of the round)') : ' — sent back to the model'}`;
}

/**
 * What the action cache did for a step: `hit: cached steps 1 to 6` (sent without the model), `healed at cached step
 * 4: TARGET_NOT_FOUND` (the model stood in), `miss` (the model, with no cached step to follow); empty without one.
 */
export function cacheText(record: StepRecord): string {
  const c = record.cache;
  if (!c) return '';
  const steps = c.step === undefined ? '' : c.count && c.count > 1 ? ` cached steps ${c.step + 1} to ${c.step + c.count}` : ` cached step ${c.step + 1}`;
  if (c.outcome === 'hit') return steps ? `hit:${steps}` : 'hit: the cached run is done';
  if (c.outcome === 'healed') return `healed at${steps}${c.reason ? `: ${c.reason}` : ''} (the model was asked)`;
  return `miss${c.reason ? ` (${c.reason}; the model has the rest of the task)` : ''}`;
}

/** The captures of a subtask or round end, in report order, with their labels. */
export const END_CAPTURE_LABELS = [
  ['windowScreenshot', 'window screenshot'],
  ['uiTree', 'UI tree'],
  ['desktopScreenshot', 'desktop screenshot'],
] as const;
