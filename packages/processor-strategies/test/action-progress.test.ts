import type { Agent } from '@ufo-ts/agent-fsm';
import { EventBus, type Command, type CommandDispatcher, type EngineEvent, type ExecuteOptions, type Result } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { executeActions } from '../src/strategies/action-execution.js';

/** A dispatcher whose tools report two progress steps before they succeed. */
class ReportingDispatcher implements CommandDispatcher {
  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    return commands.map((command) => {
      options.onProgress?.({ call_id: command.call_id, tool: command.tool_name, progress: 1, total: 2 });
      options.onProgress?.({ call_id: command.call_id, tool: command.tool_name, progress: 2, total: 2, message: 'done' });
      return { status: 'success', result: null, namespace: 'fake', call_id: command.call_id };
    });
  }
  async listTools() {
    return [];
  }
  async close() {}
}

describe('action execution', () => {
  it('turns the progress tools report into command-progress engine events', async () => {
    const events = new EventBus();
    const seen: EngineEvent[] = [];
    events.subscribe((event) => seen.push(event));
    const agent = { name: 'LinuxAgent', safeGuard: false, services: { dispatcher: new ReportingDispatcher(), events } } as unknown as Agent;
    await executeActions(agent, [{ function: 'run_shell', arguments: { command: 'ls' } }], { agent: 'LinuxAgent' });
    expect(seen.filter((e) => e.type === 'command-progress')).toEqual([
      { type: 'command-progress', agent: 'LinuxAgent', tool: 'run_shell', progress: 1, total: 2 },
      { type: 'command-progress', agent: 'LinuxAgent', tool: 'run_shell', progress: 2, total: 2, message: 'done' },
    ]);
  });
});
