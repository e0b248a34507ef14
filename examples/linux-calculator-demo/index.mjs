// @ts-check
// The main job (`npm run demo`): a real Xvfb desktop with gnome-calculator, driven through real MCP tool servers
// (AT-SPI2 + X11) by a LinuxAgent session — or, with --two-tier, a HostAgent that picks the window and an AppAgent
// that works in it. The model comes from the environment, else a replay cassette. With --native-tools the agents
// run in native tool mode (each action a tool call, the rest of the reply a `respond` call). Exits 0 only when
// the calculator shows 408.
import { readdirSync } from 'node:fs';
import { EventBus, FileLogSink, ProgrammaticInteractor, Session, timestampTaskName } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer, readCalculatorDisplay, startDesktop } from '@ufo-ts/platform-linux';
import { createHostAgentStack, createLinuxAgent } from '@ufo-ts/processor-strategies';
import { modelFromEnv } from './model-from-env.mjs';

const REQUEST = 'What is 12 times 34? Use the calculator.';
const twoTier = process.argv.includes('--two-tier');
const quiet = process.argv.includes('--quiet');
const nativeTools = process.argv.includes('--native-tools');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const { model, description } = await modelFromEnv(process.env, `cassette${twoTier ? '-two-tier' : ''}${nativeTools ? '-native' : ''}.jsonl`, { nativeTools });
say(`model: ${description}`);
say(`tool mode: ${nativeTools ? 'native (actions as tool calls, the rest in respond)' : 'text (tools in the prompt, a JSON reply)'}`);

say('starting the desktop (Xvfb, D-Bus, AT-SPI, window manager) and gnome-calculator…');
const desktop = await startDesktop();
let exitCode = 1;
try {
  const frame = await desktop.launchApp('gnome-calculator').waitForFrame();
  say(`gnome-calculator is up: window "${frame.title}" (pid ${frame.pid}) on display ${desktop.display}`);

  const linux = await createLinuxToolServer({ desktop });
  const servers = {
    data_collection: [{ namespace: 'linux', transport: /** @type {const} */ ('in-process'), factory: 'linux' }],
    action: [{ namespace: 'linux', transport: /** @type {const} */ ('in-process'), factory: 'linux' }],
  };
  const dispatcher = new LocalCommandDispatcher({
    config: { LinuxAgent: { default: servers }, HostAgent: { default: servers }, AppAgent: { default: servers } },
    factories: { linux: () => linux.createServer() },
  });

  const events = new EventBus();
  let cost = 0;
  events.subscribe((e) => {
    if (e.type === 'command' && !quiet) console.log(`    ${e.tool} → ${e.status}${e.error ? ` (${e.error})` : ''}`);
    if (e.type === 'step-end') {
      cost += e.cost;
      say(`step ${e.step}: ${e.agent} ${e.state} → ${e.status}   cost so far $${cost.toFixed(4)}`);
    }
    if (e.type === 'transition' && e.from !== e.to) say(`  ${e.from} → ${e.to}`);
  });
  const interactor = new ProgrammaticInteractor();
  const logSink = new FileLogSink({ logRoot: 'logs', task: `calculator-${twoTier ? 'two-tier-' : ''}${nativeTools ? 'native-' : ''}${timestampTaskName()}` });
  const services = { model, dispatcher, interactor, events, logSink, toolMode: /** @type {'native' | 'text'} */ (nativeTools ? 'native' : 'text') };
  const agent = twoTier ? createHostAgentStack({ ...services, platform: 'linux' }) : createLinuxAgent(services);
  const session = new Session({ task: 'calculator', request: REQUEST, logSink, dispatcher, interactor, events, maxSteps: 15, startAgent: () => (agent.reset(), agent) });

  say(`request: ${REQUEST}`);
  const outcome = await session.run();
  await dispatcher.close();
  await linux.close();

  const display = await readCalculatorDisplay(desktop);
  say(`\nround result: ${JSON.stringify(outcome.rounds[0]?.result)} (${outcome.rounds[0]?.finalState}, ${outcome.steps} steps, $${outcome.cost.toFixed(4)})`);
  say(`calculator display: ${display}`);
  say(`logs: ${outcome.logFolder}/response.log, request.log`);
  const shots = readdirSync(outcome.logFolder ?? '.').filter((f) => f.endsWith('.png'));
  say(`screenshots: ${shots.length} in ${outcome.logFolder} (${shots.slice(0, 4).join(', ')}${shots.length > 4 ? ', …' : ''})`);
  exitCode = display === '408' ? 0 : 1;
  if (exitCode !== 0) console.error(`demo failed: the calculator shows ${JSON.stringify(display)}, not 408`);
} finally {
  const { leftovers } = await desktop.stop();
  if (leftovers.length) console.error(`leftover processes: ${JSON.stringify(leftovers)}`);
}
process.exit(exitCode);
