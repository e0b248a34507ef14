import { UfoError } from '@ufo-ts/core';
import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures, Usage } from '@ufo-ts/core';
import { ModelCallError, ModelRefusalError, ModelReplyInvalidError, type ModelErrorCode } from './errors.js';
import { addCost, addUsage } from './prices.js';

/** Why a model in a fallback chain was skipped. */
export interface SkippedModel {
  index: number;
  provider: string;
  model: string;
  /** The error code (`MODEL_CALL_FAILED`, `MODEL_REPLY_INVALID`, `MODEL_UNSUPPORTED_REQUEST`...). */
  code: string;
  message: string;
  /** HTTP status of the failure, when there was one. */
  status?: number;
}

/** The fallback trail on `providerMetadata.fallback`. */
export interface FallbackTrail {
  /** The model that answered. */
  answeredBy: { index: number; provider: string; model: string };
  /** The models tried before it, and why each was skipped. */
  skipped: SkippedModel[];
}

/** Options of {@link createFallbackModel}. */
export interface FallbackModelOptions {
  /** Models to try, in order; the first is the primary. At least one. */
  models: ChatModel[];
  /**
   * Whether an error moves on to the next model (default: every error except a refusal, `MODEL_REFUSED`: the
   * model declined the request itself, which another model should not be asked to do behind the caller's back).
   * Cancellation through the request's signal never moves on.
   */
  shouldFallback?: (error: unknown, model: ChatModel) => boolean;
  /** Called when a model is skipped, before the next one is tried. */
  onFallback?: (skipped: SkippedModel) => void;
}

/**
 * A {@link ChatModel} that tries an ordered chain of models (UFO's "backup engine"): the first that answers wins.
 * The response reports which model answered (`model`, `provider`, `providerMetadata.fallback`) and why earlier
 * ones were skipped. Usage and cost include what skipped models consumed (e.g. invalid structured replies). A
 * refusal ends the chain by default: a thrown `MODEL_REFUSED` is thrown as it is, and a reply that carries a
 * refusal is the answer.
 *
 * @example
 * ```ts
 * const model = createFallbackModel({ models: [primary, backup] });
 * ```
 */
export function createFallbackModel(options: FallbackModelOptions): ChatModel {
  const { models } = options;
  const first = models[0];
  if (!first) throw new UfoError<ModelErrorCode>('CONFIG_INVALID', 'createFallbackModel needs at least one model');
  const features = commonFeatures(models);
  return {
    provider: first.provider,
    modelId: first.modelId,
    ...(features ? { features } : {}),
    async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
      const skipped: SkippedModel[] = [];
      const errors: unknown[] = [];
      let spentUsage: Usage = { inputTokens: 0, outputTokens: 0 };
      let spentCost: number | null = 0;
      for (const [index, model] of models.entries()) {
        try {
          const response = await model.complete(request);
          if (skipped.length === 0) return response;
          return {
            ...response,
            usage: addUsage(spentUsage, response.usage),
            cost: addCost(spentCost, response.cost),
            providerMetadata: {
              ...response.providerMetadata,
              fallback: { answeredBy: { index, provider: model.provider, model: model.modelId }, skipped },
            },
          };
        } catch (error) {
          const cancelled = request.signal?.aborted || (error instanceof ModelCallError && error.aborted);
          const isLast = index === models.length - 1;
          if (cancelled || !(options.shouldFallback?.(error, model) ?? !(error instanceof ModelRefusalError))) throw error;
          errors.push(error);
          const entry = describe(index, model, error);
          skipped.push(entry);
          if (error instanceof ModelReplyInvalidError) {
            spentUsage = addUsage(spentUsage, error.usage);
            spentCost = addCost(spentCost, error.cost);
          }
          if (!isLast) options.onFallback?.(entry);
        }
      }
      if (errors.length === 1) throw errors[0];
      const last = skipped[skipped.length - 1]!;
      throw new ModelCallError(`All ${models.length} models failed: ${skipped.map((s) => `${s.provider}/${s.model}: ${s.message}`).join(' | ')}`, {
        provider: last.provider,
        model: last.model,
        ...(last.status === undefined ? {} : { status: last.status }),
        attempts: models.length,
        retryable: false,
        cause: new AggregateError(errors, 'every model in the fallback chain failed'),
        details: { skipped },
      });
    },
  };
}

function describe(index: number, model: ChatModel, error: unknown): SkippedModel {
  const entry: SkippedModel = {
    index,
    provider: model.provider,
    model: model.modelId,
    code: error instanceof UfoError ? error.code : 'UNKNOWN',
    message: error instanceof Error ? error.message : String(error),
  };
  if (error instanceof ModelCallError && error.status !== undefined) entry.status = error.status;
  return entry;
}

/**
 * What every model of a chain supports (a request the chain is asked must suit whichever model answers); undefined
 * when no member declares features (text only).
 */
export function commonFeatures(models: ChatModel[]): ModelFeatures | undefined {
  if (models.every((model) => !model.features)) return undefined;
  const all = models.map((model) => model.features ?? { toolCalls: false, parallelToolCalls: false, strictSchema: false });
  const features: ModelFeatures = {
    toolCalls: all.every((item) => item.toolCalls),
    parallelToolCalls: all.every((item) => item.parallelToolCalls),
    strictSchema: all.every((item) => item.strictSchema),
  };
  const computer = all[0]!.computerTool;
  if (computer && all.every((item) => item.computerTool === computer)) features.computerTool = computer;
  return features;
}
