// Tool-level and step-level timings on real apps: `click_input` until its effect is confirmed (the tool returns
// once the change is seen and has settled), control listings, and the LinuxAgent's per-phase step timings
// (DATA_COLLECTION, LLM_INTERACTION, ACTION_EXECUTION) read from response.log of scripted sessions.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommand, EventBus, FileLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer } from '@ufo-ts/platform-linux';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';
import { summarize } from '../stats.mjs';

const SERVERS = {
  data_collection: [{ namespace: 'linux', transport: 'in-process', factory: 'linux' }],
  action: [{ namespace: 'linux', transport: 'in-process', factory: 'linux' }],
};

/** A dispatcher on an in-process Linux tool server of `desktop`, and a `run(tool, args)` helper. */
async function toolsOn(desktop) {
  const linux = await createLinuxToolServer({ desktop, shell: false });
  const dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: SERVERS } }, factories: { linux: () => linux.createServer() } });
  const run = async (tool, args = {}, type = 'action') => {
    const [result] = await dispatcher.execute([createCommand(tool, args, type)], { target: { agent: 'LinuxAgent' } });
    if (result.status !== 'success') throw new Error(`${tool}: ${result.error}`);
    return result.result;
  };
  return { run, dispatcher, close: async () => (await dispatcher.close(), await linux.close()) };
}

/**
 * `click_input` on calculator keys through the MCP tool server, timed from the call until it returns with its
 * effect confirmed (the display change seen and settled), and the control listings of each app.
 */
export async function measureToolClicks(desktop, windows, n) {
  const out = {};
  const tools = await toolsOn(desktop);
  try {
    for (const [app, keys, clear] of [
      ['galculator', ['7', '8', '9'], 'AC'],
      ['gnome-calculator', ['7', '8', '9'], undefined],
    ]) {
      await tools.run('select_application_window', { id: String(windows[app]) });
      const controls = (await tools.run('get_app_window_controls_target_info', {}, 'data_collection')).controls;
      const button = (name) => controls.find((c) => /button/.test(c.type) && c.name === name);
      const times = [];
      let unconfirmed = 0;
      for (let i = 0; i < n; i += 1) {
        if (clear && i % 10 === 0) await tools.run('click_input', { id: button(clear).id });
        const key = button(keys[i % keys.length]);
        const t = performance.now();
        const click = await tools.run('click_input', { id: key.id, name: key.name });
        times.push(performance.now() - t);
        if (!click.effect?.changed) unconfirmed += 1;
      }
      out[`tool.${app}.click_to_confirmed_effect`] = { ...summarize(times), unconfirmed };
    }
  } finally {
    await tools.close();
  }
  return out;
}

/** `get_app_window_controls_target_info` (what the LinuxAgent lists each step) on every app, through the tool server. */
export async function measureListings(desktop, windows, n) {
  const out = {};
  const tools = await toolsOn(desktop);
  try {
    for (const [app, window] of Object.entries(windows)) {
      await tools.run('select_application_window', { id: String(window) });
      const times = [];
      let count = 0;
      for (let i = 0; i < n + 2; i += 1) {
        const t = performance.now();
        count = (await tools.run('get_app_window_controls_target_info', {}, 'data_collection')).controls.length;
        if (i >= 2) times.push(performance.now() - t);
      }
      out[`listing.${app}`] = { ...summarize(times), controls: count };
    }
  } finally {
    await tools.close();
  }
  return out;
}

const NO_OP = JSON.stringify({ observation: 'The window is shown.', thought: 'Look again.', action: [], status: 'CONTINUE', plan: [], comment: '' });
const FINISH = JSON.stringify({ observation: 'Done.', thought: 'Nothing to do.', action: [], status: 'FINISH', plan: [], comment: '', result: 'done' });

/** Runs a scripted LinuxAgent session of `steps` steps on the focused app and returns its per-phase timings. */
async function agentPhases(desktop, window, steps) {
  const tools = await toolsOn(desktop);
  const logRoot = mkdtempSync(join(tmpdir(), 'ufo-bench-steps-'));
  try {
    await tools.run('select_application_window', { id: String(window) });
    const model = new ScriptedModel({ replies: [...Array.from({ length: steps - 1 }, () => NO_OP), FINISH] });
    const events = new EventBus();
    const interactor = new ProgrammaticInteractor();
    const logSink = new FileLogSink({ logRoot, task: 'steps' });
    const agent = createLinuxAgent({ model, dispatcher: tools.dispatcher, interactor, events, logSink });
    const session = new Session({
      task: 'steps',
      request: 'Look at the window.',
      logSink,
      dispatcher: tools.dispatcher,
      interactor,
      events,
      maxSteps: steps + 2,
      startAgent: () => (agent.reset(), agent),
    });
    const outcome = await session.run();
    const lines = readFileSync(join(outcome.logFolder, 'response.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    return lines.filter((l) => l.timings).map((l) => l.timings);
  } finally {
    await tools.close();
    rmSync(logRoot, { recursive: true, force: true });
  }
}

/** The LinuxAgent's DATA_COLLECTION and whole-step medians per app (the first step, which warms caches, is left out). */
export async function measureAgentSteps(desktop, windows, steps) {
  const out = {};
  for (const [app, window] of Object.entries(windows)) {
    const timings = (await agentPhases(desktop, window, steps + 1)).slice(1);
    out[`step.${app}.data_collection`] = summarize(timings.map((t) => t.DATA_COLLECTION));
    out[`step.${app}.total`] = summarize(timings.map((t) => t.total));
  }
  return out;
}
