import { readTrajectory, UfoError, writeHtmlReport, writeMarkdownReport } from '@ufo-ts/core';
import type { CliCommand } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { parseWithPositionals } from '../session-commands/session-options.js';

const usage = `Usage: ufo report <log folder> [--format html|md|both] [--json]

Reads a session's logs back (response.log, evaluation.log, screenshots) and writes output.md and the
self-contained report.html (screenshots inlined) into the folder; prints the totals.

Options:
  --format <html|md|both>        what to write (default both)
  --json                         print the totals and paths as JSON
  -h, --help                     this help`;

/** `ufo report <folder>`: output.md and report.html from a session's logs. */
export const reportCommand: CliCommand = {
  name: 'report',
  summary: "write a session's output.md and self-contained HTML report",
  usage,
  async run(args: string[], io: CliIo): Promise<number> {
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
      io.stdout(`${t.steps} steps in ${t.rounds} round(s) (HostAgent ${t.hostSteps}, others ${t.appSteps}, errors ${t.errors}), cost $${t.cost.toFixed(4)}${t.evaluationCost ? ` + evaluation $${t.evaluationCost.toFixed(4)}` : ''}\n`);
      for (const [kind, path] of Object.entries(written)) io.stdout(`${kind}: ${path}\n`);
      if (trajectory.problems.length) io.stderr(`warning: ${trajectory.problems.length} unreadable log line(s), e.g. ${trajectory.problems[0]!.file}:${trajectory.problems[0]!.line}: ${trajectory.problems[0]!.message}\n`);
    }
    return 0;
  },
};
