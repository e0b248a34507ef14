import { errorMessage, type CommandDispatcher, type Result } from '@ufo-ts/core';
import { LIST_TOOLS_META_TOOL } from '@ufo-ts/dispatchers';
import type { ServerCommandMessage } from '../protocol/server-messages.js';
import type { TraceContext, TracedExecuteOptions } from '../protocol/trace-context.js';

/** The message's `trace_contexts` by the `call_id` of the action at the same position, or undefined when none. */
function traceContextsByCallId(message: ServerCommandMessage): Map<string, TraceContext> | undefined {
  const contexts = message.trace_contexts;
  if (!contexts) return undefined;
  const byCallId = new Map<string, TraceContext>();
  message.actions.forEach((action, index) => {
    const context = contexts[index];
    if (context) byCallId.set(action.call_id, context);
  });
  return byCallId.size > 0 ? byCallId : undefined;
}

/**
 * Runs COMMAND batches on the device's dispatcher and always produces one Result per command (an
 * unknown tool, a crashed server or a thrown error becomes a failure Result, never a dropped reply). Each batch
 * has an AbortController, so a CANCEL for its session (or for the batch) stops the work in flight. The COMMAND's
 * `trace_contexts` reach the dispatcher as `TracedExecuteOptions.traceContexts`.
 */
export class CommandRunner {
  private readonly inFlight = new Map<string, { sessionId: string; controller: AbortController }>();

  constructor(private readonly dispatcher: CommandDispatcher) {}

  /** Batches running now. */
  get running(): number {
    return this.inFlight.size;
  }

  /** Runs a batch; resolves with its results (never rejects). */
  async run(message: ServerCommandMessage): Promise<Result[]> {
    const controller = new AbortController();
    this.inFlight.set(message.response_id, { sessionId: message.session_id, controller });
    const target = {
      agent: message.agent_name,
      ...(message.root_name !== undefined ? { root: message.root_name } : {}),
      ...(message.process_name !== undefined ? { process: message.process_name } : {}),
    };
    try {
      const only = message.actions.length === 1 ? message.actions[0] : undefined;
      if (only && only.tool_name === LIST_TOOLS_META_TOOL) {
        const toolType = only.parameters['tool_type'];
        const tools = await this.dispatcher.listTools({
          target,
          signal: controller.signal,
          ...(toolType === 'action' || toolType === 'data_collection' ? { toolType } : {}),
        });
        return [{ status: 'success', result: tools, namespace: null, call_id: only.call_id }];
      }
      const options: TracedExecuteOptions = { target, signal: controller.signal, stopOnFailure: message.stop_on_failure };
      const traceContexts = traceContextsByCallId(message);
      if (traceContexts) options.traceContexts = traceContexts;
      const results = await this.dispatcher.execute(message.actions, options);
      return message.actions.map(
        (command, index) =>
          results.find((r) => r.call_id === command.call_id) ??
          results[index] ?? {
            status: 'failure',
            error: 'RESULT_MISSING: the device dispatcher returned no result',
            code: 'RESULT_MISSING',
            namespace: null,
            call_id: command.call_id,
          },
      );
    } catch (error) {
      const text = `DISPATCH_FAILED: ${errorMessage(error)}`;
      return message.actions.map((command) => ({ status: 'failure', error: text, code: 'DISPATCH_FAILED', namespace: null, call_id: command.call_id }));
    } finally {
      this.inFlight.delete(message.response_id);
    }
  }

  /** Aborts one batch (when `responseId` is given) or every batch of a session; returns how many were aborted. */
  cancel(sessionId: string, responseId: string | undefined, reason: string): number {
    let count = 0;
    for (const [id, entry] of this.inFlight) {
      if (entry.sessionId !== sessionId || (responseId !== undefined && id !== responseId)) continue;
      entry.controller.abort(new Error(reason));
      count += 1;
    }
    return count;
  }

  /** Aborts everything (the connection was lost or the client stops). */
  cancelAll(reason: string): void {
    for (const entry of this.inFlight.values()) entry.controller.abort(new Error(reason));
  }
}
