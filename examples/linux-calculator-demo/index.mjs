// @ts-check
// The main job (`npm run demo`): a real Xvfb desktop with gnome-calculator, driven through real MCP tool servers
// (AT-SPI2 + X11) by a LinuxAgent session — or, with --two-tier, a HostAgent that picks the window and an AppAgent
// that works in it. The model comes from the environment, else a replay cassette. With --native-tools the agents
// run in native tool mode (each action a tool call, the rest of the reply a `respond` call).
// With --dialect X an OperatorSession works on the whole screen by coordinates instead: `openai-computer` and
// `anthropic-computer` drive the provider's own computer tool; `ui-tars`, `qwen25-vl` and `qwen3-vl` are local
// vision models answering in their grounding dialects behind an OpenAI-compatible server (UFO_BASE_URL, UFO_MODEL,
// optionally UFO_SERVER_PRESET). Without a model in the environment each dialect replays its cassette
// (cassette-<dialect>.jsonl), written by hand in that dialect's wire format, with its clicks placed on the
// screenshot actually sent (screen-grounded-replay.mjs). --screen WxH sets the virtual screen (default 1280x800).
// Exits 0 only when the calculator itself shows 408.
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EventBus, FileLogSink, ProgrammaticInteractor, Session, timestampTaskName } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer, readCalculatorDisplay, startDesktop } from '@ufo-ts/platform-linux';
import { createHostAgentStack, createLinuxAgent } from '@ufo-ts/processor-strategies';
import { OperatorSession } from '@ufo-ts/sessions';
import { dialectModel, DIALECTS } from './dialect-model.mjs';
import { modelFromEnv } from './model-from-env.mjs';

const REQUEST = 'What is 12 times 34? Use the calculator.';
const { values: options } = parseArgs({
  options: {
    'two-tier': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'native-tools': { type: 'boolean', default: false },
    dialect: { type: 'string' },
    screen: { type: 'string', default: '1280x800' },
  },
});
const twoTier = options['two-tier'] === true;
const quiet = options.quiet === true;
const nativeTools = options['native-tools'] === true;
const dialect = options.dialect;
const say = (/** @type {string} */ line) => quiet || console.log(line);

/** @param {string} message @returns {never} */
const usage = (message) => {
  console.error(message);
  process.exit(2);
};
const screenMatch = /^(\d+)x(\d+)$/.exec(options.screen ?? '');
if (!screenMatch) usage(`--screen takes WIDTHxHEIGHT, e.g. 1920x1080, not ${JSON.stringify(options.screen)}`);
const screen = { width: Number(screenMatch[1]), height: Number(screenMatch[2]) };
if (dialect !== undefined && !Object.hasOwn(DIALECTS, dialect))
  usage(`unknown --dialect ${JSON.stringify(dialect)}; use one of ${Object.keys(DIALECTS).join(', ')}`);
if (dialect !== undefined && (twoTier || nativeTools)) usage('--dialect runs an operator session: it does not combine with --two-tier or --native-tools');

/** @type {import('@ufo-ts/core').ChatModel | undefined} */
let agentModel;
if (dialect === undefined) {
  const chosen = await modelFromEnv(process.env, `cassette${twoTier ? '-two-tier' : ''}${nativeTools ? '-native' : ''}.jsonl`, { nativeTools });
  agentModel = chosen.model;
  say(`model: ${chosen.description}`);
  say(`tool mode: ${nativeTools ? 'native (actions as tool calls, the rest in respond)' : 'text (tools in the prompt, a JSON reply)'}`);
}

say('starting the desktop (Xvfb, D-Bus, AT-SPI, window manager) and gnome-calculator…');
const desktop = await startDesktop(screen);
let exitCode = 1;
try {
  const frame = await desktop.launchApp('gnome-calculator').waitForFrame();
  say(`gnome-calculator is up: window "${frame.title}" (pid ${frame.pid}) on display ${desktop.display}, screen ${screen.width}×${screen.height}`);

  const linux = await createLinuxToolServer({ desktop });
  const servers = {
    data_collection: [{ namespace: 'linux', transport: /** @type {const} */ ('in-process'), factory: 'linux' }],
    action: [{ namespace: 'linux', transport: /** @type {const} */ ('in-process'), factory: 'linux' }],
  };
  const dispatcher = new LocalCommandDispatcher({
    config: { LinuxAgent: { default: servers }, HostAgent: { default: servers }, AppAgent: { default: servers }, OperatorAgent: { default: servers } },
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
  /** @type {import('@ufo-ts/core').SessionOutcome} */
  let outcome;
  if (dialect !== undefined) {
    // the cassette's clicks are placed through a dispatcher of their own, so the operator's tool state stays its own
    const grounder = new LocalCommandDispatcher({ config: { Grounder: { default: servers } }, factories: { linux: () => linux.createServer() } });
    const chosen = await dialectModel(dialect, { env: process.env, screen, dispatcher: grounder, onPlaced: (line) => say(`  cassette click placed: ${line}`) });
    say(`model: ${chosen.description}`);
    say(
      `operator: ${chosen.processor ? `the ${dialect} grounding dialect (screenshot → its action text → clicks in screen pixels)` : `the ${DIALECTS[dialect]?.computerTool} computer tool (screenshot scaled to the declared display, clicks scaled back)`}`,
    );
    const session = new OperatorSession({
      task: `calculator-${dialect}-${screen.width}x${screen.height}-${timestampTaskName()}`,
      logRoot: 'logs',
      request: REQUEST,
      models: { OPERATOR: chosen.model },
      dispatcher,
      interactor,
      events,
      platform: 'linux',
      maxSteps: 15,
      ...(chosen.processor ? { processor: chosen.processor } : {}),
    });
    say(`request: ${REQUEST}`);
    try {
      outcome = await session.run();
    } finally {
      await grounder.close();
    }
  } else {
    const logSink = new FileLogSink({ logRoot: 'logs', task: `calculator-${twoTier ? 'two-tier-' : ''}${nativeTools ? 'native-' : ''}${timestampTaskName()}` });
    const services = {
      model: /** @type {import('@ufo-ts/core').ChatModel} */ (agentModel),
      dispatcher,
      interactor,
      events,
      logSink,
      toolMode: /** @type {'native' | 'text'} */ (nativeTools ? 'native' : 'text'),
    };
    const agent = twoTier ? createHostAgentStack({ ...services, platform: 'linux' }) : createLinuxAgent(services);
    const session = new Session({
      task: 'calculator',
      request: REQUEST,
      logSink,
      dispatcher,
      interactor,
      events,
      maxSteps: 15,
      startAgent: () => (agent.reset(), agent),
    });
    say(`request: ${REQUEST}`);
    outcome = await session.run();
  }
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
