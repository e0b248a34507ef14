import { describe, expect, it } from 'vitest';
import { addCost, computeCost, defaultPrices, lookupPrice, mergePrices } from './prices.js';

describe('cost arithmetic', () => {
  it('charges input, cached input and output per million tokens', () => {
    const price = { input: 2.5, output: 10, cachedInput: 1.25 };
    expect(computeCost({ inputTokens: 1_000_000, outputTokens: 0 }, price)).toBe(2.5);
    expect(computeCost({ inputTokens: 0, outputTokens: 1_000_000 }, price)).toBe(10);
    expect(computeCost({ inputTokens: 3000, outputTokens: 500, cachedInputTokens: 1000 }, price)).toBeCloseTo((2000 * 2.5 + 1000 * 1.25 + 500 * 10) / 1e6, 15);
  });

  it('charges cached tokens at the input price when no cached price is known', () => {
    expect(computeCost({ inputTokens: 100, outputTokens: 0, cachedInputTokens: 100 }, { input: 1, output: 2 })).toBeCloseTo(1e-4, 15);
  });

  it('reports an unknown price as null, never 0', () => {
    expect(computeCost({ inputTokens: 10, outputTokens: 10 }, undefined)).toBeNull();
    expect(lookupPrice(defaultPrices, 'openai', 'gpt-unknown-model')).toBeUndefined();
    expect(addCost(0.5, null)).toBeNull();
    expect(addCost(0.5, 0.25)).toBe(0.75);
  });

  it('finds dated snapshots, provider aliases and bare overrides', () => {
    expect(lookupPrice(defaultPrices, 'openai', 'gpt-4o-2024-08-06')).toEqual(defaultPrices['openai/gpt-4o']);
    expect(lookupPrice(defaultPrices, 'anthropic', 'claude-haiku-4-5-20251001')).toEqual(defaultPrices['anthropic/claude-haiku-4-5']);
    expect(lookupPrice(defaultPrices, 'azure-openai', 'gpt-4o-mini')).toEqual(defaultPrices['openai/gpt-4o-mini']);
    // gpt-4o-mini must not be priced as gpt-4o.
    expect(lookupPrice(defaultPrices, 'openai', 'gpt-4o-mini')!.input).toBe(0.15);
    const table = mergePrices(defaultPrices, { 'llama3.1:8b': { input: 0, output: 0 }, 'openai/gpt-4o': { input: 1, output: 1 } });
    expect(lookupPrice(table, 'ollama', 'llama3.1:8b')).toEqual({ input: 0, output: 0 });
    expect(lookupPrice(table, 'openai', 'gpt-4o')).toEqual({ input: 1, output: 1 });
    expect(defaultPrices['openai/gpt-4o']!.input).toBe(2.5);
  });
});
