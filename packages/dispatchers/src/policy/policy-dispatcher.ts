import type { Command, CommandDispatcher, DispatchTarget, ExecuteOptions, Interactor, ListToolsOptions, Result, ToolInfo } from '@ufo-ts/core';
import {
  compilePolicy,
  TargetTracker,
  type ActionFacts,
  type CompiledPolicy,
  type ControlFacts,
  type Policy,
  type PolicyInput,
  type PolicyVerdict,
} from '@ufo-ts/policy';

/** What a confirmer is asked: the command, what the policy knew about it, and the rule that holds it. */
export interface PolicyConfirmRequest {
  command: Command;
  target: DispatchTarget;
  facts: ActionFacts;
  verdict: PolicyVerdict;
}

/** Decides whether a held command may run; `false` (or a throw) rejects it. */
export type PolicyConfirmer = (request: PolicyConfirmRequest) => boolean | Promise<boolean>;

/** One decision of a {@link PolicyDispatcher}, reported through `onDecision` before the command runs (or not). */
export interface PolicyDecisionEvent {
  type: 'policy-decision';
  call_id: string;
  tool: string;
  agent: string;
  verdict: PolicyVerdict;
  /** Microseconds the evaluation took (confirmation excluded). */
  evaluation_us: number;
}

/** Options of {@link withPolicy}. */
export interface PolicyDispatcherOptions {
  /**
   * Asked for each `confirm` verdict: a callback, or the session's {@link Interactor} (its `confirmAction`, with
   * the rule and its reason as the reason). Without one, a held command is rejected (`POLICY_REJECTED`).
   */
  confirm?: PolicyConfirmer | Interactor;
  /**
   * Resolves a command's target control when the dispatcher's own tracking (the latest listing that passed
   * through it) does not know it: a {@link ControlFacts}, `null` for no control, `undefined` for not known.
   */
  resolveTarget?: (command: Command, target: DispatchTarget) => ControlFacts | null | undefined;
  /** Called with every decision (listener errors are ignored). */
  onDecision?: (event: PolicyDecisionEvent) => void;
}

function isInteractor(value: PolicyDispatcherOptions['confirm']): value is Interactor {
  return typeof value === 'object' && value !== null && typeof (value as Interactor).confirmAction === 'function';
}

function confirmerOf(confirm: PolicyDispatcherOptions['confirm']): PolicyConfirmer | undefined {
  if (!confirm) return undefined;
  if (!isInteractor(confirm)) return confirm;
  return ({ command, target, verdict }) =>
    confirm.confirmAction({
      agent: target.agent,
      function: command.tool_name,
      arguments: command.parameters,
      reason: `policy rule ${verdict.rule ?? '(default)'}: ${verdict.reason}`,
      step: 0,
    });
}

/** Tools whose success makes what an earlier verdict knew about the app, the controls or the focus stale. */
const CHANGES_WINDOW = new Set(['select_application_window', 'launch_application', 'close_window']);

/**
 * A {@link CommandDispatcher} that asks a policy about every command before it runs. Each command of a batch is
 * evaluated on its own, in order, with what the dispatcher learned from the results before it (the controls of the
 * latest listing, the selected window, the focused control: see `TargetTracker` of `@ufo-ts/policy`):
 * - `deny`: the command never reaches the wrapped dispatcher; its result is a `failure` with code `POLICY_DENIED`
 *   and the error `POLICY_DENIED: rule <id>: <reason>`;
 * - `confirm`: the confirmer is asked first; the command runs only on yes, else it fails with `POLICY_REJECTED`;
 * - `allow`: it runs.
 * Every result carries the verdict in `policy` (decision, rule, reason, `confirmed`), which response.log and the
 * `command` event show. Allowed commands next to each other still go to the wrapped dispatcher as one batch (one
 * command id); a batch split by a held or denied command is sent in parts whose command ids are
 * `<commandId>#<part>`, the same on every run. With `stopOnFailure`, the commands after a denied or rejected one
 * are `skipped`. A command that comes after an action in the same part is evaluated as if its target, and after a
 * window change its app, were not known (the action may change the screen; a policy's `unknown: restrict` then
 * holds it, and it is evaluated again, after the actions before it ran, before anyone is asked).
 *
 * @example
 * ```ts
 * const guarded = withPolicy(dispatcher, { rules: [{ id: 'no-rm', match: { kind: 'delete' }, decision: 'deny', reason: 'never delete' }] }, { confirm: interactor });
 * ```
 */
export class PolicyDispatcher implements CommandDispatcher {
  readonly inner: CommandDispatcher;
  readonly policy: CompiledPolicy;
  private readonly tracker = new TargetTracker();
  private readonly confirmer: PolicyConfirmer | undefined;
  private readonly options: PolicyDispatcherOptions;

  constructor(inner: CommandDispatcher, policy: PolicyInput | Policy | CompiledPolicy, options: PolicyDispatcherOptions = {}) {
    this.inner = inner;
    this.policy = compilePolicy(policy);
    this.confirmer = confirmerOf(options.confirm);
    this.options = options;
  }

