import { createCommand, type Command, type CommandDispatcher, type ExecuteOptions, type Result } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import {
  CommandRunner,
  decodeServerMessage,
  encodeServerMessage,
  ServerMessageSchema,
  WebSocketCommandDispatcher,
  type AipChannel,
  type ServerCommandMessage,
  type ServerMessage,
  type ServerMessageInput,
  type TraceContext,
  type TracedExecuteOptions,
} from '../src/index.js';

const PARENT_A: TraceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=a' };
const PARENT_B: TraceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-01' };
const target = { agent: 'LinuxAgent' };

/** A channel that keeps what is sent, encoded and decoded as on the wire. */
class WireChannel implements AipChannel {
  readonly deviceId = 'wire-device';
  readonly sent: ServerMessage[] = [];
  send(message: ServerMessageInput): void {
    const decoded = decodeServerMessage(encodeServerMessage(message));
    if (!decoded.ok) throw new Error(decoded.error);
    this.sent.push(decoded.message);
  }
}

/** A device dispatcher that records the options of each batch and answers success. */
class RecordingDispatcher implements CommandDispatcher {
  readonly options: TracedExecuteOptions[] = [];
  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    this.options.push(options);
    return commands.map((c) => ({ status: 'success', call_id: c.call_id }));
  }
  async listTools() {
    return [];
  }
  async close() {}
}

describe('W3C trace context over AIP', () => {
  it('a COMMAND carries trace_contexts by action position; the field is optional and checked', () => {
    const base = { type: 'command', session_id: 's', response_id: 'r', agent_name: 'LinuxAgent', actions: [createCommand('a'), createCommand('b')] };
    expect(ServerMessageSchema.parse(base)).not.toHaveProperty('trace_contexts');
    const parsed = ServerMessageSchema.parse({ ...base, trace_contexts: [PARENT_A, null] }) as ServerCommandMessage;
    expect(parsed.trace_contexts).toEqual([PARENT_A, null]);
    expect(ServerMessageSchema.safeParse({ ...base, trace_contexts: [{ traceparent: 'not-a-traceparent' }] }).success).toBe(false);
    expect(ServerMessageSchema.safeParse({ ...base, trace_contexts: [{ traceparent: PARENT_B.traceparent, tracestate: 'x'.repeat(513) }] }).success).toBe(
      false,
    );
  });

  it('WebSocketCommandDispatcher sends TracedExecuteOptions.traceContexts in command order, and nothing without them', async () => {
    const channel = new WireChannel();
    const dispatcher = new WebSocketCommandDispatcher({ channel, sessionId: 's-1', commandTimeoutMs: 60_000 });
    const [a, b, c] = [createCommand('a'), createCommand('b'), createCommand('c')];
    const options: TracedExecuteOptions = {
      target,
      traceContexts: new Map([
        [c.call_id, PARENT_B],
        [a.call_id, PARENT_A],
      ]),
    };
    void dispatcher.execute([a, b, c], options);
    void dispatcher.execute([createCommand('d')], { target });
    const [traced, plain] = channel.sent as ServerCommandMessage[];
    expect(traced!.trace_contexts).toEqual([PARENT_A, null, PARENT_B]);
    expect(plain).not.toHaveProperty('trace_contexts');
    await dispatcher.close();
  });

  it('the device’s CommandRunner hands the received trace contexts to its dispatcher by call_id', async () => {
    const device = new RecordingDispatcher();
    const runner = new CommandRunner(device);
    const [a, b] = [createCommand('a'), createCommand('b')];
    const message = ServerMessageSchema.parse({
      type: 'command',
      session_id: 's',
      response_id: 'r1',
      agent_name: 'LinuxAgent',
      actions: [a, b],
      trace_contexts: [null, PARENT_B],
    }) as ServerCommandMessage;
    await runner.run(message);
    expect([...device.options[0]!.traceContexts!]).toEqual([[b.call_id, PARENT_B]]);
    await runner.run(
      ServerMessageSchema.parse({ type: 'command', session_id: 's', response_id: 'r2', agent_name: 'LinuxAgent', actions: [a] }) as ServerCommandMessage,
    );
    expect(device.options[1]!.traceContexts).toBeUndefined();
  });
});
