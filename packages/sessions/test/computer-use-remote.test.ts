import type { AddressInfo } from 'node:net';
import { AIP_PROTOCOL_VERSION, ClientMessageSchema, DeviceClient, WebSocketCommandDispatcher } from '@ufo-ts/aip';
import { ProgrammaticInteractor, type ContentPart, type ToolCall } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { OperatorSession } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { perTestCleanup } from './helpers.js';

const { dirs, defer } = perTestCleanup();

const computer = (id: string, args: Record<string, unknown>): ToolCall => ({ id, type: 'computer', name: 'computer', arguments: args });

/**
 * The server end of the remote device path on 127.0.0.1: it accepts the device's REGISTER and gives a
 * WebSocketCommandDispatcher bound to that connection, fed with the device's COMMAND_RESULTS.
 */
async function startDeviceEndpoint(sessionId: string) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const dispatcher = new Promise<WebSocketCommandDispatcher>((resolve) => {
    wss.on('connection', (socket: WebSocket) => {
      const remote = new WebSocketCommandDispatcher({
        channel: { deviceId: 'operator-device', send: (m) => socket.send(JSON.stringify(m)) },
        sessionId,
        taskName: 'remote-computer-use',
      });
      socket.on('message', (data) => {
        const message = ClientMessageSchema.parse(JSON.parse(data.toString()));
        if (message.type === 'register') {
          socket.send(
            JSON.stringify({
              type: 'heartbeat',
              status: 'ok',
              response_id: message.request_id,
              protocol_version: AIP_PROTOCOL_VERSION,
              heartbeat_interval_ms: 30_000,
            }),
          );
          resolve(remote);
        } else if (message.type === 'heartbeat') socket.send(JSON.stringify({ type: 'heartbeat', status: 'ok' }));
        else if (message.type === 'command_results') remote.acceptResults(message);
      });
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    dispatcher,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

describe('the computer-use operator on the remote device path', () => {
  it('every screenshot and scaled action crosses the AIP WebSocket to the device, OpenAI-style actions included', async () => {
    const screen = new FakeScreen({ width: 2560, height: 1600 });
    const endpoint = await startDeviceEndpoint('remote-computer-use-session');
    defer(() => endpoint.close());
    const client = new DeviceClient({
      serverUrl: endpoint.url,
      apiKey: 'test-key',
      clientId: 'operator-device',
      platform: 'linux',
      dispatcher: screen.dispatcher(),
      closeDispatcherOnStop: true,
    });
    await client.start();
    defer(() => client.stop());
    const dispatcher = await endpoint.dispatcher;

    const model = new ScriptedModel({
      replies: [
        { content: '', toolCalls: [computer('cu_1', { type: 'click', x: 640, y: 400, button: 'left' })] },
        { content: '', toolCalls: [computer('cu_2', { type: 'keypress', keys: ['ENTER'] }), computer('cu_3', { type: 'type', text: 'hi' })] },
        { content: 'Typed hi.' },
      ],
      features: { toolCalls: true, parallelToolCalls: false, strictSchema: false, computerTool: 'openai' },
    });
    const outcome = await new OperatorSession({
      task: 'remote-computer-use',
      logRoot: dirs.make(),
      request: 'Press Enter and type hi.',
      models: { OPERATOR: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
    }).run();

    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'Typed hi.' }]);
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
