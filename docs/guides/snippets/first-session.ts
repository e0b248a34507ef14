// Getting started: a first session on the fake desktop (@ufo-ts/testkit), with a scripted model. Run by the docs
// test (scripts/docs/docs.test.mjs), which fails when the calculator does not show 408.
// #region first-session
import { EventBus, FileLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

// The model: two scripted replies in the LinuxAgent's reply format (observation, thought, action).
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const model = new ScriptedModel({
  replies: [
    {
      observation: 'A calculator and a mail client.',
      thought: 'Open the calculator.',
      action: { function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' } },
    },
    {
      observation: 'The calculator shows 0.',
      thought: 'Type 12 × 34 =.',
      action: [click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')],
      result: '408',
    },
  ],
});

// The machine: an in-memory desktop served as a real MCP tool server, behind a LocalCommandDispatcher.
const { desktop, dispatcher } = createFakeDesktopDispatcher();

const events = new EventBus();
events.subscribe((e) => {
  if (e.type === 'step-end') console.log(`step ${e.step}: ${e.agent} → ${e.status}`);
});
const interactor = new ProgrammaticInteractor();
const logSink = new FileLogSink({ logRoot: 'logs', task: 'first-session' });
const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink });
const session = new Session({
  task: 'first-session',
  request: 'What is 12 times 34?',
  logSink,
  dispatcher,
  interactor,
  events,
  startAgent: () => agent,
});

const outcome = await session.run();
await dispatcher.close();
console.log(outcome.rounds[0]?.result, desktop.state.display, outcome.logFolder);
// #endregion first-session
if (desktop.state.display !== '408') throw new Error(`the calculator shows ${desktop.state.display}, not 408`);
