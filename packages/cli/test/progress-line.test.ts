import { describe, expect, it } from 'vitest';
import { ProgressReporter } from '../src/session-commands/progress.js';

describe('the progress line', () => {
  it("shows a running tool's progress in the live line (terminal), and nothing extra in a pipe", () => {
    const tty: string[] = [];
    const reporter = new ProgressReporter({ style: 'tty', write: (t) => tty.push(t), writeJson: () => undefined });
    reporter.onEvent({ type: 'step-start', agent: 'LinuxAgent', state: 'CONTINUE', step: 1, round: 1 });
    reporter.onEvent({ type: 'command-progress', agent: 'LinuxAgent', tool: 'run_shell', progress: 2, total: 5, message: 'copying\nfiles' });
    expect(tty.at(-1)).toMatch(/step 1 · LinuxAgent · CONTINUE · run_shell 2\/5 copying files · \$0\.0000 so far$/);
    reporter.onEvent({ type: 'command-progress', agent: 'LinuxAgent', tool: 'run_shell', progress: 7 });
    expect(tty.at(-1)).toMatch(/· run_shell 7 · /);

    const plain: string[] = [];
    const piped = new ProgressReporter({ style: 'plain', write: (t) => plain.push(t), writeJson: () => undefined });
    piped.onEvent({ type: 'step-start', agent: 'LinuxAgent', state: 'CONTINUE', step: 1, round: 1 });
    piped.onEvent({ type: 'command-progress', agent: 'LinuxAgent', tool: 'run_shell', progress: 2, total: 5 });
    expect(plain).toEqual([]);
  });
});
