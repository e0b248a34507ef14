import { z } from 'zod';
import type { Usage } from '@ufo-ts/core';

/** The price of one model, in USD per million tokens. */
export const ModelPriceSchema = z.object({
  /** USD per 1M input (prompt) tokens. */
  input: z.number().nonnegative(),
  /** USD per 1M output (completion) tokens. */
  output: z.number().nonnegative(),
  /** USD per 1M input tokens served from the provider's prompt cache; defaults to `input` when absent. */
  cachedInput: z.number().nonnegative().optional(),
});
/** The data {@link ModelPriceSchema} validates. */
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

/**
 * Prices keyed by model id, optionally qualified by provider (`openai/gpt-4o`, `anthropic/claude-sonnet-4-5`,
 * `azure-openai/gpt-4o`, or a bare `my-model`).
 */
export const PriceTableSchema = z.record(z.string(), ModelPriceSchema);
/** The data {@link PriceTableSchema} validates. */
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** The date the built-in price list was last checked against the providers' published list prices. */
export const defaultPricesAsOf = '2025-12';

/**
 * List prices (USD per 1M tokens, standard tier) of current OpenAI and Anthropic models, as of
 * {@link defaultPricesAsOf}. Models not listed report `cost: null`; add them (or correct these) through the
 * `prices` option or config field, which is merged over this table.
 */
export const defaultPrices: PriceTable = Object.freeze({
  'openai/gpt-5.2': { input: 1.75, output: 14, cachedInput: 0.175 },
  'openai/gpt-5.1': { input: 1.25, output: 10, cachedInput: 0.125 },
  'openai/gpt-5': { input: 1.25, output: 10, cachedInput: 0.125 },
  'openai/gpt-5-mini': { input: 0.25, output: 2, cachedInput: 0.025 },
  'openai/gpt-5-nano': { input: 0.05, output: 0.4, cachedInput: 0.005 },
  'openai/gpt-4.1': { input: 2, output: 8, cachedInput: 0.5 },
  'openai/gpt-4.1-mini': { input: 0.4, output: 1.6, cachedInput: 0.1 },
  'openai/gpt-4.1-nano': { input: 0.1, output: 0.4, cachedInput: 0.025 },
  'openai/gpt-4o': { input: 2.5, output: 10, cachedInput: 1.25 },
  'openai/gpt-4o-mini': { input: 0.15, output: 0.6, cachedInput: 0.075 },
  'openai/o4-mini': { input: 1.1, output: 4.4, cachedInput: 0.275 },
  'openai/o3': { input: 2, output: 8, cachedInput: 0.5 },
  'openai/o3-mini': { input: 1.1, output: 4.4, cachedInput: 0.55 },
  'openai/o1': { input: 15, output: 60, cachedInput: 7.5 },
  'openai/gpt-4-turbo': { input: 10, output: 30 },
  'openai/gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  'anthropic/claude-opus-4-5': { input: 5, output: 25, cachedInput: 0.5 },
  'anthropic/claude-sonnet-4-5': { input: 3, output: 15, cachedInput: 0.3 },
  'anthropic/claude-haiku-4-5': { input: 1, output: 5, cachedInput: 0.1 },
  'anthropic/claude-opus-4-1': { input: 15, output: 75, cachedInput: 1.5 },
  'anthropic/claude-opus-4': { input: 15, output: 75, cachedInput: 1.5 },
  'anthropic/claude-sonnet-4': { input: 3, output: 15, cachedInput: 0.3 },
  'anthropic/claude-3-7-sonnet': { input: 3, output: 15, cachedInput: 0.3 },
  'anthropic/claude-3-5-haiku': { input: 0.8, output: 4, cachedInput: 0.08 },
}) as PriceTable;

/** Providers whose models are priced like another provider's when they have no entry of their own. */
const PRICE_ALIASES: Record<string, string> = { 'azure-openai': 'openai' };

/**
 * Finds the price of `model` served by `provider`. Tries `provider/model`, the provider's alias (Azure → OpenAI),
 * then the bare model id; each also without a trailing date snapshot (`-2024-08-06`, `-20251001`, `-latest`).
 * Returns `undefined` when the model is not in the table.
 */
export function lookupPrice(table: PriceTable, provider: string, model: string): ModelPrice | undefined {
  const ids = [model];
  const undated = model.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, '');
  if (undated !== model) ids.push(undated);
  const prefixes = [`${provider}/`];
  const alias = PRICE_ALIASES[provider];
  if (alias) prefixes.push(`${alias}/`);
  prefixes.push('');
  for (const prefix of prefixes) {
    for (const id of ids) {
      const price = table[`${prefix}${id}`];
      if (price) return price;
    }
  }
  return undefined;
}

/**
 * Cost in USD of `usage` at `price`; `null` when the price is unknown (never a silent 0). Cached input tokens are
 * part of `inputTokens` and are charged at `cachedInput` (or `input` when no cached price is given).
 */
export function computeCost(usage: Usage, price: ModelPrice | undefined): number | null {
  if (!price) return null;
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const fresh = usage.inputTokens - cached;
  const micro = fresh * price.input + cached * (price.cachedInput ?? price.input) + usage.outputTokens * price.output;
  return micro / 1_000_000;
}

/** Merges price overrides over a base table (overrides win). */
export function mergePrices(base: PriceTable, overrides: PriceTable | undefined): PriceTable {
  return overrides ? { ...base, ...overrides } : base;
}

/** Adds two usages (cached tokens add up when either reports them). */
export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  if (a.cachedInputTokens !== undefined || b.cachedInputTokens !== undefined) {
    out.cachedInputTokens = (a.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0);
  }
  return out;
}

/** Adds two costs; unknown (null) wins, so a partly unpriced total is reported as unknown. */
export function addCost(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

/** A usage of zero tokens. */
export function zeroUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}
