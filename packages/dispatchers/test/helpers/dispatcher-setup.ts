import type { Command, Result, ToolType } from '@ufo-ts/core';
import { inject } from 'vitest';
import { LocalCommandDispatcher, type LocalCommandDispatcherOptions, type ServerConfigInput } from '../../src/index.js';
import type { DispatcherEvent } from '../../src/index.js';

let callCounter = 0;

/** A Command with a fresh call id. */
export function command(tool: string, parameters: Record<string, unknown> = {}, toolType: ToolType = 'action', extra: Partial<Command> = {}): Command {
  callCounter += 1;
  return { tool_name: tool, parameters, tool_type: toolType, call_id: `c${callCounter}`, ...extra };
}

/** Config entry of the bundled fixture server over stdio. */
export function stdioFixture(
  namespace: string,
  options: { label?: string; reset?: boolean; env?: Record<string, string>; timeouts?: Record<string, number> } = {},
): ServerConfigInput {
  return {
    namespace,
    transport: 'stdio',
    command: process.execPath,
    args: [inject('fixtures').stdioServer],
    env: { FIXTURE_LABEL: options.label ?? namespace, ...options.env },
    ...(options.reset !== undefined ? { reset: options.reset } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  };
}

/** Creates dispatchers that are all closed by {@link closeDispatchers}; records their events. */
export function dispatcherFactory() {
  const created: LocalCommandDispatcher[] = [];
  const events: DispatcherEvent[] = [];
  return {
    events,
    create(options: LocalCommandDispatcherOptions): LocalCommandDispatcher {
      const dispatcher = new LocalCommandDispatcher({
        ...options,
        onEvent: (event) => {
          events.push(event);
          options.onEvent?.(event);
        },
      });
      created.push(dispatcher);
      return dispatcher;
    },
    /** Resolves once a server of any dispatcher made here wrote `text` to stderr (from now on). */
    waitForStderr(text: string, timeoutMs = 10_000): Promise<void> {
      const from = events.length;
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = (): void => {
          const seen = events.slice(from).some((e) => e.type === 'server-stderr' && e.text.includes(text));
          if (seen) resolve();
          else if (Date.now() - started > timeoutMs) reject(new Error(`no "${text}" on a server's stderr`));
          else setTimeout(poll, 5);
        };
        poll();
      });
    },
    async closeAll(): Promise<void> {
      await Promise.all(created.splice(0).map((d) => d.close()));
      events.length = 0;
    },
  };
}

/** The single Result of a one-command batch. */
export async function runOne(
  dispatcher: LocalCommandDispatcher,
  cmd: Command,
  target: { agent: string; root?: string; process?: string },
  signal?: AbortSignal,
): Promise<Result> {
  const [result] = await dispatcher.execute([cmd], signal ? { target, signal } : { target });
  if (!result) throw new Error('no result');
  return result;
}
