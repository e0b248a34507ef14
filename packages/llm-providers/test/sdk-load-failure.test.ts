import { describe, expect, it, vi } from 'vitest';
import { createAnthropicModel, createOpenAIModel, EndpointConfigError, ModelCallError } from '../src/index.js';

// Both SDKs fail to load, as when a package is missing.
vi.mock('openai', () => {
  throw new Error('Cannot find package openai');
});
vi.mock('@anthropic-ai/sdk', () => {
  throw new Error('Cannot find package @anthropic-ai/sdk');
});

describe('a provider SDK that cannot be loaded', () => {
  it.each([
    ['openai', () => createOpenAIModel({ model: 'gpt-4o', apiKey: 'k' })],
    ['@anthropic-ai/sdk', () => createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey: 'k' })],
  ])('%s: creating the model works; the call fails with ModelCallError caused by EndpointConfigError', async (name, create) => {
    const model = create();
    const error = await model.complete({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).attempts).toBe(1);
    expect((error as ModelCallError).retryable).toBe(false);
    const cause = (error as ModelCallError).cause;
    expect(cause).toBeInstanceOf(EndpointConfigError);
    expect((cause as EndpointConfigError).message).toContain(`"${name}"`);
    expect((cause as Error).cause).toBeInstanceOf(Error);
  });
});
