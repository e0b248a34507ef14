import { StepRecordSchema } from '../step-record.js';
import { ConfirmationRecordSchema, EvaluationRecordSchema, type ConfirmationRecord, type EvaluationRecord } from './trajectory-records.js';
import type { StepScreenshots, Trajectory, TrajectoryProblem, TrajectoryRound, TrajectoryStep } from './trajectory-types.js';
import { computeTotals } from './trajectory-totals.js';
import { roundEndCaptures } from './end-capture-files.js';

/** What {@link parseTrajectory} reads: log text (or already parsed lines) and the names of the folder's files. */
export interface TrajectoryInput {
  /** `response.log` text (JSON Lines) or its parsed lines. */
  responseLog: string | readonly Record<string, unknown>[];
  /** `evaluation.log` text or its parsed lines. */
  evaluationLog?: string | readonly Record<string, unknown>[];
  /** File names in the log folder (used to find screenshots the records do not name). */
  files?: readonly string[];
  /** The log folder, recorded in the result. */
  folder?: string;
}

/**
 * Reads a session's logs back into typed steps (unlike the original's reader, every line is validated by the
 * schema that wrote it, rounds are counted from `round_num`, a multi-line `evaluation.log` is fine). Lines that are
 * not valid JSON or do not match are reported in `problems` and skipped, so a log cut by a crash still reads.
 */
export function parseTrajectory(input: TrajectoryInput): Trajectory {
  const problems: TrajectoryProblem[] = [];
  const files = new Set(input.files ?? []);
  const steps: TrajectoryStep[] = [];
  const confirmations: ConfirmationRecord[] = [];
  for (const { value, line } of readLines(input.responseLog, 'response.log', problems)) {
    const type = (value as { type?: unknown }).type ?? 'step';
    if (type === 'confirmation') {
      const parsed = ConfirmationRecordSchema.safeParse(value);
      if (!parsed.success) {
        problems.push({ file: 'response.log', line, message: issueText(parsed.error.issues) });
        continue;
      }
      confirmations.push(parsed.data);
      const owner = [...steps].reverse().find((s) => s.record.agent === parsed.data.agent);
      owner?.confirmations.push(parsed.data);
      continue;
    }
    if (type !== 'step') continue;
    const parsed = StepRecordSchema.safeParse(value);
    if (!parsed.success) {
      problems.push({ file: 'response.log', line, message: issueText(parsed.error.issues) });
      continue;
    }
    const record = parsed.data;
    steps.push({ index: steps.length, record, screenshots: stepScreenshots(record.screenshots, record.session_step, files), confirmations: [] });
  }
  const evaluations: EvaluationRecord[] = [];
  for (const { value, line } of readLines(input.evaluationLog ?? [], 'evaluation.log', problems)) {
    const parsed = EvaluationRecordSchema.safeParse(value);
    if (parsed.success) evaluations.push(parsed.data);
    else problems.push({ file: 'evaluation.log', line, message: issueText(parsed.error.issues) });
  }
  const rounds = groupRounds(steps, files);
  const finalScreenshot = rounds.length ? rounds[rounds.length - 1]!.finalScreenshot : undefined;
  const trajectory: Trajectory = {
    steps,
    rounds,
    confirmations,
    evaluations,
    totals: computeTotals(steps, rounds.length, evaluations),
    problems,
  };
  if (input.folder !== undefined) trajectory.folder = input.folder;
  if (finalScreenshot) trajectory.finalScreenshot = finalScreenshot;
  return trajectory;
}

function* readLines(
  source: string | readonly Record<string, unknown>[],
  file: string,
  problems: TrajectoryProblem[],
): Generator<{ value: Record<string, unknown>; line: number }> {
  if (typeof source !== 'string') {
    for (const [i, value] of source.entries()) yield { value, line: i + 1 };
    return;
  }
  const lines = source.split('\n');
  for (const [i, text] of lines.entries()) {
    if (!text.trim()) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) yield { value: value as Record<string, unknown>, line: i + 1 };
      else problems.push({ file, line: i + 1, message: 'not a JSON object' });
    } catch (error) {
      problems.push({ file, line: i + 1, message: `not valid JSON (${(error as Error).message})` });
    }
  }
}

/** A file name as the report should use it: the bare name when the folder holds it, else the path as recorded. */
function locate(path: string | undefined, files: ReadonlySet<string>): string | undefined {
  if (!path) return undefined;
  const name = path.split(/[\\/]/).pop() ?? path;
  return files.has(name) ? name : path;
}

function stepScreenshots(recorded: Record<string, string> | undefined, step: number, files: ReadonlySet<string>): StepScreenshots {
  const out: StepScreenshots = {};
  const clean = locate(recorded?.screenshot, files) ?? (files.has(`action_step${step}.png`) ? `action_step${step}.png` : undefined);
  const annotated =
    locate(recorded?.annotated_screenshot, files) ?? (files.has(`action_step${step}_annotated.png`) ? `action_step${step}_annotated.png` : undefined);
  if (clean) out.clean = clean;
  if (annotated) out.annotated = annotated;
  return out;
}

function groupRounds(steps: readonly TrajectoryStep[], files: ReadonlySet<string>): TrajectoryRound[] {
  const byRound = new Map<number, TrajectoryStep[]>();
  for (const step of steps) {
    const list = byRound.get(step.record.round_num) ?? [];
    list.push(step);
    byRound.set(step.record.round_num, list);
  }
  return [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, list]) => {
      const subtaskScreenshots: string[] = [];
      for (let k = 0; files.has(`action_round_${round}_sub_round_${k}_final.png`); k += 1) {
        subtaskScreenshots.push(`action_round_${round}_sub_round_${k}_final.png`);
      }
      const out: TrajectoryRound = {
        round,
        request: list.find((s) => s.record.request)?.record.request ?? '',
        steps: list,
        cost: list.reduce((sum, s) => sum + (s.record.cost ?? 0), 0),
        subtaskScreenshots,
        ...roundEndCaptures(files, round),
      };
      const final = `action_round_${round}_final.png`;
      if (files.has(final)) out.finalScreenshot = final;
      return out;
    });
}

function issueText(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`).join('; ');
}
