import type { CliCommand } from '../cli-command.js';

const usage = `Usage: ufo eval [--suite core|traps|perception|office|all | --tasks-dir DIR] [--tasks id,id] [--runs N] [--json FILE] [--cpu-load N]
                [--native-tools | --computer-use openai|anthropic] [--reference] [--model reference|imperfect:<kind>[:<seed>]] [--batch]
                [--monitor off|warn|enforce] [--no-validate] [--no-finish-check] [--robustness all|spec,spec] [--list]

Runs the real-app task suite (@ufo-ts/task-suite): each task on its own private virtual desktop (Xvfb, AT-SPI)
with a real app (mousepad, galculator, gnome-calculator, zenity, FeatherPad, GNOME Text Editor, xcalc, a Tk form,
Gnumeric), a LinuxAgent session with the task's request and step budget, and a checker that reads the real state
back (the file on disk, the saved settings, the text in a widget). Prints a table: task, app, pass/fail, steps,
time, cost; then the pass rates by app at step budgets 15, 50 and 100 (a run counts at a budget when it passed
within that many steps).

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
  --computer-use <wire>
                       run each task in computer-use mode (an OperatorSession that sees only screenshots and acts
                       with the computer tool: clicks at coordinates, typing, key presses) instead of a LinuxAgent;
                       the reference solutions are played on the screen (each control they name is located in the
                       live accessibility tree and clicked at its centre, in the pixels of the screenshot sent) and
                       answered from a local server in the wire format of openai (Responses API computer_call) or
                       anthropic (Messages API tool_use of the computer tool), read back by the engine's provider
                       adapters. Model keys in the environment are not used; the checker runs after the session
                       (no finish check, progress monitor or batch validation in this mode); not with --model,
                       --native-tools, --batch, --cache or --robustness
  --reference          use the reference solutions even when a model key is set
  --model <spec>       a scripted model instead of the environment's: \`reference\` (the reference solutions), or
                       \`imperfect:<kind>[:<seed>]\` (seed default 1; a seed always gives the same replies), which
                       plays the reference solution but goes wrong in one way:
    stubborn           resends exactly its last action whenever it failed or changed nothing, forever (trap first)
    ping-pong          opens and closes a seeded menu of the path until a <Progress check:>, then follows the path
    stale              once, after the listing changed, uses an equal-looking control's earlier id; then retries
    wrong-target       1 click in 4 (≥1 a task) hits a same-role neighbour, naming the intended one; then retries
    explorer           before 1-2 seeded steps opens a wrong menu and Escapes it, or opens a dialog and cancels it
    premature          replies FINISH in place of the last step acting on the app; after a <Finish check:> does it
    hasty              acts on its best guess (focused/first control of the role) instead of waiting for a control
  --suite <name>       core (default: the everyday tasks), traps (tasks built around an action with no effect: a
                       disabled button, a covered control, a read-only field, ...), perception (tasks that need
                       what the accessibility tree does not show: text an app draws, apps without accessibility
                       read by OCR, a slider's value, table cells with their headers, a document's text), office
                       (the task files the suite ships: LibreOffice Writer, Calc, Impress, ...) or all
  --tasks-dir <dir>    run the task files (*.task.json, at any depth) of a folder instead of a suite: tasks
                       written as JSON (set-up steps, request, reference solution, a typed checker)
  --batch              the reference solutions put consecutive steps whose controls are all listed into one reply
  --monitor <mode>     the engine's progress monitor: enforce (default: warn, then re-read the screen, then end
                       the task as FAIL NO_PROGRESS), warn (only tell the model) or off
  --no-validate        run multi-action replies as sent (default: each action after the first is checked against a
                       fresh control listing first, and the batch stops where a target changed)
  --no-finish-check    accept FINISH as it is (default: the task's checker verifies it, and a failed check goes back
                       to the model once)
  --robustness <list>  the robustness matrix instead of one run: each model (all: the reference solutions, batched
                       and not, and every imperfect kind; or a list of --model specs and reference+batch) with the
                       guards on (monitor enforcing, batches validated, FINISH checked) and off; prints tasks passed
                       and model calls per task, and with --json writes the JSON and an HTML table
  --cache <dir>        the action cache: a task with a cached run is replayed without the model (the model is asked
                       only for a step the replay cannot take: a control not found, an action that failed or
                       showed no change), and a run that passes its check is recorded there (the folder of
                       ufo cache list|show|clear)
  --replay-only        with --cache: a cached task is never handed to the model; a step the cached run cannot take
                       fails the task with ACTION_CACHE_DIVERGED and the reason
  --list               list the tasks and exit
  -h, --help           this help

Each run reports its model calls and why it stopped (finished, failed, no_progress, max_steps, error); --json
adds modelCalls, stopReason, noProgressEvents and finishChecks per task, and with --cache the cache's outcome
(hit, healed or miss), its hits and healed steps, and whether the run was recorded.

Exit codes: 0 every task passed (always 0 for --robustness), 1 a task failed, 2 usage error.`;

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
