import type { CliCommand } from '../cli-command.js';

const usage = `Usage: ufo eval [--tasks id,id] [--runs N] [--json FILE] [--cpu-load N] [--native-tools] [--reference] [--list]

Runs the real-app task suite (@ufo-ts/task-suite): each task on its own private virtual desktop (Xvfb, AT-SPI)
with a real app (mousepad, galculator, gnome-calculator, zenity, FeatherPad, GNOME Text Editor), a LinuxAgent
session with the task's request and step budget, and a checker that reads the real state back (the file on
disk, the saved settings, the text in a widget). Prints a table: task, app, pass/fail, steps, time, cost.

The model: OPENAI_API_KEY (UFO_MODEL, default gpt-4o), ANTHROPIC_API_KEY (UFO_MODEL, default
claude-sonnet-4-5) or UFO_BASE_URL with UFO_MODEL (an OpenAI-compatible server) when set — the table then gives
that model's success rate; otherwise each task's reference solution, played by the grounded scripted model
(it resolves every control it names against the prompt the engine sent, and fails when the prompt lacks it).

Options:
  --tasks <id,id>      only these tasks (default: all; --list shows them)
  --runs <n>           run each task n times (default 1)
  --json <file>        write { "tasks": [{ "id", "app", "passed", "steps", "ms", ... }] } there, the HTML report
                       beside it (same name, .html) and each run's session logs under <file>-logs/
  --cpu-load <n>       keep n CPU-bound processes busy while the suite runs (the CI-under-load check)
  --native-tools       run the agent in native tool mode: actions as tool calls, the rest of the reply in a
                       respond call (the reference solutions then answer with tool calls)
  --reference          use the reference solutions even when a model key is set
  --list               list the tasks and exit
  -h, --help           this help

Exit codes: 0 every task passed, 1 a task failed, 2 usage error.`;

/** `ufo eval`: the real-app task suite. */
export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'run the real-app task suite (table, JSON and HTML report)',
  usage,
  async run(args, io) {
    const { evalImpl } = await import('../session-commands/eval-impl.js');
    return evalImpl(args, io, usage);
  },
};
