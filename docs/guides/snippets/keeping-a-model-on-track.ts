// Imperfect models: the engine's progress monitor, batch validation and finish check on a small notes app (an MCP
// tool server whose Save button is disabled until a name is typed). Run by the docs test, which fails when the
// monitor does not stop the stubborn model with NO_PROGRESS (disabled), or a FINISH with a failing check stands.
// #region app
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { UfoError } from '@ufo-ts/core';
import { solidPngDataUrl } from '@ufo-ts/testkit';
import { z } from 'zod';

/** The app: a "Name" field and a "Save" button that stays disabled while the field is empty. */
const notes = { name: '', saved: false };
const effect = (changed: boolean, change: string) => ({ effect: { changed, changes: changed ? [change] : ['no visible change'] } });
const shot = (name: string) =>
  defineTool({
    name,
    description: 'Screenshot.',
    toolType: 'data_collection',
    input: z.object({}),
    handler: () => ({ image: solidPngDataUrl(4, 3, [240, 240, 240]) }),
  });

const server = () =>
  createToolServer({
    name: 'notes',
    tools: [
      shot('capture_desktop_screenshot'),
      shot('capture_window_screenshot'),
      shot('capture_annotated_screenshot'),
      defineTool({
        name: 'get_desktop_app_target_info',
        description: 'Windows.',
        toolType: 'data_collection',
        input: z.object({}),
        handler: () => ({ windows: [{ id: 'w1', name: 'Notes' }] }),
      }),
      defineTool({
        name: 'get_app_window_controls_target_info',
        description: 'Controls.',
        toolType: 'data_collection',
        input: z.object({}),
        handler: () => ({
          controls: [
            { id: 'c1', name: 'Name', type: 'text', text: notes.name, states: ['editable'] },
            { id: 'c2', name: 'Save', type: 'push button', states: notes.name ? [] : ['disabled'] },
          ],
        }),
      }),
      // Action tools report what they changed, as the platform tools do: `effect: { changed, changes }`.
      defineTool({
        name: 'click_input',
        description: 'Click a control by id.',
        input: z.object({ id: z.string(), name: z.string().default('') }),
        handler: ({ id }) => {
          if (id !== 'c2') return effect(false, '');
          if (!notes.name) throw new UfoError('CONTROL_DISABLED', 'the Save button stayed disabled');
          notes.saved = true;
          return effect(true, 'saved');
        },
      }),
      defineTool({
        name: 'type_text',
        description: 'Type into a control by id.',
        input: z.object({ text: z.string(), id: z.string().default('') }),
        handler: ({ text, id }) => (id === 'c1' ? ((notes.name += text), effect(true, 'c1 text changed')) : effect(false, '')),
      }),
    ],
  });
const servers = {
  data_collection: [{ namespace: 'notes', transport: 'in-process' as const, factory: 'notes' }],
  action: [{ namespace: 'notes', transport: 'in-process' as const, factory: 'notes' }],
};
const newDispatcher = () => new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { notes: server } });
// #endregion app

// #region monitor
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, isNoProgressResult, type ChatModel } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createLinuxAgent, type AppProcessorOptions } from '@ufo-ts/processor-strategies';

const act = (fn: string, args: Record<string, unknown>) => ({
  observation: 'the notes app',
  thought: 'go on',
  action: [{ function: fn, arguments: args }],
  status: 'CONTINUE',
});
const finish = { observation: 'saved', thought: 'done', action: [], status: 'FINISH' };

/** Runs one session of the LinuxAgent with `model` and the given processor options. */
async function runNotes(model: ChatModel, linux: AppProcessorOptions) {
  const dispatcher = newDispatcher();
  const events = new EventBus();
  events.subscribe((e) => {
    if (e.type === 'no-progress') console.log(`step ${e.step}: ${e.detection} (${e.cause}) → ${e.level}`);
    if (e.type === 'finish-check') console.log(`step ${e.step}: finish check ${e.passed ? 'passed' : `failed: ${e.reason}`}`);
  });
  const interactor = new ProgrammaticInteractor();
  const logSink = new MemoryLogSink();
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, linux });
  const session = new Session({
    task: 'notes',
    request: 'Save a note named "todo".',
    logSink,
    dispatcher,
    interactor,
    events,
    maxSteps: 12,
    startAgent: () => agent,
  });
  try {
    return await session.run();
  } finally {
    await dispatcher.close();
  }
}

// A stubborn model clicks the disabled Save button again and again. In `enforce` mode the engine tells it after the
// first click, reads the screen again after the second and ends the round after the third.
const stubborn = new ScriptedModel({ replies: Array.from({ length: 10 }, () => act('click_input', { id: 'c2', name: 'Save' })) });
const stopped = await runNotes(stubborn, { progress: { mode: 'enforce' } });
const result = stopped.rounds[0]?.result;
console.log(stopped.rounds[0]?.finalState, result); // FAIL { error: 'NO_PROGRESS', detection: 'repeated_no_effect', cause: 'disabled', ... }
// #endregion monitor
if (!isNoProgressResult(result) || result.cause !== 'disabled' || stubborn.calls.length !== 3)
  throw new Error(`the monitor did not stop the stubborn model: ${JSON.stringify(result)}`);
if (!JSON.stringify(stubborn.calls[1]?.messages).includes('<Progress check:>')) throw new Error('the second prompt does not tell the model');

// #region finish-check
// A premature model says FINISH before it saved. The finish check reads the app's real state: the FINISH goes back
// to the model once, with the reason, and the model does what is missing.
const premature = new ScriptedModel({
  replies: [act('type_text', { id: 'c1', text: 'todo' }), finish, act('click_input', { id: 'c2', name: 'Save' }), finish],
});
const checked = await runNotes(premature, {
  finishCheck: async () => (notes.saved ? { passed: true, reason: 'the note is saved' } : { passed: false, reason: 'the note is not saved yet' }),
});
console.log(checked.rounds[0]?.finalState, notes); // FINISH { name: 'todo', saved: true }
// #endregion finish-check
if (!notes.saved || premature.calls.length !== 4) throw new Error(`the finish check did not send the early FINISH back: ${JSON.stringify(notes)}`);
export {};
