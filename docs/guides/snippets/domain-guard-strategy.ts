// Writing a strategy: a guard in the AppAgent's ACTION_EXECUTION phase that refuses emails outside example.com,
// then runs the built-in action strategy. Run by the docs test, which fails when an email leaves example.com.
// #region strategy
import { appActionStrategy, defineStrategy, STEP_KEYS } from '@ufo-ts/processor-strategies';

const builtIn = appActionStrategy();

/** Refuses `send_email` to other domains; every other action goes to the built-in action execution. */
export const domainGuard = defineStrategy({
  name: 'DomainGuard',
  phase: 'ACTION_EXECUTION',
  dependsOn: [STEP_KEYS.appResponse, STEP_KEYS.dispatchTarget], // the parsed reply and where to send commands
  provides: [STEP_KEYS.actions, STEP_KEYS.status], // what MEMORY_UPDATE and the step's finalisation read
  failFast: false,
  async execute(agent, step) {
    const response = step.require(STEP_KEYS.appResponse, 'DomainGuard'); // typed by the key: an AppResponse
    const refused = response.action.filter((a) => a.function === 'send_email' && !String(a.arguments.to).endsWith('@example.com'));
    if (refused.length === 0) return builtIn.execute(agent, step);
    agent.warn(`DomainGuard refused ${refused.length} action(s)`);
    return {
      // Failed action records (checked against the `actions` key's schema): the next prompt shows the model why.
      actions: refused.map((a) => ({ ...a, result: { status: 'failure' as const, error: 'DomainGuard: only @example.com addresses', call_id: 'guard' } })),
      status: 'CONTINUE',
    };
  },
});
// #endregion strategy

// #region session
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { HostSession } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const reply = (o: Record<string, unknown>) => ({ observation: 'screen', thought: 'next', ...o });
const model = new ScriptedModel({
  replies: [
    reply({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '2', name: 'Inbox - Mail' }, current_subtask: 'email the result' }),
    reply({ action: { function: 'send_email', arguments: { to: 'john@elsewhere.org', body: '408' } } }), // refused
    reply({ action: { function: 'send_email', arguments: { to: 'john@example.com', body: '408' }, status: 'FINISH' } }),
    reply({ status: 'FINISH', result: 'sent to john@example.com' }),
  ],
});
const { desktop, dispatcher } = createFakeDesktopDispatcher();
const session = new HostSession({
  task: 'domain-guard',
  logRoot: 'logs',
  request: 'email 408 to john',
  models: { HOST_AGENT: model },
  dispatcher,
  interactor: new ProgrammaticInteractor(),
  safeGuard: false, // send_email is sensitive: without this the agent would ask the interactor first
  app: { strategies: { ACTION_EXECUTION: domainGuard } },
  reports: false,
});
const outcome = await session.run();
await dispatcher.close();
console.log(outcome.status, desktop.state.sentEmails); // completed [ { to: 'john@example.com', body: '408' } ]
// #endregion session
if (desktop.state.sentEmails.length !== 1 || desktop.state.sentEmails[0]?.to !== 'john@example.com') {
  throw new Error(`the guard let through: ${JSON.stringify(desktop.state.sentEmails)}`);
}
