// @ts-check
// Plan replay (follower mode): the HostAgent opens the calculator, then each step of plan.json is one round in
// which the calculator's AppAgent does that step as its subtask.
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { readFollowerPlan, SessionFactory } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const reply = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'screen', thought: 'next', ...o });
const click = (/** @type {string} */ id, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const model = new ScriptedModel({
  replies: [
    reply({
      status: 'ASSIGN',
      function: 'select_application_window',
      arguments: { id: '1', name: 'Calculator' },
      current_subtask: 'check the calculator is ready',
    }),
    reply({ action: [], status: 'FINISH' }),
    reply({ action: [click('1'), click('2', 'FINISH')] }),
    reply({ action: [click('5'), click('3'), click('4'), click('6', 'FINISH')], result: '408' }),
  ],
});
const plan = readFollowerPlan(new URL('./plan.json', import.meta.url).pathname);
const { desktop, dispatcher } = createFakeDesktopDispatcher();
const factory = new SessionFactory({
  models: { HOST_AGENT: model },
  dispatcher,
  interactor: new ProgrammaticInteractor(),
  logRoot: 'logs',
  defaults: { reports: false },
});
const session = await factory.create({ task: `follower-plan-${Date.now()}`, mode: 'follower', plan });
session.events.subscribe((e) => e.type === 'round-start' && say(`round ${e.round}: ${e.request}`));
const outcome = await session.run();
await dispatcher.close();
say(`display: ${desktop.state.display}  rounds: ${outcome.rounds.map((r) => r.finalState).join(', ')}`);
if (outcome.status !== 'completed' || desktop.state.display !== '408' || outcome.rounds.length !== plan.steps.length + 1) {
  console.error('follower-plan example failed');
  process.exit(1);
}
