import { describe, expect, it } from 'vitest';
import { normalizeAnthropicBaseUrl, normalizeOpenAIBaseUrl, parseAzureEndpoint } from './endpoint-url.js';
import { EndpointConfigError } from './errors.js';

describe('endpoint normalisation', () => {
  it('trims pasted OpenAI operation paths and trailing slashes', () => {
    expect(normalizeOpenAIBaseUrl('https://api.openai.com/v1/chat/completions')).toBe('https://api.openai.com/v1');
    expect(normalizeOpenAIBaseUrl('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1');
    expect(normalizeOpenAIBaseUrl('https://api.openai.com/v1/responses')).toBe('https://api.openai.com/v1');
    expect(normalizeOpenAIBaseUrl('https://generativelanguage.googleapis.com/v1beta/openai/')).toBe('https://generativelanguage.googleapis.com/v1beta/openai');
  });

  it('points local servers at /v1, including Ollama native paths', () => {
    expect(normalizeOpenAIBaseUrl('http://localhost:11434', { ensureV1: true })).toBe('http://localhost:11434/v1');
    expect(normalizeOpenAIBaseUrl('http://localhost:11434/api/chat', { ensureV1: true })).toBe('http://localhost:11434/v1');
    expect(normalizeOpenAIBaseUrl('http://localhost:8000/v1/', { ensureV1: true })).toBe('http://localhost:8000/v1');
  });

  it('rejects what cannot be a base URL, saying why', () => {
    expect(() => normalizeOpenAIBaseUrl('api.openai.com/v1')).toThrow(/not an absolute URL/);
    expect(() => normalizeOpenAIBaseUrl('ftp://x/v1')).toThrow(/http or https/);
    expect(() => normalizeOpenAIBaseUrl('https://user:pw@x/v1')).toThrow(/credentials/);
    expect(() => normalizeOpenAIBaseUrl('https://x.openai.azure.com/openai?api-version=1')).toThrow(/createAzureOpenAIModel/);
    expect(() => normalizeOpenAIBaseUrl('not a url')).toThrow(EndpointConfigError);
  });

  it('reduces Anthropic URLs to the root the SDK expects', () => {
    expect(normalizeAnthropicBaseUrl('https://api.anthropic.com/v1/messages')).toBe('https://api.anthropic.com');
    expect(normalizeAnthropicBaseUrl('https://api.anthropic.com/v1/')).toBe('https://api.anthropic.com');
    expect(normalizeAnthropicBaseUrl('https://proxy.example/anthropic')).toBe('https://proxy.example/anthropic');
  });

  it('splits Azure endpoints and pasted operation URLs', () => {
    expect(parseAzureEndpoint('https://res.openai.azure.com/')).toEqual({ endpoint: 'https://res.openai.azure.com' });
    expect(parseAzureEndpoint('https://res.openai.azure.com/openai')).toEqual({ endpoint: 'https://res.openai.azure.com' });
    expect(parseAzureEndpoint('https://res.openai.azure.com/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-10-21')).toEqual({
      endpoint: 'https://res.openai.azure.com',
      deployment: 'gpt4o-prod',
      apiVersion: '2024-10-21',
    });
    expect(() => parseAzureEndpoint('https://res.openai.azure.com/?foo=1')).toThrow(/unexpected query parameters/);
  });
});
