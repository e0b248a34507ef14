#!/usr/bin/env node
// ufo-linux-mcp: serve the Linux desktop and shell tools over MCP (stdio or streamable HTTP on 127.0.0.1).
import { parseArgs } from 'node:util';
import { startDesktop, type Desktop } from '../harness/desktop.js';
import { createLinuxToolServer, type LinuxToolGroup } from '../server/create-linux-tool-server.js';
import { createDefaultShellPolicy } from '../shell/default-shell-policy.js';
import { OCR_MODES } from '../desktop/ocr-entries.js';
import { fail, onTerminationSignal, readAppAllowList, readShellPolicy } from './cli-support.js';

const HELP = `Usage: ufo-linux-mcp [options]

Serves MCP tools that see and act on a Linux desktop (AT-SPI2 + X11) and a policy-checked shell.

  --transport stdio|http   transport (default stdio)
  --port N                 HTTP port on 127.0.0.1 (default 0: a free one; the URL is printed as JSON on stdout)
  --groups LIST            tool groups, comma separated: data_collection,action,shell (default all)
  --display :N             X display (default $DISPLAY)
  --bus ADDRESS            the desktop's D-Bus session bus (default $DBUS_SESSION_BUS_ADDRESS)
  --start-desktop          start a private virtual desktop (Xvfb, D-Bus, AT-SPI, window manager) and use it
  --launch APP             with --start-desktop: start APP in it (repeatable)
  --apps FILE              JSON allow-list of launchable apps [{name, command, args?, description?}]
  --shell-policy FILE      JSON shell policy (see README); default: the built-in read-only allow-list
  --cwd-root DIR           allowed working directory root of the default shell policy (repeatable)
  --no-shell               leave run_shell out
  --no-token               serve HTTP without a bearer token (else UFO_MCP_TOKEN is required)
  --ocr off|auto|always    text read from the screen as listed entries (default auto: only what the accessibility
                           tree leaves undescribed, and all of an app without one; needs tesseract)
  -h, --help               this help
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      transport: { type: 'string', default: 'stdio' },
      port: { type: 'string', default: '0' },
      groups: { type: 'string' },
      display: { type: 'string' },
      bus: { type: 'string' },
      'start-desktop': { type: 'boolean', default: false },
      launch: { type: 'string', multiple: true },
      apps: { type: 'string' },
      'shell-policy': { type: 'string' },
      'cwd-root': { type: 'string', multiple: true },
      'no-shell': { type: 'boolean', default: false },
      'no-token': { type: 'boolean', default: false },
      ocr: { type: 'string', default: 'auto' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (values.transport !== 'stdio' && values.transport !== 'http') throw new Error(`--transport must be stdio or http`);
  const ocrMode = OCR_MODES.find((m) => m === values.ocr);
  if (!ocrMode) throw new Error(`--ocr must be one of ${OCR_MODES.join(', ')}`);
  const groups = (values.groups ?? 'data_collection,action,shell').split(',').map((g) => g.trim()) as LinuxToolGroup[];
  let desktop: Desktop | undefined;
  if (values['start-desktop']) {
    desktop = await startDesktop();
    for (const app of values.launch ?? []) await desktop.launchApp(app).waitForFrame();
  }
  const display = desktop?.display ?? values.display ?? process.env.DISPLAY;
  const bus = desktop?.sessionBusAddress ?? values.bus ?? process.env.DBUS_SESSION_BUS_ADDRESS;
  const needsDesktop = groups.includes('data_collection') || groups.includes('action');
  if (needsDesktop && (!display || !bus))
    throw new Error('no desktop: pass --display and --bus (or set DISPLAY and DBUS_SESSION_BUS_ADDRESS), or --start-desktop');
  const shell = values['no-shell']
    ? false
    : values['shell-policy']
      ? readShellPolicy(values['shell-policy'])
      : createDefaultShellPolicy(values['cwd-root'] ? { allowedCwdRoots: values['cwd-root'] } : {});
  const server = await createLinuxToolServer({
    desktop: needsDesktop ? (desktop ?? { display: display!, sessionBusAddress: bus! }) : undefined,
    groups,
    apps: values.apps ? readAppAllowList(values.apps) : undefined,
    shell,
    ocr: { mode: ocrMode },
  });
  const shutdown = async (): Promise<void> => {
    await server.close();
    await desktop?.stop();
  };
  onTerminationSignal(shutdown);
  if (values.transport === 'stdio') {
    // serveStdio exits the process when stdin ends; the desktop's exit hook then kills its processes
    await server.serveStdio();
    return;
  }
  const http = await server.serveHttp({ port: Number(values.port), token: values['no-token'] ? null : undefined });
  process.stdout.write(`${JSON.stringify({ url: http.url, port: http.port, display: desktop?.display ?? display ?? null })}\n`);
}

main().catch(fail);
