import { describe, expect, it } from 'vitest';
import { anthropicCapabilities, compatibleCapabilities, modelFeatures, openAICapabilities, resolveCapabilities } from './capabilities.js';

describe('capabilities', () => {
  it('knows OpenAI reasoning, vision and json-schema support by model id', () => {
    expect(openAICapabilities('gpt-4o')).toMatchObject({ vision: true, jsonSchema: true, reasoning: false, maxContextTokens: 128_000 });
    expect(openAICapabilities('o3')).toMatchObject({ reasoning: true, vision: true });
    expect(openAICapabilities('gpt-5-mini')).toMatchObject({ reasoning: true });
    expect(openAICapabilities('gpt-5-chat-latest')).toMatchObject({ reasoning: false });
    expect(openAICapabilities('o3-mini')).toMatchObject({ vision: false, reasoning: true });
    expect(openAICapabilities('gpt-3.5-turbo')).toMatchObject({ vision: false, jsonSchema: false });
    expect(openAICapabilities('gpt-4-turbo')).toMatchObject({ vision: true, jsonSchema: false });
  });

  it('guesses vision of local models from the name; overrides win', () => {
    expect(compatibleCapabilities('llama3.2-vision:11b', {}).vision).toBe(true);
    expect(compatibleCapabilities('qwen2.5vl:7b', {}).vision).toBe(true);
    expect(compatibleCapabilities('llama3.1:8b', {}).vision).toBe(false);
    expect(compatibleCapabilities('deepseek-reasoner', {}).reasoning).toBe(true);
    expect(resolveCapabilities(anthropicCapabilities('claude-opus-4-5'), { jsonSchema: true, maxContextTokens: 1000 })).toMatchObject({
      jsonSchema: true,
      maxContextTokens: 1000,
      vision: true,
    });
  });

  it('knows tools, parallel tools, strict schema and the computer tool per model', () => {
    expect(openAICapabilities('gpt-4o')).toMatchObject({ tools: true, parallelTools: true, strictSchema: true, computerTool: false, streaming: true });
    expect(openAICapabilities('o3')).toMatchObject({ tools: true, parallelTools: false });
    expect(openAICapabilities('o1-mini')).toMatchObject({ tools: false, parallelTools: false });
    expect(openAICapabilities('computer-use-preview', { api: 'responses' })).toMatchObject({ computerTool: 'openai', strictSchema: false });
    expect(openAICapabilities('computer-use-preview').computerTool).toBe(false);
    expect(anthropicCapabilities('claude-sonnet-4-5')).toMatchObject({ tools: true, strictSchema: false, computerTool: 'anthropic' });
    expect(anthropicCapabilities('claude-3-5-haiku-latest').computerTool).toBe(false);
    expect(compatibleCapabilities('deepseek-reasoner', {})).toMatchObject({ tools: false, parallelTools: false });
    expect(compatibleCapabilities('qwen2.5:7b', {})).toMatchObject({ tools: true, strictSchema: false, computerTool: false });
    expect(modelFeatures(anthropicCapabilities('claude-opus-4-1'))).toEqual({
      toolCalls: true,
      parallelToolCalls: true,
      strictSchema: false,
      computerTool: 'anthropic',
    });
  });
});
