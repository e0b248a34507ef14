// @ts-check
// A HostAgent → AppAgent round on an in-process fake desktop (real MCP server, in-memory transport) with a
// scripted model. Prints each transition and step, then the trajectory from response.log.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus, FileLogSink, ProgrammaticInteractor, Session, timestampTaskName } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createHostAgentStack } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const act = (/** @type {string} */ id, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const model = new ScriptedModel({
  replies: [
    {
      observation: 'A calculator and a mail client are open.',
      thought: 'Use the calculator.',
      status: 'ASSIGN',
      function: 'select_application_window',
      arguments: { id: '1', name: 'Calculator' },
      current_subtask: 'Compute 12 × 34',
      plan: ['compute', 'report'],
    },
    {
      observation: 'The calculator shows 0.',
      thought: 'Type 12 × 34 =.',
      action: [act('1'), act('2'), act('5'), act('3'), act('4'), act('6', 'FINISH')],
      result: '408',
      plan: [],
    },
    { observation: 'The subtask finished with 408.', thought: 'Done.', status: 'FINISH', result: '12 × 34 = 408' },
  ],
});
const { desktop, dispatcher } = createFakeDesktopDispatcher();
const events = new EventBus();
events.subscribe((e) => {
  if (e.type === 'transition') say(`  ${e.from} → ${e.to}`);
  if (e.type === 'step-end') say(`step ${e.step}: ${e.agent} ${e.state} → ${e.status}`);
});
const interactor = new ProgrammaticInteractor();
const logSink = new FileLogSink({ logRoot: 'logs', task: `fake-desktop-demo-${timestampTaskName()}` });
const host = createHostAgentStack({ model, dispatcher, interactor, events, logSink });
const session = new Session({ task: 'fake-desktop-demo', request: 'What is 12 times 34?', logSink, dispatcher, interactor, events, startAgent: () => host });

const outcome = await session.run();
await dispatcher.close();

say('\nTrajectory (response.log):');
for (const line of readFileSync(join(logSink.folder, 'response.log'), 'utf8').trim().split('\n')) {
  const step = JSON.parse(line);
  say(
    `  #${step.session_step} ${step.agent} [${step.status}] ${step.thought} ${step.actions.map((/** @type {{representation: string}} */ a) => a.representation).join(', ')}`,
  );
}
say(`\nresult: ${JSON.stringify(outcome.rounds[0]?.result)}  steps: ${outcome.steps}  display: ${desktop.state.display}  logs: ${outcome.logFolder}`);
if (desktop.state.display !== '408' || outcome.rounds[0]?.finalState !== 'FINISH') {
  console.error('demo failed: the calculator does not show 408');
  process.exit(1);
}
