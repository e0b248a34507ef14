import { readTrajectory, UfoError, writeHtmlReport, writeMarkdownReport } from '@ufo-ts/core';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { parseWithPositionals } from './session-options.js';

/** The implementation of `ufo report` (loaded on demand, so `ufo --help` stays fast). */
export async function reportImpl(args: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parseWithPositionals(args, { format: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const folder = positionals[0];
  if (!folder || positionals.length > 1) throw new CliUsageError('give exactly one log folder');
  const format = values.format ?? 'both';
  if (!['html', 'md', 'both'].includes(format)) throw new CliUsageError(`--format must be html, md or both, not "${format}"`);
  let trajectory;
  try {
    trajectory = readTrajectory(folder);
  } catch (error) {
    if (error instanceof UfoError) throw new CliUsageError(error.message, { cause: error });
    throw error;
  }
  const written: Record<string, string> = {};
  if (format !== 'html') written.markdown = writeMarkdownReport(folder, trajectory);
  if (format !== 'md') written.html = writeHtmlReport(folder, trajectory);
  const t = trajectory.totals;
  if (values.json) io.stdout(`${JSON.stringify({ ...written, totals: t, problems: trajectory.problems })}\n`);
  else {
    io.stdout(
      `${t.steps} steps in ${t.rounds} round(s) (HostAgent ${t.hostSteps}, others ${t.appSteps}, errors ${t.errors}), cost $${t.cost.toFixed(4)}${t.evaluationCost ? ` + evaluation $${t.evaluationCost.toFixed(4)}` : ''}\n`,
    );
    for (const [kind, path] of Object.entries(written)) io.stdout(`${kind}: ${path}\n`);
    if (trajectory.problems.length)
      io.stderr(
        `warning: ${trajectory.problems.length} unreadable log line(s), e.g. ${trajectory.problems[0]!.file}:${trajectory.problems[0]!.line}: ${trajectory.problems[0]!.message}\n`,
      );
  }
  return 0;
}
