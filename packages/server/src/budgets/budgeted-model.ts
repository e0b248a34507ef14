import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';
import { BudgetExceededError } from '../errors.js';
import type { BudgetGuard } from './budget-guard.js';

/**
 * A {@link ChatModel} that asks a {@link BudgetGuard} before every call and reports each reply's cost to it. A
 * spent budget refuses the call with {@link BudgetExceededError} (the guard's `onExceeded` has stopped the task).
 * @example
 * const model = new BudgetedModel(providerModel, guard);
 */
export class BudgetedModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly features?: ModelFeatures;

  constructor(
    private readonly inner: ChatModel,
    private readonly guard: BudgetGuard,
  ) {
    this.provider = inner.provider;
    this.modelId = inner.modelId;
    if (inner.features) this.features = inner.features;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const exceeded = await this.guard.check();
    if (exceeded) {
      throw new BudgetExceededError(
        `the ${exceeded.scope} budget's ${exceeded.limit} (${exceeded.limit_value}) is spent: ${exceeded.spent.cost_usd} USD, ${exceeded.spent.steps} steps`,
      );
    }
    const response = await this.inner.complete(request);
    this.guard.addCost(response.cost ?? 0);
    return response;
  }
}
