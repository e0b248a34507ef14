import { Blackboard } from '@ufo-ts/agent-fsm';
import { DeviceClient } from '@ufo-ts/aip';
import { FileLogSink, ProgrammaticInteractor, Session, type ContentPart, type ToolCall } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import { createUfoServer } from '@ufo-ts/server';
import { describe, expect, it } from 'vitest';
import { createComputerUseProcessor, OperatorAgent } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { perTestCleanup } from './helpers.js';

const { dirs, defer } = perTestCleanup();

const computer = (id: string, args: Record<string, unknown>): ToolCall => ({ id, type: 'computer', name: 'computer', arguments: args });

describe('the computer-use operator on the remote device path', () => {
  it('every screenshot and scaled action crosses the AIP WebSocket to the device, OpenAI-style actions included', async () => {
    const screen = new FakeScreen({ width: 2560, height: 1600 });
    const model = new ScriptedModel({
      replies: [
        { content: '', toolCalls: [computer('cu_1', { type: 'click', x: 640, y: 400, button: 'left' })] },
        { content: '', toolCalls: [computer('cu_2', { type: 'keypress', keys: ['ENTER'] }), computer('cu_3', { type: 'type', text: 'hi' })] },
        { content: 'Typed hi.' },
      ],
      features: { toolCalls: true, parallelToolCalls: false, strictSchema: false, computerTool: 'openai' },
    });
    const server = createUfoServer({
      port: 0,
      logRoot: dirs.make(),
      createSession: (input) => {
        const logSink = input.wrapLogSink(new FileLogSink({ logRoot: input.logRoot, task: input.taskName }));
        const interactor = new ProgrammaticInteractor();
        const agent = new OperatorAgent({
          name: 'OperatorAgent',
          model,
          dispatcher: input.dispatcher,
          interactor,
          events: input.events,
          logSink,
          processor: createComputerUseProcessor(),
          blackboard: new Blackboard(),
        });
        return new Session({ id: input.sessionId, task: input.taskName, request: input.request, logSink, dispatcher: input.dispatcher, interactor, events: input.events, maxSteps: 10, startAgent: () => agent });
      },
    });
    const address = await server.start();
    defer(() => server.stop());
    const client = new DeviceClient({ serverUrl: address.wsUrl, apiKey: server.apiKey, clientId: 'operator-device', platform: 'linux', dispatcher: screen.dispatcher(), closeDispatcherOnStop: true });
    await client.start();
    defer(() => client.stop());

    const task = await client.requestTask({ request: 'Press Enter and type hi.', taskName: 'remote-computer-use' });
    const end = await task.done;
    expect(end).toMatchObject({ status: 'completed', result: [{ finalState: 'FINISH', result: 'Typed hi.' }] });
    // 2560×1600 is shown as 1280×800: the click at (640, 400) lands at (1280, 800) on the device's screen
    expect(screen.calls).toEqual([
      { tool: 'click_on_coordinates', args: { x: 1280, y: 800, coordinate_type: 'absolute', button: 'left', double: false } },
      { tool: 'keyboard_input', args: { keys: 'Return' } },
      { tool: 'type_text', args: { text: 'hi' } },
    ]);
    expect(screen.screenshots).toBe(4);
    const results = model.calls[2]!.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.toolCallId)).toEqual(['cu_1', 'cu_2', 'cu_3']);
    for (const message of results) {
      const image = (message.content as ContentPart[]).find((p) => p.type === 'image');
      expect(image && image.type === 'image' ? pngSize(fromPngDataUrl(image.image)) : undefined).toEqual({ width: 1280, height: 800 });
    }
  });
});
