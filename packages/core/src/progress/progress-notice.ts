import type { DetectionKind, NoProgressCause, ProgressLevel, StepEvidence } from './progress-schemas.js';

/** What the model should do about each likely cause. */
const CAUSE_ADVICE: Readonly<Record<NoProgressCause, string>> = {
  disabled: 'the control is disabled: first do what enables it (fill in a required field, select an item), or take another way',
  covered: 'the control is covered by a dialog (it is not in the current control list): deal with the dialog first (finish or cancel it)',
  off_screen: 'the control is off screen: scroll it into view first, or use another way to reach it',
  read_only: 'the field is read-only: it cannot be typed into; use an editable field',
  stale_target: 'the id is from an earlier listing and the window has changed since: use only the ids of the current control list',
  window_gone: 'the window is gone: choose a window from the current window list',
  no_effect: 'the action changes nothing in the current state of the application: do something different',
};

/** Input of {@link progressNotice}. */
export interface ProgressNoticeInput {
  detection: DetectionKind;
  cause: NoProgressCause;
  level: ProgressLevel;
  stalledSteps: number;
  limit: number;
  /** The steps behind the detection, oldest first. */
  steps: readonly StepEvidence[];
  /** Whether the monitor only warns or also acts, and what it does at the limit. */
  mode: 'warn' | 'enforce';
  onStuck: 'fail' | 'ask';
}

function described(step: StepEvidence | undefined): string {
  if (!step || step.actions.length === 0) return 'your last action';
  return step.actions.map((a) => `${a.key}${a.target ? ` on ${a.target}` : ''}`).join(', then ');
}

const steps = (n: number): string => `${n} step${n === 1 ? '' : 's'}`;

/**
 * The text the model reads under `<Progress check:>` in its next prompt: what did not change, the likely cause
 * with what to do about it, and what the engine will do next (read the screen again, ask the user, end the task).
 */
export function progressNotice(input: ProgressNoticeInput): string {
  const last = input.steps.at(-1);
  const what: Record<DetectionKind, string> = {
    repeated_no_effect: `The same action had no effect ${input.stalledSteps} times in a row: ${described(last)}.`,
    no_effect_streak:
      input.stalledSteps === 1
        ? `Your last action had no effect: ${described(last)}.`
        : `Your last ${steps(input.stalledSteps)} had no effect (the latest: ${described(last)}).`,
    cycle: `You are alternating between two actions and the screen keeps coming back to where it was (${steps(input.stalledSteps)}): ${described(input.steps.at(-2))} and ${described(last)}.`,
    same_screen: `The screen has not changed for ${steps(input.stalledSteps)} (the latest action: ${described(last)}).`,
  };
  const next: Record<ProgressLevel, string> = {
    warn:
      input.mode === 'enforce'
        ? `Do not repeat it: after ${steps(input.limit)} without progress ${input.onStuck === 'ask' ? 'the user is asked how to go on' : 'the task ends as failed'}.`
        : 'Do not repeat it.',
    reperceive: `The screen was read again for this step: use only the ids in the current control list. After one more step without progress ${input.onStuck === 'ask' ? 'the user is asked how to go on' : 'the task ends as failed'}.`,
    ask: 'The user is asked how to go on.',
    fail: 'The task ends as failed (NO_PROGRESS).',
  };
  return [what[input.detection], `Likely cause: ${CAUSE_ADVICE[input.cause]}.`, next[input.level]].join('\n');
}
