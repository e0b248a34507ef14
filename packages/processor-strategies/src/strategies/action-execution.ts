import type { Agent } from '@ufo-ts/agent-fsm';
import { createCommand, type ActionRecord, type Command, type CommandProgress, type DispatchTarget, type ExecuteOptions, type Result } from '@ufo-ts/core';
import type { Action } from '../schemas/responses.js';
import { interruptedResults, keepInterruptedActions } from '../framework/interrupted-actions.js';

/** Formats an action like the original's `name(k=v, ...)`. */
export function actionRepresentation(fn: string, args: Record<string, unknown>): string {
  return `${fn}(${Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ')})`;
}

/**
 * A guard's verdict on one action: run it as it is (undefined), run it with these arguments (a control the model
 * named by `name` instead of `id`, found on the screen), or refuse it with a reason.
 */
export type ActionGuardVerdict = undefined | { arguments: Record<string, unknown> } | { refuse: string };

/**
 * Checked before each action of a reply, with the action before it (and its result) and its position: a refusal
 * stops the reply there.
 */
export type ActionGuard = (action: ActionRecord, previous: ActionRecord | undefined, index: number) => Promise<ActionGuardVerdict>;

/**
 * Runs a reply's actions one at a time, asking `guard` before each. The first failure or refusal stops the rest:
 * the actions after it get `skipped` results saying why. Returns the results and the arguments each action ran
 * with (a guard may have filled in a control id).
 */
async function executeGuarded(
  agent: Agent,
  actions: readonly Action[],
  commands: readonly Command[],
  guard: ActionGuard,
  options: ExecuteOptions,
  /** Filled with the results as they come, so a caller still has them when a command throws. */
  results: Result[] = [],
): Promise<{ results: Result[]; args: Array<Record<string, unknown>> }> {
  const args = actions.map((a) => a.arguments);
  let stopped: { code: string; error: string } | undefined;
  for (const [i, command] of commands.entries()) {
    if (!stopped) {
      const previous =
        i === 0 ? undefined : { function: actions[i - 1]!.function, arguments: args[i - 1]!, ...(results[i - 1] ? { result: results[i - 1] } : {}) };
      const verdict = await guard({ function: actions[i]!.function, arguments: args[i]! }, previous, i);
      if (verdict && 'refuse' in verdict)
        stopped = { code: 'TARGET_CHANGED', error: `TARGET_CHANGED: not run, the target was checked against the live screen first: ${verdict.refuse}` };
      else if (verdict) args[i] = verdict.arguments;
    }
    if (stopped) {
      results.push({ status: 'skipped', code: stopped.code, error: stopped.error, call_id: command.call_id });
      continue;
    }
    const [result] = await agent.services.dispatcher.execute([{ ...command, parameters: args[i]! }], options);
    const got = result ?? { status: 'failure' as const, error: 'the dispatcher returned no result', call_id: command.call_id };
    results.push(got);
    if (got.status !== 'success')
      stopped = { code: 'EARLIER_ACTION_FAILED', error: `EARLIER_ACTION_FAILED: not run, because ${command.tool_name} before it did not succeed` };
  }
  return { results, args };
}

/** What {@link executeActions} did. */
export interface ExecutedActions {
  records: ActionRecord[];
  /** Results of the commands that ran, in order. */
  results: Result[];
  /** True when some actions were held for confirmation. */
  held: boolean;
}

/**
 * Runs the model's actions through the dispatcher. With `safeGuard`, the first action marked CONFIRM and
 * everything after it are held on the agent (`pendingConfirmation`) and NOT run: the CONFIRM state asks first
 * (the original ran them before asking). Empty function names are skipped (the original crashed on an assert).
 */
