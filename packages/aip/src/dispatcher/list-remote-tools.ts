import { randomUUID } from 'node:crypto';
import { ToolInfoSchema, type Command, type CommandDispatcher, type ListToolsOptions, type ToolInfo } from '@ufo-ts/core';
import { LIST_TOOLS_META_TOOL } from '@ufo-ts/dispatchers';
import { z } from 'zod';
import { RemoteListToolsError } from '../errors.js';

/**
 * Lists a remote device's tools for a target through the `list_tools` meta command, run by the dispatcher that
 * reaches the device (the WebSocket dispatcher, or a cluster's routed one).
 * @throws RemoteListToolsError when the device cannot list them, is gone, or sends an invalid list.
 */
export async function listRemoteTools(dispatcher: Pick<CommandDispatcher, 'execute'>, deviceId: string, options: ListToolsOptions): Promise<ToolInfo[]> {
  const command: Command = {
    tool_name: LIST_TOOLS_META_TOOL,
    tool_type: options.toolType ?? 'action',
    parameters: options.toolType ? { tool_type: options.toolType } : {},
    call_id: `list-tools-${randomUUID()}`,
  };
  const [result] = await dispatcher.execute([command], { target: options.target, ...(options.signal ? { signal: options.signal } : {}) });
  if (!result || result.status !== 'success') {
    throw new RemoteListToolsError(`device ${deviceId} could not list its tools: ${result?.error ?? 'no result'}`);
  }
  const tools = z.array(ToolInfoSchema).safeParse(result.result);
  if (!tools.success) {
    throw new RemoteListToolsError(`device ${deviceId} sent an invalid tool list: ${tools.error.issues[0]?.message}`);
  }
  return options.toolType ? tools.data.filter((tool) => tool.tool_type === options.toolType) : tools.data;
}