  /** The facts a command is evaluated on, given the commands queued before it in the same part of the batch. */
  factsOf(command: Command, target: DispatchTarget, queued: readonly Command[] = []): ActionFacts {
    const facts = this.tracker.factsOf(command, target);
    const resolved = facts.target === undefined && this.options.resolveTarget ? this.options.resolveTarget(command, target) : facts.target;
    const windowChanged = queued.some((c) => CHANGES_WINDOW.has(c.tool_name));
    const screenMayHaveChanged = queued.some((c) => c.tool_type === 'action');
    return {
      ...facts,
      target: screenMayHaveChanged && resolved !== null ? undefined : resolved,
      ...(windowChanged && command.tool_name !== 'select_application_window' ? { app: undefined } : {}),
    };
  }

  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    const results: Result[] = new Array(commands.length);
    let queued: Array<{ index: number; command: Command; verdict: PolicyVerdict }> = [];
    let part = 0;
    let stopped: string | undefined;
    const flush = async (): Promise<void> => {
      if (queued.length === 0) return;
      const batch = queued;
      queued = [];
      const whole = batch.length === commands.length;
      const commandId = options.commandId === undefined ? undefined : whole ? options.commandId : `${options.commandId}#${part}`;
      part += 1;
      const ran = await this.inner.execute(
        batch.map((q) => q.command),
        { ...options, ...(commandId !== undefined ? { commandId } : {}) },
      );
      for (const [i, q] of batch.entries()) {
        const result = ran[i] ?? { status: 'failure' as const, error: 'the dispatcher returned no result', call_id: q.command.call_id };
        this.tracker.observe(q.command, result, options.target);
        results[q.index] = { ...result, policy: q.verdict };
        if (result.status !== 'success' && options.stopOnFailure && stopped === undefined) stopped = `${q.command.tool_name} before it did not succeed`;
      }
    };
    for (const [index, command] of commands.entries()) {
      if (stopped !== undefined) {
        results[index] = { status: 'skipped', code: 'COMMAND_SKIPPED', error: `COMMAND_SKIPPED: not run, because ${stopped}`, call_id: command.call_id };
        continue;
      }
      const started = performance.now();
      const facts = this.factsOf(
        command,
        options.target,
        queued.map((q) => q.command),
      );
      const verdict = this.policy.evaluate(facts);
      this.report(command, options.target, verdict, performance.now() - started);
      if (verdict.decision === 'allow') {
        queued.push({ index, command, verdict });
        continue;
      }
      await flush();
      if (stopped !== undefined) {
        results[index] = { status: 'skipped', code: 'COMMAND_SKIPPED', error: `COMMAND_SKIPPED: not run, because ${stopped}`, call_id: command.call_id };
        continue;
      }
      if (verdict.decision === 'confirm') {
        // asked after the commands before it ran, with what they changed
        const fresh = this.policy.evaluate(this.factsOf(command, options.target));
        const approved = fresh.decision === 'allow' ? true : fresh.decision === 'deny' ? false : await this.ask(command, options.target, fresh);
        const held = { ...fresh, ...(fresh.decision === 'confirm' ? { confirmed: approved } : {}) };
        if (approved && fresh.decision !== 'deny') {
          queued.push({ index, command, verdict: held });
          continue;
        }
        results[index] = this.refusal(command, held);
      } else {
        results[index] = this.refusal(command, verdict);
      }
      if (options.stopOnFailure)
        stopped = `${command.tool_name} before it was ${results[index]!.code === 'POLICY_DENIED' ? 'denied' : 'rejected'} by the policy`;
    }
    await flush();
    for (const [index, command] of commands.entries()) {
      results[index] ??= { status: 'skipped', code: 'COMMAND_SKIPPED', error: 'COMMAND_SKIPPED: not run', call_id: command.call_id };
    }
    return results;
  }

  private async ask(command: Command, target: DispatchTarget, verdict: PolicyVerdict): Promise<boolean> {
    if (!this.confirmer) return false;
    try {
      return (await this.confirmer({ command, target, facts: this.factsOf(command, target), verdict })) === true;
    } catch {
      return false;
    }
  }

  private refusal(command: Command, verdict: PolicyVerdict): Result {
    const rule = verdict.rule ? `rule ${verdict.rule}` : 'the default decision';
    if (verdict.decision === 'deny') {
      return {
        status: 'failure',
        code: 'POLICY_DENIED',
        error: `POLICY_DENIED: ${command.tool_name} is not allowed (${rule}): ${verdict.reason}`,
        call_id: command.call_id,
        policy: verdict,
      };
    }
    const why = this.confirmer ? 'a person did not approve it' : 'no one could be asked to approve it';
    return {
      status: 'failure',
      code: 'POLICY_REJECTED',
      error: `POLICY_REJECTED: ${command.tool_name} needs approval (${rule}: ${verdict.reason}) and ${why}`,
      call_id: command.call_id,
      policy: verdict,
    };
  }

  private report(command: Command, target: DispatchTarget, verdict: PolicyVerdict, ms: number): void {
    if (!this.options.onDecision) return;
    try {
      this.options.onDecision({
        type: 'policy-decision',
        call_id: command.call_id,
        tool: command.tool_name,
        agent: target.agent,
        verdict,
        evaluation_us: Math.round(ms * 1000),
      });
    } catch {
      // a listener's bug never changes a decision
    }
  }

  listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return this.inner.listTools(options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  warmUp(targets: readonly DispatchTarget[]): Promise<void> {
    return this.inner.warmUp ? this.inner.warmUp(targets) : Promise.resolve();
  }
}

/**
 * Wraps a dispatcher so every command passes `policy` first (see {@link PolicyDispatcher}). Without a policy (or
 * an empty one that allows everything by default) the wrapper still reports the verdicts.
 *
 * @example
 * ```ts
 * const dispatcher = withPolicy(local, loadPolicyFile('policy.yaml'), { confirm: new ConsoleInteractor() });
 * ```
 */
export function withPolicy(
  dispatcher: CommandDispatcher,
  policy: PolicyInput | Policy | CompiledPolicy,
  options: PolicyDispatcherOptions = {},
): PolicyDispatcher {
  return new PolicyDispatcher(dispatcher, policy, options);
}
