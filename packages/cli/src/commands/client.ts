import type { CliCommand } from '../cli-command.js';

const usage = `Usage: ufo client --server <ws-url> --client-id <id> --tools <tool-servers.yaml> [options]

Connects this machine to a ufo-ts server as a device: registers, sends heartbeats, runs the server's commands on
its own MCP tool servers, and reconnects with exponential backoff when the connection drops.

Options:
  --server <url>                 the server's endpoint, e.g. ws://127.0.0.1:5000/ws (alias --ws-server)
  --client-id <id>               this device's id (letters, digits, . _ : @ -)
  --tools <file.yaml>            tool-server configuration (ufo-ts shape or the original mcp.yaml)
  --platform <linux|windows>     platform announced to the server (default: this machine's)
  --api-key <key>                the server's key (default: $UFO_API_KEY)
  --max-retries <n>              give up after n failed connection attempts in a row (default: never)
  --keep-commands-on-disconnect  let a running command finish across a reconnect (for cluster servers, where
                                 the session resumes on another node; repeated commands are never run twice)
  --heartbeat-interval <ms>      heartbeat period (default: the server's)
  --request <text>               run this task on this device, print its result and exit
  --task-name <name>             name of that task
  --json                         print events as JSON lines on stderr
  -h, --help                     this help

Environment: UFO_DEVICE_CREDENTIAL, this device's own credential (issued by the server's
POST /api/devices/{client_id}/credential); required once one is issued for the client id.`;

/** `ufo client`: a device connected to a server; runs until interrupted (or until `--request` is done). */
export const clientCommand: CliCommand = {
  name: 'client',
  summary: 'connect this machine to a server as a device',
  usage,
  async run(args, io) {
    const { clientImpl } = await import('./client-impl.js');
    return clientImpl(args, io, usage);
  },
};
