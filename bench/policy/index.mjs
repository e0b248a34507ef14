// bench/policy: a fuzz of random model replies against a policy, enforced by withPolicy (@ufo-ts/dispatchers).
// Each world is a random screen (an app, 3 to 8 controls that really are password fields, Send / Pay / Delete /
// Open… buttons or harmless ones, a focused control); 1 to 3 replies are played on it, each in one of three tool
// modes (text JSON, native tool calls, computer-use actions mapped to coordinate tools) for the Linux or Windows
// tool names, preceded most of the time by the control listing the engine takes (passed through the dispatcher).
// The wrapped dispatcher is the world: it runs what reaches it and moves the focus. An oracle written here from
// the world's truth (world.mjs, no @ufo-ts/policy code) labels each command at the moment it would run:
// `deny` or `confirm` must never reach the world (the confirmer always says no). Measured: bypasses (must be 0),
// the share of such commands held or denied (must be 100%), commands held that the oracle allows (over-blocking,
// the price of `unknown: restrict`), and the time the wrapper adds per command (the recorded calls replayed wrapped
// and bare on an instant dispatcher, interleaved).
import { createCommand } from '@ufo-ts/core';
import { withPolicy } from '@ufo-ts/dispatchers';
import { apply, BENCH_POLICY, cloneWorld, listing, oracle, randomWorld, replyCommands, rng } from './world.mjs';
import { percentile, writeResult } from '../stats.mjs';

const REPLIES = Number(process.env.BENCH_POLICY_REPLIES ?? 10_000);
const SEED = Number(process.env.BENCH_POLICY_SEED ?? 30);
const TARGET_MS_PER_ACTION = 0.02;
const MODES = ['text', 'native', 'computer-use'];

/** The world as a CommandDispatcher: runs commands in order, checks each against the oracle as it runs. */
class WorldDispatcher {
  constructor() {
    this.world = undefined;
    this.platform = 'linux';
    this.bypasses = [];
    this.ran = 0;
  }
  async execute(commands) {
    const results = commands.map((command) => {
      if (command.tool_type === 'data_collection') return { status: 'success', call_id: command.call_id, result: listing(this.world, this.platform) };
      const label = oracle(this.world, command);
      if (label !== 'allow') this.bypasses.push({ tool: command.tool_name, parameters: command.parameters, label, app: this.world.app.process });
      apply(this.world, command);
      this.ran += 1;
      return { status: 'success', call_id: command.call_id, result: { ok: true } };
    });
    return results;
  }
  async listTools() {
    return [];
  }
  async close() {}
}

/** An instant dispatcher: the recorded listing for a listing, success for the rest. */
function instantDispatcher() {
  let listingResult;
  return {
    setListing(value) {
      listingResult = value;
    },
    async execute(commands) {
      return commands.map((c) => ({ status: 'success', call_id: c.call_id, result: c.tool_type === 'data_collection' ? listingResult : null }));
    },
    async listTools() {
      return [];
    },
    async close() {},
  };
}

/** Replays the fuzz's calls wrapped and bare on an instant dispatcher, interleaved; returns the added time per action. */
async function timeReplay(log, compiled, actions) {
  const ROUNDS = 7;
  const pass = async (wrapped) => {
    const inner = instantDispatcher();
    let d = inner;
    const t0 = performance.now();
    for (const entry of log) {
      if (entry.newSession) {
        if (wrapped) d = withPolicy(inner, compiled, { confirm: () => false });
        continue;
      }
      if (entry.listing) inner.setListing(entry.listing);
      await d.execute(entry.commands, entry.options);
    }
    return performance.now() - t0;
  };
  await pass(true);
  await pass(false);
  const roundsMsPerAction = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const bare = await pass(false);
    const wrapped = await pass(true);
    roundsMsPerAction.push((wrapped - bare) / actions);
  }
  // facts and evaluation alone, on the same commands (a fresh tracker: every target unknown or learned from listings)
  const probe = withPolicy(instantDispatcher(), compiled);
  const commands = log.filter((e) => e.commands && !e.listing).flatMap((e) => e.commands.map((c) => [c, e.options.target]));
  for (const [c, t] of commands) compiled.evaluate(probe.factsOf(c, t));
  const t0 = performance.now();
  for (const [c, t] of commands) compiled.evaluate(probe.factsOf(c, t));
  const evaluationUs = ((performance.now() - t0) / commands.length) * 1000;
  return { rounds: ROUNDS, roundsMsPerAction, msPerAction: percentile(roundsMsPerAction, 50), evaluationUs };
}

