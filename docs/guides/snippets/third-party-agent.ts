// A third-party agent: registered in an AgentRegistry, offered to the HostAgent next to the windows, given a
// subtask like an application. Run by the docs test, which fails when the agent's result does not come back.
// #region agent
import { AgentRegistry, AppAgent, type StepProcessor } from '@ufo-ts/agent-fsm';

/** A step processor: any object with `process(agent, context)`. This one multiplies the two numbers of the subtask. */
const mathProcessor: StepProcessor = {
  async process(agent, context) {
    const [a = 0, b = 0] = (context.get('SUBTASK').match(/\d+/g) ?? []).map(Number);
    agent.lastResult = String(a * b); // what the HostAgent archives as the subtask's result
    context.recordStep(0); // one step, no model cost
    return { status: 'FINISH' };
  },
};

const registry = new AgentRegistry().register('MathAgent', {
  description: 'Multiplies two numbers given in the subtask; needs no window.',
  factory: (ctx) =>
    new AppAgent({ ...ctx, name: 'MathAgent', kind: 'MathAgent', host: ctx.host, appRoot: 'math', processName: 'math', processor: mathProcessor }),
});
// #endregion agent

// #region session
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { HostSession } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const host = (o: Record<string, unknown>) => ({ observation: 'desktop', thought: 'plan', ...o });
const model = new ScriptedModel({
  replies: [
    // The HostAgent's targets: the two windows (ids 1 and 2), then the registered agents (3).
    host({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '3', name: 'MathAgent' }, current_subtask: 'multiply 12 by 34' }),
    host({ status: 'FINISH', result: '12 × 34 = 408' }),
  ],
});
const { dispatcher } = createFakeDesktopDispatcher();
const session = new HostSession({
  task: 'third-party-agent',
  logRoot: 'logs',
  request: 'What is 12 times 34?',
  models: { HOST_AGENT: model },
  dispatcher,
  interactor: new ProgrammaticInteractor(),
  registry,
  reports: false,
});
const outcome = await session.run();
await dispatcher.close();
const [subtask] = session.context.get('PREVIOUS_SUBTASKS');
console.log(outcome.status, subtask); // completed { subtask: 'multiply 12 by 34', status: 'FINISH', result: '408', agent: 'MathAgent' }
// #endregion session
if (subtask?.agent !== 'MathAgent' || subtask.result !== '408') throw new Error(`unexpected subtask record: ${JSON.stringify(subtask)}`);
