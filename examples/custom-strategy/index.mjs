// @ts-check
// A custom strategy in the AppAgent's pipeline. The ACTION_EXECUTION phase is replaced by a guard that refuses
// actions on a deny-list (here: emails to addresses outside example.com) and then runs the built-in action
// strategy. The model sees the refusal as a failed action and corrects itself.
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { appActionStrategy, defineStrategy, STEP_KEYS } from '@ufo-ts/processor-strategies';
import { HostSession } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const builtIn = appActionStrategy();
/** Refuses `send_email` to other domains, then delegates to the built-in action execution. */
const guard = defineStrategy({
  name: 'DomainGuard',
  phase: 'ACTION_EXECUTION',
  dependsOn: [STEP_KEYS.appResponse, STEP_KEYS.dispatchTarget],
  provides: [STEP_KEYS.actions, STEP_KEYS.status],
  failFast: false,
  async execute(agent, step) {
    const response = step.require(STEP_KEYS.appResponse, 'DomainGuard');
    const refused = response.action.filter((a) => a.function === 'send_email' && !String(a.arguments.to).endsWith('@example.com'));
    if (refused.length === 0) return builtIn.execute(agent, step);
    agent.warn(`DomainGuard refused ${refused.length} action(s)`);
    return {
      actions: refused.map((a) => ({ ...a, result: { status: 'failure', error: 'DomainGuard: only @example.com addresses', call_id: 'guard' } })),
      status: 'CONTINUE',
    };
  },
});

const reply = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'screen', thought: 'next', ...o });
const model = new ScriptedModel({
  replies: [
    reply({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: 'email the result' }),
    reply({ action: { function: 'send_email', arguments: { to: 'john@elsewhere.org', body: '408' } } }),
    reply({ action: { function: 'send_email', arguments: { to: 'john@example.com', body: '408' }, status: 'FINISH' } }),
    reply({ status: 'FINISH', result: 'sent to john@example.com' }),
  ],
});
const { desktop, dispatcher } = createFakeDesktopDispatcher();
const session = new HostSession({
  task: `custom-strategy-${Date.now()}`,
  logRoot: 'logs',
  request: 'email 408 to john',
  models: { HOST_AGENT: model },
  dispatcher,
  interactor: new ProgrammaticInteractor(),
  safeGuard: false,
  app: { strategies: { ACTION_EXECUTION: guard } },
  reports: false,
});
session.events.subscribe((e) => e.type === 'step-end' && say(`step ${e.step}: ${e.agent} ${e.state} → ${e.status}`));
const outcome = await session.run();
await dispatcher.close();
say(`sent: ${JSON.stringify(desktop.state.sentEmails)}  logs: ${outcome.logFolder}`);
if (outcome.status !== 'completed' || desktop.state.sentEmails.length !== 1 || desktop.state.sentEmails[0]?.to !== 'john@example.com') {
  console.error('custom-strategy example failed: the guard did not keep the email inside example.com');
  process.exit(1);
}
