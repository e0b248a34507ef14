import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { createHostAgentStack, createLinuxAgent } from '../src/index.js';
import { scriptedModelFor, TOOL_MODES, type TestToolMode } from './tool-modes.js';

function run(replies: ConstructorParameters<typeof ScriptedModel>[0]['replies'], opts: { linux?: boolean; maxSteps?: number; mode?: TestToolMode } = {}) {
  const { desktop, dispatcher } = createFakeDesktopDispatcher();
  const model = scriptedModelFor(opts.mode ?? 'text', replies);
  const interactor = new ProgrammaticInteractor();
  const logSink = new MemoryLogSink();
  const events = new EventBus();
  const services = { model, dispatcher, interactor, events, logSink };
  const agent = opts.linux ? createLinuxAgent({ ...services, toolMode: 'auto' }) : createHostAgentStack({ ...services, toolMode: 'auto' });
  const session = new Session({
    task: 't',
    request: 'do it',
    logSink,
    interactor,
    events,
    dispatcher,
    ...(opts.maxSteps ? { maxSteps: opts.maxSteps } : {}),
    startAgent: () => (agent.reset(), agent),
  });
  return { session, desktop, dispatcher, logSink, model };
}

describe.each(TOOL_MODES)('engine failure paths (%s tool mode)', (mode) => {
  it('a malformed model reply ends the round in ERROR with the cause in response.log and the round result', async () => {
    // Native tool mode re-asks once (a tool result for each call and the problems), so the model answers twice.
    const malformed = 'I think I will click somewhere, no JSON today';
    const { session, dispatcher, logSink } = run(mode === 'native' ? [malformed, malformed] : [malformed], { mode });
    const outcome = await session.run();
    await dispatcher.close();
    expect(outcome.error).toBe(true);
    // the reply's own code, not the strategy's wrapper (STRATEGY_FAILED), is what a program matches on
    expect(outcome.rounds[0]).toMatchObject({
      finalState: 'ERROR',
      result: { error: expect.stringContaining(mode === 'native' ? 'the reply has no tool call' : 'no parseable JSON'), code: 'MODEL_REPLY_INVALID' },
    });
    expect(outcome.steps).toBe(1);
    expect(logSink.lines.response).toEqual([
      expect.objectContaining({
        agent: 'HostAgent',
        status: 'ERROR',
        error: expect.objectContaining({ code: 'MODEL_REPLY_INVALID', phase: 'LLM_INTERACTION' }),
      }),
    ]);
  });

  it('a reply with a status outside the schema is rejected, never a nameless state', async () => {
    const { session, dispatcher } = run([{ observation: 'o', thought: 't', status: 'DONE_I_GUESS' }], { mode });
    const outcome = await session.run();
    await dispatcher.close();
    expect(outcome.rounds[0]?.finalState).toBe('ERROR');
  });

  it('MAX_STEP caps the whole session', async () => {
    const loop = Array.from({ length: 5 }, () => ({
      observation: 'o',
      thought: 't',
      action: { function: 'capture_desktop_screenshot', arguments: {}, status: 'CONTINUE' },
    }));
    const { session, dispatcher, model } = run(loop, { linux: true, maxSteps: 3, mode });
    const outcome = await session.run();
    await dispatcher.close();
    expect(outcome.steps).toBe(3);
    expect(model.calls).toHaveLength(3);
    expect(outcome.rounds[0]?.finalState).toBe('MAX_STEP');
  });

  it('the LinuxAgent runs single-tier and its result becomes the round result', async () => {
    const { session, dispatcher, desktop } = run(
      [
        { observation: 'o', thought: 't', action: { function: 'select_application_window', arguments: { id: '0x3a00004' }, status: 'CONTINUE' } },
        {
          observation: 'o',
          thought: 't',
          action: [
            { function: 'click_input', arguments: { id: '1' }, status: 'CONTINUE' },
            { function: 'click_input', arguments: { id: '6' }, status: 'FINISH' },
          ],
          result: 'done: 0',
        },
      ],
      { linux: true, mode },
    );
    const outcome = await session.run();
    await dispatcher.close();
    expect(outcome.rounds[0]).toEqual({ request: 'do it', result: 'done: 0', finalState: 'FINISH' });
    expect(desktop.state.calls).toContain('click_input');
  });
});
