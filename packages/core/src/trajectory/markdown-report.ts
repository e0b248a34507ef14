import { writeFileSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { EndCaptures, Trajectory, TrajectoryRound, TrajectoryStep } from './trajectory-types.js';
import {
  END_CAPTURE_LABELS,
  actionResultText,
  actionText,
  cacheText,
  finishCheckText,
  formatCost,
  formatDuration,
  progressText,
  valueText,
} from './report-format.js';
import { readTrajectory } from './read-trajectory.js';
import { codeBlock, codeSpan, escapeMarkdown } from './markdown-escape.js';

/**
 * The trajectory as Markdown (`output.md`): a summary with totals, the evaluations, then each
 * round and step with its reasoning, actions and results, and the annotated screenshot. Images are linked by
 * their path relative to the log folder. Every text a model or a device wrote is escaped (HTML and Markdown
 * markup render as text), and code spans and blocks cannot be closed from inside.
 */
export function trajectoryToMarkdown(trajectory: Trajectory): string {
  const t = trajectory.totals;
  const out: string[] = ['# Trajectory', ''];
  if (trajectory.steps.length === 0) {
    out.push('No trajectory data found: `response.log` has no step records.', '');
    return out.join('\n');
  }
  out.push(
    '## Summary',
    '',
    ...trajectory.rounds.map((r) => `- **Request ${r.round}**: ${oneLine(r.request)}`),
    `- **Rounds**: ${t.rounds}`,
    `- **Steps**: ${t.steps} (HostAgent ${t.hostSteps}, other agents ${t.appSteps}, errors ${t.errors})`,
    `- **Actions**: ${t.actions}`,
    `- **Cost**: ${formatCost(t.cost)}${t.unpricedSteps ? ` (+${t.unpricedSteps} unpriced steps)` : ''}${t.evaluationCost ? `, evaluation ${formatCost(t.evaluationCost)}` : ''}`,
    `- **Tokens**: ${t.inputTokens} in, ${t.outputTokens} out`,
    `- **Time**: ${formatDuration(t.durationMs)}`,
    '',
  );
  if (trajectory.evaluations.length) {
    out.push('## Evaluation', '');
    for (const e of trajectory.evaluations) {
      out.push(
        `- **${e.level === 'round' ? `Round ${e.round}` : 'Session'}**: complete = **${escapeMarkdown(String(e.complete))}** (${formatCost(e.cost)})`,
        `  - ${oneLine(e.reason)}`,
      );
      for (const s of e.sub_scores) out.push(`  - ${oneLine(String(s.name))}: ${oneLine(String(s.evaluation))}`);
    }
    out.push('');
  }
  for (const round of trajectory.rounds) {
    out.push(`## Round ${round.round}: ${oneLine(round.request)}`, '');
    for (const step of round.steps) out.push(...stepMarkdown(trajectory, step));
    if (round.finalScreenshot) out.push(`Final screenshot of round ${round.round}:`, '', image(trajectory, round.finalScreenshot, 'final'), '');
    out.push(...capturesMarkdown(trajectory, round));
  }
  if (trajectory.problems.length) {
    out.push('## Unreadable log lines', '', ...trajectory.problems.map((p) => `- ${escapeMarkdown(p.file)}:${p.line}: ${oneLine(p.message)}`), '');
  }
  return out.join('\n');
}

function stepMarkdown(trajectory: Trajectory, step: TrajectoryStep): string[] {
  const r = step.record;
  const out = [`### Step ${r.session_step}: ${escapeMarkdown(r.agent)} (${escapeMarkdown(r.state)} → ${escapeMarkdown(r.status)})`, ''];
  const field = (name: string, value: unknown) => {
    const text = valueText(value);
    if (text) out.push(`- **${name}**: ${text.includes('\n') ? `\n\n${codeBlock(text)}\n` : escapeMarkdown(text)}`);
  };
  field('Subtask', r.subtask);
  field('Application', r.application);
  field('Observation', r.observation);
  field('Thought', r.thought);
  if (r.plan?.length) field('Plan', r.plan.map((p) => `${p}`).join('; '));
  for (const action of r.actions) out.push(`- **Action**: ${codeSpan(actionText(action))} → ${oneLine(actionResultText(action))}`);
  for (const c of step.confirmations) out.push(`- **Confirmation**: ${c.approved ? 'approved' : 'rejected'}`);
  field('Questions', r.questions?.join(' / '));
  field('Comment', r.comment);
  field('Result', r.result);
  field('Progress check', progressText(r) || undefined);
  field('Finish check', finishCheckText(r) || undefined);
  field('Action cache', cacheText(r) || undefined);
  if (r.error)
    out.push(`- **Error**: ${oneLine(`${r.error.code ? `${r.error.code}: ` : ''}${r.error.message}${r.error.phase ? ` (in ${r.error.phase})` : ''}`)}`);
  out.push(`- **Cost**: ${formatCost(r.cost)} · **Time**: ${formatDuration(r.timings.total)}`, '');
  const shot = step.screenshots.annotated ?? step.screenshots.clean;
  if (shot) out.push(image(trajectory, shot, `step ${r.session_step}`), '');
  return out;
}

/** Links to what was saved at each subtask end and at the round's end, or nothing when there is none. */
function capturesMarkdown(trajectory: Trajectory, round: TrajectoryRound): string[] {
  const rows: Array<[string, string]> = round.subtaskCaptures.map((c) => [`End of subtask ${c.subtask}`, links(trajectory, c)]);
  const last = links(trajectory, round.finalCaptures);
  if (last) rows.push([`End of round ${round.round}`, last]);
  const lines = rows.filter(([, text]) => text).map(([label, text]) => `- **${label}**: ${text}`);
  return lines.length ? [`Captures of round ${round.round}:`, '', ...lines, ''] : [];
}

function links(trajectory: Trajectory, captures: EndCaptures): string {
  return END_CAPTURE_LABELS.filter(([kind]) => captures[kind])
    .map(([kind, label]) => `[${label}](${encodeURI(relativePath(trajectory, captures[kind]!)).replace(/[()]/g, (c) => encodeURIComponent(c))})`)
    .join(' · ');
}

function relativePath(trajectory: Trajectory, file: string): string {
  return trajectory.folder && isAbsolute(file) ? relative(trajectory.folder, file) : file;
}

function image(trajectory: Trajectory, file: string, alt: string): string {
  const path = relativePath(trajectory, file);
  return `<img src="${encodeURI(path).replace(/"/g, '%22')}" alt="${alt}" width="45%"/>`;
}

/** Model text on one line, escaped. */
function oneLine(text: string): string {
  return escapeMarkdown(text.replace(/\s+/g, ' ').trim());
}

/** Reads the trajectory of a log folder and writes `output.md` there; returns its path. */
export function writeMarkdownReport(folder: string, trajectory: Trajectory = readTrajectory(folder)): string {
  const path = join(folder, 'output.md');
  writeFileSync(path, trajectoryToMarkdown(trajectory));
  return path;
}
