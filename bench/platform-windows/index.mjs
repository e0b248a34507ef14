// Benchmarks of @ufo-ts/platform-windows that run anywhere (the Windows calls themselves are measured by the
// conformance suite on Windows): bridge round trips over a real child process speaking the JSON-lines protocol
// (the fake bridge replaying a transcript), a full MCP tool call through that bridge, the key-syntax parser,
// control filtering + labelling of 500 controls, and set-of-marks annotation of a 1080p screenshot.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createImage, encodePngSync } from '@ufo-ts/imaging';
import { sample, summarize, writeResult } from '../stats.mjs';

// The bench workspace package does not list platform-windows yet: fall back to the built files by path.
const pw = await import('@ufo-ts/platform-windows');
const fakeBridge = fileURLToPath(new URL('../../packages/platform-windows/test/support/fake-bridge.mjs', import.meta.url));
const fixture = (name) => fileURLToPath(new URL(`../../packages/platform-windows/test/__fixtures__/${name}`, import.meta.url));
const launcher = (transcript) => () =>
  spawn(process.execPath, [fakeBridge], { env: { ...process.env, FAKE_BRIDGE_OPTIONS: JSON.stringify({ transcript }) }, stdio: 'pipe' });

const results = {};

// 1. Bridge start (spawn + hello) and round trips.
const startSamples = await sample(
  async () => {
    const c = new pw.UiaBridgeClient({ launcher: launcher(fixture('notepad.transcript.jsonl')) });
    await c.start();
    await c.close();
  },
  { n: 10, warmup: 2 },
);
results.bridgeStartMs = summarize(startSamples);

const bridge = new pw.UiaBridgeClient({ launcher: launcher(fixture('notepad.transcript.jsonl')) });
await bridge.start();
results.bridgeRoundTripScreensMs = summarize(await sample(() => bridge.request('screens', {}), { n: 2000, warmup: 200 }));
results.bridgeRoundTripSnapshot18Ms = summarize(await sample(() => bridge.request('snapshot', { hwnds: [656834] }), { n: 1000, warmup: 100 }));
results.bridgeRoundTripScreenshot1200x800Ms = summarize(await sample(() => bridge.request('captureWindow', { hwnd: 656834 }), { n: 500, warmup: 50 }));
const inFlight = 32;
const t0 = performance.now();
for (let i = 0; i < 50; i += 1) await Promise.all(Array.from({ length: inFlight }, () => bridge.request('screens', {})));
results.bridgeThroughput32InFlightPerSec = Math.round((50 * inFlight) / ((performance.now() - t0) / 1000));
await bridge.close();

// 2. A whole MCP tool call (in-memory transport) that enumerates and labels the controls through the bridge.
const servers = pw.createWindowsToolServers({
  bridge: new pw.UiaBridgeClient({ launcher: launcher(fixture('notepad.transcript.jsonl')) }),
  launcher: new pw.AppLauncher({ allowList: new Map(), settleMs: 0 }),
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const server = servers.createServer('WindowsUI');
const client = new Client({ name: 'bench', version: '0' });
await server.connect(serverSide);
await client.connect(clientSide);
await client.callTool({ name: 'get_desktop_app_info', arguments: {} });
await client.callTool({ name: 'select_application_window', arguments: { id: '1', name: 'Untitled - Notepad' } });
results.mcpControlsTargetInfoMs = summarize(
  await sample(() => client.callTool({ name: 'get_app_window_controls_target_info', arguments: { field_list: [] } }), { n: 300, warmup: 30 }),
);
results.mcpClickInputInvokeMs = summarize(
  await sample(() => client.callTool({ name: 'click_input', arguments: { id: '3', name: 'Add New Tab' } }), { n: 300, warmup: 30 }),
);
await client.close();
await server.close();
await servers.close();

// 3. Pure TypeScript parts.
const keys = '{VK_CONTROL}a{DELETE}Hello, world!{ENTER}+(abc){TAB 3}%{F4}';
results.parseKeySequenceAndCompileUs = summarize(
  (await sample(() => pw.keyActionsToInput(pw.parseKeySequence(keys, { withSpaces: true })), { n: 20000, warmup: 2000 })).map((ms) => ms * 1000),
);
const elements = Array.from({ length: 800 }, (_, i) => ({
  ref: `s1.${i}`,
  rootHwnd: 1,
  controlType: ['Button', 'Edit', 'Pane', 'Text'][i % 4],
  name: `c${i}`,
  automationId: `a${i}`,
  className: '',
  frameworkId: '',
  rect: { left: i, top: i, right: i + 20, bottom: i + 10 },
  isEnabled: i % 7 !== 0,
  isOffscreen: false,
  runtimeId: [42, i],
  patterns: [],
  selected: null,
}));
results.filterAndLabel800ElementsUs = summarize(
  (
    await sample(() => new pw.ControlRegistry().replace(pw.filterControls(elements, { controlTypes: pw.DEFAULT_CONTROL_LIST }).controls, 1), {
      n: 2000,
      warmup: 200,
    })
  ).map((ms) => ms * 1000),
);
const png1080 = encodePngSync(createImage(1920, 1080, [30, 30, 30]));
const marks = Array.from({ length: 200 }, (_, i) => ({
  label: String(i + 1),
  left: (i * 37) % 1800,
  top: (i * 53) % 1000,
  right: ((i * 37) % 1800) + 90,
  bottom: ((i * 53) % 1000) + 30,
  controlType: 'Button',
}));
results.annotate1080pWith200MarksMs = summarize(await sample(() => pw.annotateSetOfMarks(png1080, marks), { n: 20, warmup: 3 }));

const file = writeResult('platform-windows', { results });
console.log(JSON.stringify(results, null, 2));
console.log(`written ${file}`);
