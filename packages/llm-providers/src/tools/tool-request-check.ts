import type { ChatRequest } from '@ufo-ts/core';
import type { ModelCapabilities } from '../capabilities.js';
import { UnsupportedRequestError } from '../errors.js';

/**
 * Refuses, before anything is sent, a request whose tools the model cannot take: function tools (or tool calls and
 * tool results in the history) to a model without native tool calls, the computer tool to a model without one, a
 * tool choice naming a tool the request does not carry, or two tools with one name. Text-JSON mode is the
 * caller's fallback for such models (`features.toolCalls` says which).
 */
export function checkToolRequest(
  request: Pick<ChatRequest, 'tools' | 'toolChoice' | 'messages'>,
  capabilities: ModelCapabilities,
  label: { provider: string; model: string },
): void {
  const { provider, model } = label;
  const refuse = (message: string, details: Record<string, unknown> = {}): never => {
    throw new UnsupportedRequestError(`${provider}/${model} ${message}`, { provider, model, details });
  };
  const tools = request.tools ?? [];
  const functions = tools.filter((tool) => tool.type === 'function');
  const computer = tools.some((tool) => tool.type === 'computer');
  const history = request.messages.some((message) => message.role === 'tool' || (message.toolCalls?.length ?? 0) > 0);
  if ((functions.length > 0 || history) && !capabilities.tools) {
    refuse('has no native tool calls; send the request in text-JSON mode (features.toolCalls is false)', {
      tools: functions.length,
    });
  }
  if (computer && !capabilities.computerTool) refuse('has no computer-use tool', { computerTool: false });
  const names = new Set<string>();
  for (const tool of tools) {
    const name = tool.type === 'function' ? tool.name : 'computer';
    if (names.has(name)) refuse(`was given two tools named ${JSON.stringify(name)}`);
    names.add(name);
  }
  const choice = request.toolChoice;
  if (typeof choice === 'object' && !names.has(choice.name)) {
    refuse(`was asked to call ${JSON.stringify(choice.name)}, which is not among the request's tools`);
  }
}