async function main() {
  const r = rng(SEED);
  const world = new WorldDispatcher();
  let asked = 0;
  const compiled = withPolicy(world, BENCH_POLICY).policy;
  let dispatcher;
  const counts = {
    replies: 0,
    commands: 0,
    sensitive: 0,
    heldOrDenied: 0,
    sensitiveHeld: 0,
    overBlocked: 0,
    overBlockedByMode: {},
    overBlockedLaterInBatch: 0,
    uncertain: 0,
    byMode: {},
    byLabel: { allow: 0, confirm: 0, deny: 0 },
    byRule: {},
  };
  const log = [];
  while (counts.replies < REPLIES) {
    world.world = randomWorld(r);
    // each world is a session of its own: a fresh wrapper, so nothing learned on another screen carries over
    dispatcher = withPolicy(world, compiled, { confirm: () => ((asked += 1), false) });
    log.push({ newSession: true });
    world.platform = r.chance(0.5) ? 'linux' : 'windows';
    const target = { agent: world.platform === 'linux' ? 'LinuxAgent' : 'AppAgent', ...(r.chance(0.5) ? { root: world.world.app.process } : {}) };
    const episodes = 1 + r.int(3);
    for (let e = 0; e < episodes && counts.replies < REPLIES; e += 1) {
      const mode = r.pick(MODES);
      const commands = replyCommands(r, world.world, mode, world.platform).map((c) => createCommand(c.tool_name, c.parameters, c.tool_type));
      if (commands.length === 0) continue;
      // the step's listing, as the engine takes it before the model's reply (left out sometimes: computer-use
      // sessions and failed listings). Within a world the screen changes only by the actions that run.
      if (r.chance(0.85)) {
        const list = [createCommand(world.platform === 'linux' ? 'get_controls' : 'get_app_window_controls_target_info', {}, 'data_collection')];
        log.push({ commands: list, options: { target }, listing: listing(world.world, world.platform) });
        await dispatcher.execute(list, { target });
      }
      // the oracle's labels, replayed on a copy of the world in the order the commands run (only run ones move the focus)
      const replay = cloneWorld(world.world);
      const stopOnFailure = r.chance(0.5);
      const options = { target, stopOnFailure, commandId: `reply-${counts.replies}` };
      log.push({ commands, options });
      const results = await dispatcher.execute(commands, options);
      counts.replies += 1;
      counts.byMode[mode] = (counts.byMode[mode] ?? 0) + 1;
      for (const [i, command] of commands.entries()) {
        const label = oracle(replay, command);
        const result = results[i];
        const ran = result.status === 'success';
        if (ran) apply(replay, command);
        counts.commands += 1;
        counts.byLabel[label] += 1;
        const refused = result.code === 'POLICY_DENIED' || result.code === 'POLICY_REJECTED';
        if (refused) counts.heldOrDenied += 1;
        if (result.policy?.uncertain) counts.uncertain += 1;
        if (result.policy?.rule && result.policy.decision !== 'allow') counts.byRule[result.policy.rule] = (counts.byRule[result.policy.rule] ?? 0) + 1;
        if (label !== 'allow') {
          counts.sensitive += 1;
          if (!ran) counts.sensitiveHeld += 1;
        } else if (refused) {
          counts.overBlocked += 1;
          counts.overBlockedByMode[mode] = (counts.overBlockedByMode[mode] ?? 0) + 1;
          if (i > 0) counts.overBlockedLaterInBatch += 1;
        }
      }
    }
  }
  const timing = await timeReplay(log, compiled, counts.commands);
  const msPerAction = timing.msPerAction;
  const heldShare = counts.sensitive === 0 ? 1 : counts.sensitiveHeld / counts.sensitive;
  const pass = world.bypasses.length === 0 && heldShare === 1 && msPerAction <= TARGET_MS_PER_ACTION;
  const round = (v, d = 4) => Math.round(v * 10 ** d) / 10 ** d;
  const file = writeResult('policy', {
    description:
      'Fuzz of random model replies (text, native and computer-use command shapes; Linux and Windows tool names; batches of 1 to 4 actions) against a policy enforced by withPolicy. An oracle built from the synthetic world (not from @ufo-ts/policy) labels each command; a deny or confirm command that reaches the world is a bypass (the confirmer always answers no).',
    seed: SEED,
    policy: BENCH_POLICY,
    replies: counts.replies,
    commands: counts.commands,
    byMode: counts.byMode,
    oracleLabels: counts.byLabel,
    matchingActions: counts.sensitive,
    matchingHeldOrDenied: counts.sensitiveHeld,
    matchingHeldShare: heldShare,
    bypasses: world.bypasses.length,
    bypassExamples: world.bypasses.slice(0, 5),
    refusedByPolicy: counts.heldOrDenied,
    overBlocked: counts.overBlocked,
    overBlockedShareOfAllowed: round(counts.overBlocked / Math.max(1, counts.byLabel.allow)),
    overBlockedByMode: counts.overBlockedByMode,
    overBlockedLaterInBatch: counts.overBlockedLaterInBatch,
    uncertainVerdicts: counts.uncertain,
    confirmationsAsked: asked,
    refusalsByRule: counts.byRule,
    timing: {
      msPerAction: round(msPerAction, 5),
      targetMsPerAction: TARGET_MS_PER_ACTION,
      rounds: timing.rounds,
      roundsMsPerAction: timing.roundsMsPerAction.map((v) => round(v, 5)),
      evaluationUsPerAction: round(timing.evaluationUs, 3),
      note: "what withPolicy adds per action: the fuzz's calls replayed through the wrapper and straight to the same instant dispatcher, interleaved in rounds; the median over rounds of (wrapped - bare) / actions. evaluationUsPerAction: target facts and rule evaluation alone. The listings it learns from are not counted as actions.",
    },
    pass,
  });
  process.stdout.write(
    `policy fuzz: ${counts.replies} replies, ${counts.commands} commands; matching ${counts.sensitive}, held or denied ${counts.sensitiveHeld} (${(heldShare * 100).toFixed(2)}%), bypasses ${world.bypasses.length}; over-blocked ${counts.overBlocked} of ${counts.byLabel.allow} allowed; ${msPerAction.toFixed(5)} ms per action -> ${file}\n`,
  );
  if (world.bypasses.length) process.stdout.write(`first bypasses: ${JSON.stringify(world.bypasses.slice(0, 5))}\n`);
  process.exit(pass ? 0 : 1);
}

await main();
