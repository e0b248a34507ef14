import { DEFAULT_LOG_ROOT } from '@ufo-ts/core';
import type { CliCommand } from '../cli-command.js';

const usage = `Usage: ufo serve [options]

Runs the ufo-ts server: devices connect to ws://HOST:PORT/ws, the HTTP API is at http://HOST:PORT/api.

Model (one of):
  --replay <cassette.jsonl>      replay a recorded or hand-written cassette for every task (no API key)
  --model-config <file.json>     one model configuration ({ "provider": "openai", "model": "gpt-4o", ... })
  --provider <name> --model <id> [--base-url <url>]
                                 a provider model; its key comes from the provider's environment variable

Options:
  --host <host>                  interface to listen on (default 127.0.0.1)
  --port <port>                  port (default 5000; 0 picks a free one)
  --api-key <key>                key devices and API callers must present (default: $UFO_API_KEY, else random, printed)
  --log-root <dir>               root of the per-task log folders (default ${DEFAULT_LOG_ROOT})
  --allow-origin <origin>        a browser origin allowed besides the server's own (repeatable; * allows any)
  --allow-host <name>            a Host name the server answers to besides IP addresses and localhost
                                 (repeatable; .example.com includes subdomains; * allows any)
  --command-timeout <ms>         timeout of one remote command (default 30000)
  --heartbeat-interval <ms>      device heartbeat period (default 30000)
  --max-message-bytes <n>        largest AIP message (default 16777216)
  --max-steps <n>                step cap of each task (default 50)
  --approval <mode>              what a task does at a held sensitive action or a question, unless its dispatch
                                 says: auto-reject (default), auto-approve, or wait for an answer over the API
                                 (ufo tasks approve|reject|answer)
  --approval-timeout <ms>        with wait: apply --on-timeout after this long (default: wait without a limit)
  --on-timeout <approve|reject>  the decision when the wait times out (default reject)
  --max-cost <usd>               cost budget of each task (model cost in USD; a dispatch can only lower it)
  --key-max-cost <usd>           cost budget of all tasks of the API key together
  --key-max-steps <n>            step budget of all tasks of the API key together
  --json                         print server events as JSON lines on stderr
  --console                      serve the web console at http://HOST:PORT/console/ (devices, tasks, a live view of a
                                 task, approve / reject / answer); it asks for the API key (off by default)

Cluster mode (several nodes share one Redis 7; see docs/scale-out.md):
  --redis <url>                  run as a cluster node on redis://host:port, or on a Redis Cluster with
                                 redis-cluster://host:port,host:port,...: tasks are queued in Redis (BullMQ), any
                                 node's worker runs them, devices, results and waiting tasks are visible from every
                                 node, and --approval wait and the budgets hold across the cluster
  --node-id <id>                 this node's id (default: hostname-pid-random)
  --concurrency <n>              sessions this node runs at once (default 50)
  --no-worker                    serve the API and devices only; run no sessions on this node
  -h, --help                     this help

The first stdout line is JSON: {"httpUrl", "wsUrl", "apiKey"}.`;

/** `ufo serve`: the server with its HTTP API; runs until interrupted. */
export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'run the server (devices connect over WebSocket, tasks are dispatched over HTTP)',
  usage,
  async run(args, io) {
    const { serveImpl } = await import('./serve-impl.js');
    return serveImpl(args, io, usage);
  },
};
