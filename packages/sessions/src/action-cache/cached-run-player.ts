import { createCommand, type CommandDispatcher, type DispatchTarget, type Result } from '@ufo-ts/core';
import type { CachedRun, CachedStep, RecordedEffect } from './cached-run-schema.js';
import { fillValues } from './cache-variables.js';
import { CONTROL_ID_ARGUMENT } from './record-steps.js';
import { effectDifference, reportedChanges } from './effect-match.js';
import { resolveTarget, type ListedControl, type TargetMiss } from './resolve-target.js';

/** The desktop tool that lists the selected window's controls. */
export const LISTING_TOOL = 'get_app_window_controls_target_info';

/**
 * Why a replay stopped before its last step: the step needs the model (self-heal) or fails closed.
 * `EFFECT_DIFFERS`: a window opened that the cached run did not see (or one it saw did not); `WRONG_TARGET`: the
 * tool reported acting on another control than the cached one.
 */
export type ReplayDivergence = TargetMiss | 'EFFECT_NOT_SEEN' | 'EFFECT_DIFFERS' | 'WRONG_TARGET' | 'STEP_FAILED' | 'LISTING_FAILED';

/** What one replayed step did. */
export interface ReplayedStep {
  index: number;
  step: CachedStep;
  /** `hit`: ran and showed its recorded effect; otherwise why it stopped the replay. */
  outcome: 'hit' | ReplayDivergence;
  result?: Result;
  detail?: string;
}

/** How a replay ended. */
export type ReplayOutcome =
  { status: 'completed'; steps: ReplayedStep[] } | { status: 'diverged'; at: number; reason: ReplayDivergence; detail: string; steps: ReplayedStep[] };

/** Options of {@link playCachedRun}. */
export interface PlayCachedRunOptions {
  /** The session's dispatcher (journaled: a replayed call runs once, also across a crash and resume). */
  dispatcher: CommandDispatcher;
  target: DispatchTarget;
  /** This run's values of the run's variables. */
  variables?: Readonly<Record<string, string>>;
  /** The first step to play (0-based). Default 0. */
  from?: number;
  signal?: AbortSignal;
  /** Called after each step. */
  onStep?: (step: ReplayedStep) => void;
}

/**
 * Plays a cached run's steps through the dispatcher, in order, without a model: a step on a control first lists the
 * window and finds the control again by its description (never by its recorded id), then runs; a step that recorded
 * a visible effect must show one before the next runs (the tools report an action's effect once it is seen). The
 * first step whose control is not found or not the only one, whose call fails, or whose effect is not seen ends the
 * replay as `diverged` with a typed reason: the caller hands that step to the model or fails, and never guesses. A
 * placeholder with no value in `variables` is an error (`ACTION_CACHE_VARIABLE_MISSING`) before any step runs.
 */
export async function playCachedRun(run: CachedRun, options: PlayCachedRunOptions): Promise<ReplayOutcome> {
  const variables = options.variables ?? {};
  // every placeholder has a value before the first step runs (fillValues throws ACTION_CACHE_VARIABLE_MISSING)
  for (const step of run.steps.slice(options.from ?? 0)) fillValues({ arguments: step.arguments, target: step.target, effect: step.effect }, variables);
  const played: ReplayedStep[] = [];
  const stop = (at: number, step: CachedStep, reason: ReplayDivergence, detail: string, result?: Result): ReplayOutcome => {
    const record: ReplayedStep = { index: at, step, outcome: reason, detail, ...(result ? { result } : {}) };
    played.push(record);
    options.onStep?.(record);
    return { status: 'diverged', at, reason, detail, steps: played };
  };
  for (let index = options.from ?? 0; index < run.steps.length; index += 1) {
    const step = run.steps[index]!;
    const args = fillValues(step.arguments, variables) as Record<string, unknown>;
    if (step.target) {
      const [listing] = await options.dispatcher.execute([createCommand(LISTING_TOOL, {}, 'data_collection')], {
        target: options.target,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (listing?.status !== 'success') return stop(index, step, 'LISTING_FAILED', listing?.error ?? 'no listing', listing);
      const found = resolveTarget(step.target, controlsOf(listing.result), variables);
      if ('miss' in found) return stop(index, step, found.miss, found.detail);
      args[CONTROL_ID_ARGUMENT] = found.id;
    }
    const [result] = await options.dispatcher.execute([createCommand(step.function, args, 'action')], {
      target: options.target,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (result?.status !== 'success') return stop(index, step, 'STEP_FAILED', result?.error ?? 'no result', result);
    if (!effectSeen(step.effect, result.result))
      return stop(index, step, 'EFFECT_NOT_SEEN', `${step.function} showed no visible change; the cached run saw: ${step.effect!.changes.join('; ')}`, result);
    const differs = effectDifference(step.effect, reportedChanges(result.result), variables);
    if (differs) return stop(index, step, 'EFFECT_DIFFERS', `after ${step.function} ${differs}`, result);
    const record: ReplayedStep = { index, step, outcome: 'hit', result };
    played.push(record);
    options.onStep?.(record);
  }
  return { status: 'completed', steps: played };
}

/** Whether a step that recorded a visible change showed one now (a step that recorded none needs none). */
function effectSeen(recorded: RecordedEffect | undefined, reported: unknown): boolean {
  if (!recorded?.changed) return true;
  const effect = (reported as { effect?: { changed?: unknown } } | undefined)?.effect;
  return effect?.changed === true;
}

function controlsOf(listing: unknown): ListedControl[] {
  const controls = (listing as { controls?: unknown } | undefined)?.controls;
  return Array.isArray(controls) ? controls.filter((c): c is ListedControl => typeof (c as ListedControl)?.id === 'string') : [];
}
