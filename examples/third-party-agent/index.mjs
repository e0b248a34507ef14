// @ts-check
// A third-party agent: registered by name in an AgentRegistry, offered to the HostAgent's model as a target next to
// the windows, and given a subtask like an application. Its own processor does the work (here, arithmetic without
// any tool) and hands control back to the HostAgent.
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { AgentRegistry, AppAgent } from '@ufo-ts/agent-fsm';
import { HostSession } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

/** A step processor: evaluates "a × b" from the subtask and finishes. Any object with `process` works. */
const mathProcessor = {
  /** @param {import('@ufo-ts/agent-fsm').Agent} agent @param {import('@ufo-ts/core').Context} context */
  async process(agent, context) {
    const [a, b] = (context.get('SUBTASK').match(/\d+/g) ?? []).map(Number);
    agent.lastResult = String((a ?? 0) * (b ?? 0));
    context.recordStep(0);
    return { status: 'FINISH' };
  },
};

const registry = new AgentRegistry().register('MathAgent', {
  description: 'Multiplies two numbers given in the subtask; needs no window.',
  factory: (ctx) =>
    new AppAgent({ ...ctx, name: 'MathAgent', kind: 'MathAgent', host: ctx.host, appRoot: 'math', processName: 'math', processor: mathProcessor }),
});

const host = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'desktop', thought: 'plan', ...o });
const model = new ScriptedModel({
  replies: [
    // the targets are the two windows (1, 2) and then the registered agents (3)
    host({ status: 'ASSIGN', function: 'select_application_window', arguments: { id: '3', name: 'MathAgent' }, current_subtask: 'multiply 12 by 34' }),
    host({ status: 'FINISH', result: '12 × 34 = 408' }),
  ],
});
const { dispatcher } = createFakeDesktopDispatcher();
const session = new HostSession({
  task: `third-party-agent-${Date.now()}`,
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
const prompt = JSON.stringify(model.calls[0]?.messages);
const archived = session.context.get('PREVIOUS_SUBTASKS');
say(`the host saw: ${prompt.includes('MathAgent') ? 'MathAgent offered' : 'no MathAgent'}; subtasks: ${JSON.stringify(archived)}`);
if (outcome.status !== 'completed' || archived[0]?.agent !== 'MathAgent' || archived[0]?.result !== '408') {
  console.error('third-party-agent example failed');
  process.exit(1);
}
