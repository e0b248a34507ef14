import type { Agent } from '@ufo-ts/agent-fsm';
import { createCommand, type Context } from '@ufo-ts/core';
import { SELECT_WINDOW_TOOL } from '@ufo-ts/processor-strategies';

/**
 * Selects the application window a resumed session's context names (`APPLICATION_WINDOW_INFO`, recorded by the
 * HostAgent's and the LinuxAgent's steps) again, through `agent`'s dispatcher: the tool servers may have restarted
 * with the engine (a crash, a resume from another process) and lost their selection, while the window itself is
 * still open. Does nothing when the context names no window; a selection that fails is a warning of `agent`, not an
 * error (the resumed step sees the screen as it is).
 *
 * @param agent The agent whose dispatcher and dispatch target the selection goes through.
 * @param context The resumed session's context.
 * @example
 * ```ts
 * // in a session's restoreAgents, after the agents are rebuilt and before the first resumed step
 * await reselectWindow(this.agent, this.context);
 * ```
 */
export async function reselectWindow(agent: Agent, context: Context): Promise<void> {
  const window = context.get('APPLICATION_WINDOW_INFO');
  if (!window || window.kind !== 'window') return;
  const id = String(window.extra?.source_id ?? window.id);
  const [result] = await agent.services.dispatcher.execute([createCommand(SELECT_WINDOW_TOOL, { id, name: window.name }, 'action')], {
    target: agent.dispatchTarget(context),
  });
  if (result?.status !== 'success') agent.warn(`resume: could not select ${window.name} again: ${result?.error ?? 'no result'}`);
}
