import { systemClock, type ChatModel, type Clock, type ReplyCache, type StepRecord } from '@ufo-ts/core';
import type { ActionCacheStore } from './action-cache-store.js';
import { cacheKey, cacheKeyParts } from './cache-key.js';
import { CachedRunModel, type CacheStepEvent } from './cached-run-model.js';
import { CachedRunSchema, type CacheKeyParts, type CachedRun, type WindowSignature } from './cached-run-schema.js';
import { recordSteps } from './record-steps.js';
import { UncachedModel } from './uncached-model.js';

/** Options of {@link ActionCache}. */
export interface ActionCacheOptions {
  /** Where cached runs are kept (`FileActionCacheStore`, or a Redis store in a cluster). */
  store: ActionCacheStore;
  /** How many times one cached step may go to the model before the model gets the rest of the task. Default 1. */
  healsPerStep?: number;
  /**
   * `false`: replay only, never ask the model for a cached step: a step the cached run cannot take (its control is
   * gone, its effect differs) ends the session with `ACTION_CACHE_DIVERGED`, which says the step and why. Default
   * true: the session's own model takes that step (self-heal).
   */
  heal?: boolean;
  /** The clock entries are stamped with (default the system clock). */
  clock?: Clock;
}

/** What a run of a request starts with: its key and, on a hit, the cached run (see {@link ActionCache.lookup}). */
export interface CacheLookup {
  key: string;
  parts: CacheKeyParts;
  /** This run's values of the declared variables. */
  variables: Readonly<Record<string, string>>;
  /** The cached run, when there is one. */
  run?: CachedRun;
}

/** What a session's model did with a lookup, for {@link ActionCache.save} and reports. */
export interface CacheUse {
  /** `hit`: every step from the cache; `healed`: the model took some; `miss`: no cached run. */
  outcome: 'hit' | 'healed' | 'miss';
  /** Calls that went to the session's own model. */
  modelCalls: number;
  /** Cached steps that ran and showed their effect. */
  hits: number;
  /** Steps the model was asked for in place of a cached one. */
  healed: number;
}

/**
 * The action cache: runs that succeeded, replayed without the model. Look the request up before the session, give
 * the session's model to {@link ActionCache.model}, and after a run that succeeded (and passed its check, where
 * there is one) {@link ActionCache.save} it: a new entry, or the healed path replacing the old one.
 *
 * @example
 * ```ts
 * const cache = new ActionCache({ store: new FileActionCacheStore('.ufo-cache') });
 * const lookup = await cache.lookup({ request: 'Sum column B of {{file}}', variables: { file: 'q3.ods' }, window: { app: 'soffice', title: 'q3.ods - LibreOffice Calc' } });
 * const model = cache.model(lookup, myModel);
 * // ... run the session with `model`; when it succeeded:
 * await cache.save(lookup, stepRecords, model);
 * ```
 */
export class ActionCache {
  constructor(private readonly options: ActionCacheOptions) {}

  /** The key of a run of `request` with `variables` starting on `window`, and the cached run if there is one. */
  async lookup(input: { request: string; variables?: Readonly<Record<string, string>>; window: WindowSignature }): Promise<CacheLookup> {
    const variables = input.variables ?? {};
    const parts = cacheKeyParts(input.request, variables, input.window);
    const key = cacheKey(parts);
    const run = await this.options.store.get(key);
    return { key, parts, variables, ...(run ? { run } : {}) };
  }

  /**
   * The model a session of this lookup uses: on a hit, a {@link CachedRunModel} that answers from the cached run and
   * asks `model` only for a step it cannot take; on a miss, `model` itself with every reply marked a miss.
   */
  model(
    lookup: CacheLookup,
    model: ChatModel,
    extra: { onStep?: (event: CacheStepEvent) => void; history?: readonly ReplyCache[] } = {},
  ): CachedRunModel | UncachedModel {
    if (!lookup.run) return new UncachedModel(model);
    return new CachedRunModel({
      run: lookup.run,
      variables: lookup.variables,
      model,
      ...(this.options.healsPerStep !== undefined ? { healsPerStep: this.options.healsPerStep } : {}),
      ...(this.options.heal !== undefined ? { heal: this.options.heal } : {}),
      ...(extra.onStep ? { onStep: extra.onStep } : {}),
      ...(extra.history ? { history: extra.history } : {}),
    });
  }

  /** What a model from {@link ActionCache.model} did. */
  use(model: CachedRunModel | UncachedModel): CacheUse {
    if (model instanceof UncachedModel) return { outcome: 'miss', modelCalls: model.calls, hits: 0, healed: 0 };
    return { outcome: model.modelCalls === 0 ? 'hit' : 'healed', modelCalls: model.modelCalls, hits: model.hits, healed: model.healed };
  }

  /**
   * Records a run that succeeded, with the model it ran with (from {@link ActionCache.model}: it kept the listing
   * each step's prompt showed): its steps (`recordSteps` of its `response.log` records) become the entry of the
   * lookup's key. A replay served wholly only counts a hit (its steps are the cached ones); a healed replay's steps
   * replace the entry's (the path that works now). Call it only when the run's check passed: an entry is replayed
   * without the model. Resolves with the entry as written.
   */
  async save(lookup: CacheLookup, records: readonly StepRecord[], model: CachedRunModel | UncachedModel): Promise<CachedRun> {
    const use = this.use(model);
    const now = new Date((this.options.clock ?? systemClock).now()).toISOString();
    const previous = lookup.run ? await this.options.store.get(lookup.key) : undefined;
    const entry =
      previous && use.outcome === 'hit'
        ? CachedRunSchema.parse({ ...previous, updatedAt: now, hits: previous.hits + 1 })
        : CachedRunSchema.parse({
            key: lookup.key,
            parts: lookup.parts,
            steps: recordSteps(records, lookup.variables, (step) => model.listings.at(step)),
            createdAt: previous?.createdAt ?? now,
            updatedAt: now,
            healed: (previous?.healed ?? 0) + (previous && use.outcome === 'healed' ? 1 : 0),
            hits: previous?.hits ?? 0,
          });
    await this.options.store.put(entry);
    return entry;
  }
}
