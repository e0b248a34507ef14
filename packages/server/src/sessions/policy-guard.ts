import { ProgrammaticInteractor, type CommandDispatcher } from '@ufo-ts/core';
import { withPolicy } from '@ufo-ts/dispatchers';
import type { Policy, PolicyInput } from '@ufo-ts/policy';
import type { SelfAnswers } from '../hitl/self-answers.js';

/** A policy as the server takes it: the document (YAML or JSON, parsed) or a built one. */
export type ActionPolicy = PolicyInput | Policy;

/**
 * A session's dispatcher behind the server's action policy. `answers` decides the commands the policy holds
 * (`confirm`), as the task's approval mode decides the actions the model holds; without them (a task that waits for
 * a person) a held command is refused, `POLICY_REJECTED`, never run unasked.
 *
 * @example
 * ```ts
 * const policy = { rules: [{ id: 'no-delete', match: { kind: 'delete' }, decision: 'deny', reason: 'never delete' }] };
 * const guarded = guardedByPolicy(remote, policy, { confirm: false });
 * ```
 */
export function guardedByPolicy(dispatcher: CommandDispatcher, policy: ActionPolicy, answers: SelfAnswers | undefined): CommandDispatcher {
  return withPolicy(dispatcher, policy, answers ? { confirm: new ProgrammaticInteractor(answers) } : {});
}
