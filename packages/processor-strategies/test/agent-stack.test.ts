import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { createHostAgentStack, NATIVE_TOOL_FEATURES, toNativeReplies } from '../src/index.js';

describe('createHostAgentStack', () => {
  it('gives the AppAgents their own model (APP_AGENT) when appModel is set; the host keeps its own', async () => {
    const { dispatcher, desktop } = createFakeDesktopDispatcher();
    const hostModel = new ScriptedModel({
      modelId: 'host-model',
      replies: [
        {
          observation: 'o',
          thought: 't',
          status: 'ASSIGN',
          function: 'select_application_window',
          arguments: { id: '1', name: 'Calculator' },
          current_subtask: 'press 3',
        },
        { observation: 'o', thought: 't', status: 'FINISH', result: 'pressed' },
      ],
    });
    const appModel = new ScriptedModel({
      modelId: 'app-model',
      replies: [{ observation: 'o', thought: 't', action: { function: 'click_input', arguments: { id: '3' }, status: 'FINISH' }, result: '3' }],
    });
    const interactor = new ProgrammaticInteractor();
    const logSink = new MemoryLogSink();
    const events = new EventBus();
    const host = createHostAgentStack({ model: hostModel, appModel, dispatcher, interactor, events, logSink });
    const session = new Session({ task: 't', request: 'press 3', logSink, interactor, events, dispatcher, startAgent: () => host });
    const outcome = await session.run();
    await dispatcher.close();
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'pressed' });
    expect(hostModel.calls).toHaveLength(2);
    expect(appModel.calls).toHaveLength(1);
    expect(desktop.state.display).toBe('3');
    expect(logSink.lines.response?.map((l) => [(l as { agent: string }).agent, (l as { model?: string }).model])).toEqual([
      ['HostAgent', 'host-model'],
      ['AppAgent/calc', 'app-model'],
      ['HostAgent', 'host-model'],
    ]);
  });

  it('with toolMode auto each agent asks its own model its way: a text-only host, an app model with native tools', async () => {
    const { dispatcher, desktop } = createFakeDesktopDispatcher();
    const hostModel = new ScriptedModel({
      replies: [
        {
          observation: 'o',
          thought: 't',
          status: 'ASSIGN',
          function: 'select_application_window',
          arguments: { id: '1', name: 'Calculator' },
          current_subtask: 'press 3',
        },
        { observation: 'o', thought: 't', status: 'FINISH', result: 'pressed' },
      ],
    });
    const appModel = new ScriptedModel({
      features: NATIVE_TOOL_FEATURES,
      replies: toNativeReplies([
        { observation: 'o', thought: 't', action: { function: 'click_input', arguments: { id: '3' }, status: 'FINISH' }, result: '3' },
      ]),
    });
    const interactor = new ProgrammaticInteractor();
    const logSink = new MemoryLogSink();
    const events = new EventBus();
    const host = createHostAgentStack({ model: hostModel, appModel, dispatcher, interactor, events, logSink, toolMode: 'auto' });
    const outcome = await new Session({ task: 't', request: 'press 3', logSink, interactor, events, dispatcher, startAgent: () => host }).run();
    await dispatcher.close();
    expect(outcome.rounds[0]).toMatchObject({ finalState: 'FINISH', result: 'pressed' });
    expect(desktop.state.display).toBe('3');
    expect(hostModel.calls.map((c) => c.tools)).toEqual([undefined, undefined]);
    expect(appModel.calls[0]!.tools?.length).toBeGreaterThan(1);
  });
});
