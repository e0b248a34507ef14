import type { CliCommand } from '../cli-command.js';

const usage = `Usage: ufo tasks <list|show|approve|reject|answer> [task-name] [options]

Looks at a server's tasks and answers the ones waiting for a person (dispatched with approval {"mode": "wait"}).

  ufo tasks list [--status waiting]                 the tasks of your API key
  ufo tasks show <task-name>                        one task; a waiting one shows its pending id and what it waits for
  ufo tasks approve <task-name> --pending-id <id>   run the held sensitive action(s)
  ufo tasks reject <task-name> --pending-id <id> [--reason <text>]
  ufo tasks answer <task-name> --pending-id <id> --answer <text> [--answer <text> ...]

Options:
  --server <url>        the server's HTTP address (default: $UFO_SERVER_URL, else http://127.0.0.1:5000)
  --api-key <key>       the server's API key (default: $UFO_API_KEY)
  --status <status>     list only tasks of this status (running, waiting, completed, failed, cancelled, budget_exceeded)
  --pending-id <id>     the pending id the task waits with (from \`ufo tasks show\`): an answer never lands on a later question
  --answer <text>       an answer, one per question in order (repeat the option)
  --reason <text>       why an action is rejected (recorded in the task's answers.log)
  --json                print the server's JSON replies
  -h, --help            this help

Exit codes: 0 done, 1 the server refused (its code and message are printed), 2 wrong arguments.`;

/** `ufo tasks`: list, show and answer a server's tasks over its HTTP API. */
export const tasksCommand: CliCommand = {
  name: 'tasks',
  summary: "list a server's tasks and approve, reject or answer the waiting ones",
  usage,
  async run(args, io) {
    const { tasksImpl } = await import('./tasks-impl.js');
    return tasksImpl(args, io, usage);
  },
};
