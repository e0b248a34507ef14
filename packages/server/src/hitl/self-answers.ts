import type { ProgrammaticInteractorOptions } from '@ufo-ts/core';
import type { ApprovalPolicy } from './hitl-schemas.js';

/** How a task answers for itself: its questions' answers and its decision on held sensitive actions. */
export type SelfAnswers = Pick<ProgrammaticInteractorOptions, 'answers' | 'confirm'>;

/**
 * How a task whose policy does not wait for a person answers for itself: questions get the configured answers, else
 * the policy's default answer; held actions are approved under `auto-approve`, else as configured (default: rejected).
 * @example
 * const interactor = new ProgrammaticInteractor(selfAnswersFor({ mode: 'auto-reject', default_answer: '' }));
 */
export function selfAnswersFor(policy: ApprovalPolicy, configured?: SelfAnswers): SelfAnswers {
  return {
    answers: configured?.answers ?? (() => policy.default_answer),
    confirm: policy.mode === 'auto-approve' ? true : (configured?.confirm ?? false),
  };
}
