import { createHash } from 'node:crypto';
import type { Result } from '../command.js';
import { canonicalJson } from '../canonical-json.js';
import type { ActionRecord } from '../step-record.js';
import type { TargetInfo } from '../target-info.js';
import { likelyCause, listedStates } from './likely-cause.js';
import type { ActionEvidence, StepEvidence } from './progress-schemas.js';

/** Actions that observe or wait: they change nothing by design, so they neither show nor break progress. */
const NEUTRAL_ACTIONS: ReadonlySet<string> = new Set(['wait', 'texts', 'select_application_window']);

/** What a step saw and did, for {@link stepEvidence}. */
export interface StepObservation {
  /** The session step. */
  step: number;
  /** The actions the step ran, with their results. */
  actions: readonly ActionRecord[];
  /** The controls the step's prompt listed. */
  controls?: readonly TargetInfo[] | undefined;
  /** The windows the step's prompt listed. */
  windows?: readonly TargetInfo[] | undefined;
}

/**
 * A digest of a listing: each window and control with its id, type, name, shown text or value and states. Two
 * steps with the same digest showed the model the same screen.
 */
export function screenDigest(controls: readonly TargetInfo[] = [], windows: readonly TargetInfo[] = []): string {
  let text = '';
  for (const t of [...windows, ...controls]) {
    const shown = t.extra?.['text'] ?? t.extra?.['value'] ?? '';
    text += `${t.kind}\u0000${t.id}\u0000${t.type ?? ''}\u0000${t.name}\u0000${String(shown)}\u0000${listedStates(t).join(',')}\n`;
  }
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
}

/** Whether a tool result says the action changed something: `effect.changed` of the platform action tools. */
function measuredChange(result: Result): boolean | undefined {
  const value = result.result;
  if (value === null || typeof value !== 'object') return undefined;
  const effect = (value as { effect?: unknown }).effect;
  if (effect === null || typeof effect !== 'object') return undefined;
  const changed = (effect as { changed?: unknown }).changed;
  return typeof changed === 'boolean' ? changed : undefined;
}

/** `[a12] push button "Save"` for a listed control, `[a12]` for an id the listing does not show. */
function describeTarget(id: string, listed: TargetInfo | undefined): string {
  return listed ? `[${id}] ${listed.type ? `${listed.type} ` : ''}${JSON.stringify(listed.name)}` : `[${id}]`;
}

function actionEvidence(action: ActionRecord, byId: ReadonlyMap<string, TargetInfo>, hasListing: boolean): ActionEvidence | undefined {
  if (NEUTRAL_ACTIONS.has(action.function)) return undefined;
  const key = `${action.function}(${canonicalJson(action.arguments)})`;
  const rawId = action.arguments['id'];
  const id = typeof rawId === 'string' && rawId !== '' ? rawId : undefined;
  const listed = id === undefined ? undefined : byId.get(id);
  const target = id === undefined ? {} : { target: describeTarget(id, listed) };
  const result = action.result;
  if (!result) return undefined;
  if (result.status === 'skipped') return undefined;
  const change = result.status === 'success' ? measuredChange(result) : undefined;
  const outcome: ActionEvidence['outcome'] = result.status !== 'success' ? 'failed' : change === undefined ? 'unknown' : change ? 'effect' : 'no_effect';
  if (outcome === 'effect' || outcome === 'unknown') return { key, outcome, ...target };
  const cause = likelyCause({ function: action.function, result, listed, unlistedId: id !== undefined && hasListing && !listed });
  return { key, outcome, cause, ...target };
}

/**
 * What the progress monitor keeps of a step: each action's outcome (effect, no effect, failed, not measured) with
 * the likely cause of a lack of effect, and a digest of the listing the step acted on. Observations, waits and
 * window selection are left out (they change nothing by design), and so are actions that did not run.
 */
export function stepEvidence(observation: StepObservation): StepEvidence {
  const byId = new Map((observation.controls ?? []).map((t) => [t.id, t]));
  const hasListing = (observation.controls?.length ?? 0) > 0;
  const actions = observation.actions.map((a) => actionEvidence(a, byId, hasListing)).filter((a): a is ActionEvidence => a !== undefined);
  return { step: observation.step, actions, screen: screenDigest(observation.controls ?? [], observation.windows ?? []) };
}
