import type { ChatModel, StepRecord } from '@ufo-ts/core';

/** A task's first window, as an action cache keys a run: its program and title. */
export interface TaskWindow {
  app: string;
  title: string;
}

/** What an action cache did in a run. */
export interface TaskCacheUse {
  /** `hit`: every step from the cache; `healed`: the model took some; `miss`: no cached run. */
  outcome: 'hit' | 'healed' | 'miss';
  /** Calls that reached the model. */
  modelCalls: number;
  /** Cached steps that ran and showed their effect. */
  hits: number;
  /** Steps the model took in place of a cached one. */
  healed: number;
}

/**
 * The action cache as the task runner uses it (`@ufo-ts/sessions`' `ActionCache` fits as it is): look a run up,
 * give the session a model that answers from it, say what it did, record a run that passed its check.
 *
 * @example
 * ```ts
 * await runTask(task, { cache: new ActionCache({ store: new FileActionCacheStore('.ufo-cache') }) });
 * ```
 */
export interface TaskRunCache {
  /** Looks up the run of `request` with `variables` starting on `window`; the result is opaque to the runner. */
  lookup(input: { request: string; variables?: Readonly<Record<string, string>>; window: TaskWindow }): Promise<unknown>;
  /** The model the session uses: one answering from the cached run (asking `model` for what it cannot take), or `model` itself. */
  model(lookup: unknown, model: ChatModel): ChatModel;
  /** What a model from {@link TaskRunCache.model} did in the run. */
  use(model: ChatModel): TaskCacheUse;
  /** Records the run's steps under the lookup's key; the runner calls it only for a run that passed its check. */
  save(lookup: unknown, records: readonly StepRecord[], model: ChatModel): Promise<unknown>;
}
