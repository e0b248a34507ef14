import { describe, expect, it } from 'vitest';
import {
  anthropicCapabilities,
  compatibleCapabilities,
  ModelCapabilitiesOverrideSchema,
  modelFeatures,
  openAICapabilities,
  resolveCapabilities,
} from './capabilities.js';

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

describe('computer tools by model family and version', () => {
  const openai = (id: string) => openAICapabilities(id, { api: 'responses' });
  const tool = (c: ReturnType<typeof openai>) => (c.computerTool ? `${c.computerTool}:${c.computerToolType}` : false);

  it.each([
    ['computer-use-preview', 'openai:computer_use_preview'],
    ['computer-use-preview-2025-03-11', 'openai:computer_use_preview'],
    ['gpt-5.4', 'openai:computer'],
    ['gpt-5.4-pro', 'openai:computer'],
    ['gpt-5.4-mini', 'openai:computer'],
    ['gpt-5.4-mini-2026-03-17', 'openai:computer'],
    ['GPT-5.5', 'openai:computer'],
    ['gpt-6', 'openai:computer'],
    ['gpt-5.4-nano', false],
    ['gpt-5.4-nano-2026-03-17', false],
    ['gpt-5.3-chat-latest', false],
    ['gpt-5.2', false],
    ['gpt-5', false],
    ['gpt-4o', false],
    ['o3', false],
  ])('OpenAI %s (Responses API): %s', (id, expected) => {
    expect(tool(openai(id))).toBe(expected);
  });

  it('gives OpenAI computer tools only through the Responses API', () => {
    expect(openAICapabilities('gpt-5.4')).toMatchObject({ computerTool: false });
    expect(openAICapabilities('gpt-5.4').computerToolType).toBeUndefined();
    expect(openai('gpt-5.4')).toMatchObject({ reasoning: true, strictSchema: true, parallelTools: true, maxContextTokens: 400_000 });
    expect(openai('computer-use-preview')).toMatchObject({ reasoning: true, strictSchema: false, parallelTools: false });
  });

  it.each([
    ['claude-3-7-sonnet-20250219', 'anthropic:computer_20250124'],
    ['claude-sonnet-4-20250514', 'anthropic:computer_20250124'],
    ['claude-opus-4-1', 'anthropic:computer_20250124'],
    ['claude-sonnet-4-5-20250929', 'anthropic:computer_20250124'],
    ['claude-haiku-4-5-20251001', 'anthropic:computer_20250124'],
    ['claude-opus-4-5', 'anthropic:computer_20251124'],
    ['claude-opus-4-5-20251101', 'anthropic:computer_20251124'],
    ['claude-opus-4-6', 'anthropic:computer_20251124'],
    ['claude-sonnet-4-6', 'anthropic:computer_20251124'],
    ['claude-opus-4-7', 'anthropic:computer_20251124'],
    ['claude-opus-4-8', 'anthropic:computer_toolset_20260801'],
    ['claude-opus-5', 'anthropic:computer_toolset_20260801'],
    ['claude-sonnet-5', 'anthropic:computer_toolset_20260801'],
    ['claude-fable-5-1', 'anthropic:computer_toolset_20260801'],
    ['claude-mythos-5', 'anthropic:computer_toolset_20260801'],
    ['claude-opus-5-5', 'anthropic:computer_toolset_20260801'],
    ['claude-sonnet-5-5', 'anthropic:computer_toolset_20260801'],
    ['claude-opus-6', 'anthropic:computer_toolset_20260801'],
    ['anthropic.claude-opus-4-5-20251101-v1:0', 'anthropic:computer_20251124'],
    ['claude-haiku-5-5', false],
    ['claude-3-5-haiku-latest', false],
    ['claude-3-5-sonnet-20241022', false],
    ['claude-3-opus-20240229', false],
    ['claude-mythos-preview', false],
  ])('Anthropic %s: %s', (id, expected) => {
    expect(tool(anthropicCapabilities(id))).toBe(expected);
  });

  it('lets config force a computer tool (and its version) on a model the table does not know', () => {
    expect(anthropicCapabilities('my-claude-proxy').computerTool).toBe(false);
    expect(resolveCapabilities(anthropicCapabilities('my-claude-proxy'), { computerTool: 'anthropic' })).toMatchObject({ computerTool: 'anthropic' });
    expect(resolveCapabilities(anthropicCapabilities('my-claude-proxy'), { computerTool: 'anthropic', computerToolType: 'computer_20250124' })).toMatchObject({
      computerTool: 'anthropic',
      computerToolType: 'computer_20250124',
    });
    expect(ModelCapabilitiesOverrideSchema.safeParse({ computerToolType: 'computer_20991231' }).success).toBe(false);
    expect(modelFeatures(resolveCapabilities(openai('my-finetune'), { computerTool: 'openai' })).computerTool).toBe('openai');
  });
});