export async function executeActions(
  agent: Agent,
  actions: readonly Action[],
  target: DispatchTarget,
  reason?: string,
  /** The step's hard-cancel signal ({@link StepContext.signal}). */
  signal?: AbortSignal,
  /**
   * Checked before each action of the reply (which then runs one action at a time): a refusal stops the reply
   * there, and that action and the rest are `skipped` with code `TARGET_CHANGED`; a verdict with arguments runs the
   * action with them.
   */
  guard?: ActionGuard,
): Promise<ExecutedActions> {
  const real = actions.filter((a) => a.function.trim() !== '');
  const confirmAt = agent.safeGuard ? real.findIndex((a) => a.status === 'CONFIRM') : -1;
  const toRun = confirmAt >= 0 ? real.slice(0, confirmAt) : real;
  const toHold = confirmAt >= 0 ? real.slice(confirmAt) : [];
  const commands: Command[] = toRun.map((a) => createCommand(a.function, a.arguments, 'action'));
  const onProgress = (p: CommandProgress): void =>
    agent.services.events.emit({
      type: 'command-progress',
      agent: agent.name,
      tool: p.tool,
      progress: p.progress,
      ...(p.total !== undefined ? { total: p.total } : {}),
      ...(p.message !== undefined ? { message: p.message } : {}),
    });
  const options: ExecuteOptions = { target, onProgress, ...(signal ? { signal } : {}) };
  const sent: Result[] = [];
  const run = async () => {
    const guarded = guard && commands.length > 0 ? await executeGuarded(agent, toRun, commands, guard, options, sent) : undefined;
    return {
      guarded,
      results: guarded?.results ?? (commands.length ? await agent.services.dispatcher.execute(commands, { ...options, stopOnFailure: true }) : []),
    };
  };
  const { guarded, results } = await run().catch((error: unknown) => {
    // a batch stopped part-way by a thrown error (an action of unknown outcome) still logs what ran
    const partial = interruptedResults(error, commands, sent);
    if (partial)
      keepInterruptedActions(
        error,
        toRun.map((a, i) => actionRecord(a, a.arguments, partial[i])),
      );
    throw error;
  });
  const ranWith = (i: number): Record<string, unknown> => guarded?.args[i] ?? toRun[i]!.arguments;
  for (const [i, result] of results.entries()) {
    agent.services.events.emit({
      type: 'command',
      agent: agent.name,
      tool: commands[i]!.tool_name,
      status: result.status,
      error: result.error ?? null,
      ...(result.policy
        ? {
            policy: {
              decision: result.policy.decision,
              reason: result.policy.reason,
              ...(result.policy.rule !== undefined ? { rule: result.policy.rule } : {}),
              ...(result.policy.confirmed !== undefined ? { confirmed: result.policy.confirmed } : {}),
            },
          }
        : {}),
    });
  }
  const records: ActionRecord[] = toRun.map((a, i) => actionRecord(a, ranWith(i), results[i]));
  const blockedByFailure = results.some((r) => r.status !== 'success');
  if (toHold.length && !blockedByFailure) {
    const held = toHold.map((a) => ({
      function: a.function,
      arguments: a.arguments,
      status: a.status ?? 'CONTINUE',
      representation: actionRepresentation(a.function, a.arguments),
    }));
    agent.pendingConfirmation = {
      actions: held,
      commands: toHold.map((a) => createCommand(a.function, a.arguments, 'action')),
      ...(reason ? { reason } : {}),
    };
    records.push(...held);
  }
  return { records, results, held: toHold.length > 0 && !blockedByFailure };
}

function actionRecord(action: Action, args: Record<string, unknown>, result: Result | undefined): ActionRecord {
  return {
    function: action.function,
    arguments: args,
    status: action.status ?? 'CONTINUE',
    representation: actionRepresentation(action.function, args),
    ...(result ? { result } : {}),
  };
}

/**
 * The status an application-level step produces (the original's rules, extended so that every status a reply
 * can carry is honoured):
 * - held actions → CONFIRM;
 * - no real action → the reply's top-level status, else the status of the last no-op action (`function: ""`)
 *   that has one, else FINISH;
 * - real actions → CONTINUE replaced by the status of each successful action (the last one wins; an action
 *   without a status counts as CONTINUE); when every action ran and none carried a status, the reply's top-level
 *   status. A CONFIRM status without safe-guard means CONTINUE.
 */
export function deriveActionStatus(actions: readonly Action[], executed: ExecutedActions, replyStatus: string | undefined): string {
  if (executed.held) return 'CONFIRM';
  const real = actions.filter((a) => a.function.trim() !== '');
  if (real.length === 0) {
    const noOp = actions.filter((a) => a.status !== undefined).at(-1)?.status;
    return replyStatus ?? noOp ?? 'FINISH';
  }
  let status = 'CONTINUE';
  real.forEach((action, i) => {
    if (executed.results[i]?.status === 'success') status = action.status === undefined || action.status === 'CONFIRM' ? 'CONTINUE' : action.status;
  });
  const allRan = executed.results.length === real.length && executed.results.every((r) => r.status === 'success');
  if (allRan && replyStatus !== undefined && real.every((a) => a.status === undefined)) return replyStatus;
  return status;
}
