import { describe, expect, it } from 'vitest';
import { ChatMessageSchema, ToolCallSchema, ToolDefinitionSchema } from '../src/index.js';
import { ScriptedModel } from '../src/testing.js';

describe('ChatModel tools', () => {
  it('a scripted reply made of tool calls comes back as tool calls with finish reason tool-calls, and the schema is not applied to it', async () => {
    const model = new ScriptedModel({
      features: { toolCalls: true, parallelToolCalls: true, strictSchema: false },
      replies: [{ toolCalls: [{ id: 'call_1', type: 'function', name: 'click_input', arguments: { id: '7' } }] }, 'plain'],
    });
    expect(model.features?.toolCalls).toBe(true);
    const first = await model.complete({
      messages: [{ role: 'user', content: 'click 7' }],
      tools: [{ type: 'function', name: 'click_input', inputSchema: { type: 'object' } }],
    });
    expect(first.content).toBe('');
    expect(first.finishReason).toBe('tool-calls');
    expect(first.toolCalls).toEqual([{ id: 'call_1', type: 'function', name: 'click_input', arguments: { id: '7' } }]);
    const second = await model.complete({ messages: [{ role: 'tool', toolCallId: 'call_1', content: 'clicked' }] });
    expect(second.finishReason).toBe('stop');
    expect(second.toolCalls).toBeUndefined();
  });

  it('validates tool definitions, tool calls and tool messages at the boundary', () => {
    expect(ToolDefinitionSchema.safeParse({ type: 'function', name: 'bad name', inputSchema: {} }).success).toBe(false);
    expect(ToolDefinitionSchema.safeParse({ type: 'computer', displayWidth: 1024, displayHeight: 768 }).success).toBe(true);
    expect(ToolCallSchema.safeParse({ id: '', type: 'function', name: 'x', arguments: {} }).success).toBe(false);
    const message = ChatMessageSchema.parse({
      role: 'tool',
      toolCallId: 'toolu_1',
      content: [{ type: 'image', image: 'AAAA' }],
    });
    expect(message.content).toEqual([{ type: 'image', image: 'AAAA', mediaType: 'image/png' }]);
  });
});
