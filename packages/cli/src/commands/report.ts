import type { CliCommand } from '../cli-command.js';

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
  async run(args, io) {
    const { reportImpl } = await import('../session-commands/report-impl.js');
    return reportImpl(args, io, usage);
  },
};
