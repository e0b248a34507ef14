import type { ActionOutcome } from '@ufo-ts/processor-strategies';

/** The engine's notices in a prompt: present only when the engine wrote them. */
export interface PromptNotices {
  /** The lines of `<Progress check:>`: the progress monitor saw no progress (what did not change, the likely cause). */
  progressCheck?: string[];
  /** The lines of `<Finish check:>`: the engine rejected a FINISH because the task's check failed (the reason). */
  finishCheck?: string[];
}

/** Reads the `<Progress check:>` and `<Finish check:>` sections out of a prompt's text. */
export function readPromptNotices(text: string): PromptNotices {
  const notices: PromptNotices = {};
  const progress = sectionLines(text, /^<Progress check\b[^\n]*>[ \t]*$/m);
  if (progress) notices.progressCheck = progress;
  const finish = sectionLines(text, /^<Finish check\b[^\n]*>[ \t]*$/m);
  if (finish) notices.finishCheck = finish;
  return notices;
}

/** The non-empty lines of a section up to a blank line or the next heading; undefined when the heading is absent. */
function sectionLines(text: string, heading: RegExp): string[] | undefined {
  const match = heading.exec(text);
  if (!match) return undefined;
  const body = text.slice(match.index + match[0].length).replace(/^\n/, '');
  const end = body.search(/\n\s*\n|\n<[A-Z][^\n]*>/);
  return (end < 0 ? body : body.slice(0, end)).split('\n').filter((line) => line.trim() !== '');
}

/** Whether an action succeeded but changed nothing visible (`"effect":{"changed":false,…}`, `no visible change`). */
export function hadNoEffect(outcome: ActionOutcome): boolean {
  return outcome.succeeded && (/"changed"\s*:\s*false/.test(outcome.detail) || /no visible change/i.test(outcome.detail));
}

/** Whether the previous reply's last action failed, did not run, or had no effect (what a stubborn model repeats on). */
export function lastActionStuck(outcomes: readonly ActionOutcome[]): boolean {
  const last = outcomes[outcomes.length - 1];
  return last !== undefined && (outcomes.some((o) => !o.succeeded) || hadNoEffect(last));
}
