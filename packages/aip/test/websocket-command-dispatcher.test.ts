import { createCommand, type Command, type Result } from '@ufo-ts/core';
import { ManualClock } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import {
  AipChannelClosedError,
  ServerMessageSchema,
  WebSocketCommandDispatcher,
  type AipChannel,
  type RemoteDispatcherEvent,
  type ServerCommandMessage,
  type ServerMessage,
  type ServerMessageInput,
} from '../src/index.js';

/** A channel that records what the dispatcher sends (validated like the real one) and can go away. */
class FakeChannel implements AipChannel {
  readonly deviceId = 'fake-device';
  readonly sent: ServerMessage[] = [];
  closed = false;
  private readonly waiters: Array<(m: ServerMessage) => void> = [];

  send(message: ServerMessageInput): void {
    if (this.closed) throw new AipChannelClosedError('fake device is gone');
    const parsed = ServerMessageSchema.parse(message);
    this.sent.push(parsed);
    for (const waiter of this.waiters.splice(0)) waiter(parsed);
  }

  commands(): ServerCommandMessage[] {
    return this.sent.filter((m): m is ServerCommandMessage => m.type === 'command');
  }

  private consumed = 0;

  /** The next COMMAND not returned yet (already sent or still to come). */
  async nextCommand(): Promise<ServerCommandMessage> {
    while (this.commands().length <= this.consumed) await new Promise<ServerMessage>((resolve) => this.waiters.push(resolve));
    return this.commands()[this.consumed++]!;
  }
}

function setup(options: { commandTimeoutMs?: number; graceMs?: number } = {}) {
  const channel = new FakeChannel();
  const events: RemoteDispatcherEvent[] = [];
  const dispatcher = new WebSocketCommandDispatcher({
    channel,
    sessionId: 'sess-1',
    taskName: 'task-1',
    commandTimeoutMs: 1_000,
    graceMs: 100,
    ...options,
    onEvent: (e) => events.push(e),
  });
  return { channel, events, dispatcher };
}

const target = { agent: 'LinuxAgent', root: 'calc', process: 'galculator' };
const ok = (command: Command, result: unknown = 'done'): Result => ({ status: 'success', result, call_id: command.call_id });
const results = (message: ServerCommandMessage, list: Result[]) => ({
  type: 'command_results' as const,
  session_id: message.session_id,
  prev_response_id: message.response_id,
  action_results: list,
});

describe('WebSocketCommandDispatcher', () => {
  it('sends a batch under its ExecuteOptions.commandId (the journal id the device de-duplicates on), every time it is sent', async () => {
    const { channel, dispatcher } = setup();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const command = createCommand('click_input', { id: '1' });
      const pending = dispatcher.execute([command], { target, commandId: 'journal-cmd-1' });
      const sent = await channel.nextCommand();
      expect(sent.response_id).toBe('journal-cmd-1');
      dispatcher.acceptResults(results(sent, [ok(command)]));
      expect(await pending).toEqual([ok(command)]);
    }
    const other = dispatcher.execute([createCommand('click_input', { id: '2' })], { target });
    expect((await channel.nextCommand()).response_id).not.toBe('journal-cmd-1');
    await dispatcher.close();
    await other;
  });

  it('sends one COMMAND per batch with a fresh response id and resolves on the matching results, in command order', async () => {
    const { channel, dispatcher } = setup();
    const commands = [createCommand('click_input', { id: '1' }), createCommand('type_text', { text: 'hi' })];
    const pending = dispatcher.execute(commands, { target, stopOnFailure: true });
    const sent = await channel.nextCommand();
    expect(sent).toMatchObject({
      session_id: 'sess-1',
      task_name: 'task-1',
      agent_name: 'LinuxAgent',
      root_name: 'calc',
      process_name: 'galculator',
      stop_on_failure: true,
      actions: commands,
    });
    // results in a different order are matched by call_id
    expect(dispatcher.acceptResults(results(sent, [ok(commands[1]!, 'typed'), ok(commands[0]!, 'clicked')]))).toBe('resolved');
    expect((await pending).map((r) => r.result)).toEqual(['clicked', 'typed']);
    const second = dispatcher.execute([createCommand('click_input', { id: '2' })], { target });
    expect((await channel.nextCommand()).response_id).not.toBe(sent.response_id);
    expect(dispatcher.pendingCount).toBe(1);
    void second;
    await dispatcher.close();
    expect((await second)[0]).toMatchObject({ status: 'failure', error: expect.stringMatching(/^DISPATCHER_CLOSED/) });
  });

  it('on a ManualClock, the batch deadline fires only when the clock passes it', async () => {
    const clock = new ManualClock();
    const channel = new FakeChannel();
    const dispatcher = new WebSocketCommandDispatcher({ channel, sessionId: 'sess-1', commandTimeoutMs: 40, graceMs: 10, clock });
    const command = createCommand('click_input', { id: '1' });
    let settled: Result[] | undefined;
    const pending = dispatcher.execute([command], { target }).then((r) => (settled = r));
    await channel.nextCommand();
    // far past the 50 ms deadline in real time, and 1 ms before it on the clock
    await new Promise((resolve) => setTimeout(resolve, 150));
    clock.advance(49);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBeUndefined();
    expect(dispatcher.pendingCount).toBe(1);
    clock.advance(1);
    const [result] = await pending;
    expect(result).toMatchObject({ status: 'failure', code: 'COMMAND_TIMEOUT', error: expect.stringContaining('COMMAND_TIMEOUT') });
    expect(channel.sent.at(-1)).toMatchObject({ type: 'cancel' });
  });

  it('fails a batch that gets no results at its deadline, tells the device to cancel it, and ignores late results', async () => {
    const { channel, dispatcher, events } = setup({ commandTimeoutMs: 100, graceMs: 50 });
    const commands = [createCommand('a'), createCommand('b', {}, 'action', { timeoutMs: 200 })];
    const started = Date.now();
    const pending = dispatcher.execute(commands, { target });
    const sent = await channel.nextCommand();
    const out = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(340);
    expect(out.map((r) => r.error)).toEqual([
      expect.stringMatching(/^COMMAND_TIMEOUT: device fake-device sent no results within 350 ms/),
      expect.stringMatching(/^COMMAND_TIMEOUT/),
    ]);
    expect(channel.sent.at(-1)).toMatchObject({ type: 'cancel', session_id: 'sess-1', response_id: sent.response_id });
    expect(
      dispatcher.acceptResults(
        results(
          sent,
          commands.map((c) => ok(c)),
        ),
      ),
    ).toBe('late');
    expect(events.map((e) => e.type)).toEqual(['command-timeout', 'results-ignored']);
  });

  it('a disconnected device fails its pending commands at once, and every later one', async () => {
    const { channel, dispatcher } = setup({ commandTimeoutMs: 60_000 });
    const pending = dispatcher.execute([createCommand('slow')], { target });
    const sent = await channel.nextCommand();
    const started = Date.now();
    dispatcher.disconnect('device fake-device disconnected during the task');
    const [result] = await pending;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({
      status: 'failure',
      code: 'DEVICE_DISCONNECTED',
      error: 'DEVICE_DISCONNECTED: device fake-device disconnected during the task',
    });
    expect(dispatcher.acceptResults(results(sent, [ok(sent.actions[0]!)]))).toBe('late');
    const [later] = await dispatcher.execute([createCommand('next')], { target });
    expect(later!.error).toMatch(/^DEVICE_DISCONNECTED/);
    expect(later!.code).toBe('DEVICE_DISCONNECTED');
    expect(channel.commands()).toHaveLength(1);
  });

  it('a channel that cannot send fails the batch immediately instead of waiting', async () => {
    const { channel, dispatcher, events } = setup({ commandTimeoutMs: 60_000 });
    channel.closed = true;
    const [result] = await dispatcher.execute([createCommand('x')], { target });
    expect(result).toMatchObject({ status: 'failure', error: expect.stringMatching(/^AIP_CHANNEL_CLOSED: fake device is gone/) });
    expect(events[0]).toMatchObject({ type: 'send-failed' });
    expect(dispatcher.pendingCount).toBe(0);
  });

  it('cancel() and an aborted signal fail pending commands with COMMAND_ABORTED and tell the device', async () => {
    const { channel, dispatcher } = setup({ commandTimeoutMs: 60_000 });
    const controller = new AbortController();
    const viaSignal = dispatcher.execute([createCommand('one')], { target, signal: controller.signal });
    const first = await channel.nextCommand();
    controller.abort(new Error('step cancelled'));
    expect((await viaSignal)[0]!.error).toBe('COMMAND_ABORTED: aborted: step cancelled');
    expect(channel.sent.at(-1)).toMatchObject({ type: 'cancel', response_id: first.response_id });

    const viaCancel = dispatcher.execute([createCommand('two')], { target });
    const second = await channel.nextCommand();
    dispatcher.cancel('the user cancelled the task');
    expect((await viaCancel)[0]!.error).toBe('COMMAND_ABORTED: the user cancelled the task');
    expect(channel.sent.at(-1)).toMatchObject({ type: 'cancel', response_id: second.response_id, reason: 'the user cancelled the task' });
    expect((await dispatcher.execute([createCommand('three')], { target }))[0]!.error).toMatch(/^COMMAND_ABORTED/);
  });

  it('duplicate, unknown and incomplete results are handled and reported', async () => {
    const { channel, dispatcher, events } = setup();
    const commands = [createCommand('a'), createCommand('b')];
    const pending = dispatcher.execute(commands, { target });
    const sent = await channel.nextCommand();
    const answer = results(sent, [ok(commands[0]!), { status: 'success', call_id: 'stranger' }]);
    expect(dispatcher.acceptResults(answer)).toBe('resolved');
    expect(dispatcher.acceptResults(answer)).toBe('duplicate');
    expect(dispatcher.acceptResults({ ...answer, prev_response_id: 'never-sent' })).toBe('unknown');
    const out = await pending;
    expect(out[0]!.status).toBe('success');
    expect(out[1]).toMatchObject({
      status: 'failure',
      code: 'RESULT_MISSING',
      error: 'RESULT_MISSING: device fake-device sent no result for this command',
      call_id: commands[1]!.call_id,
    });
    expect(events).toEqual([
      { type: 'results-mismatch', sessionId: 'sess-1', responseId: sent.response_id, missing: [commands[1]!.call_id], unexpected: ['stranger'] },
      { type: 'results-ignored', reason: 'duplicate', sessionId: 'sess-1', responseId: sent.response_id },
      { type: 'results-ignored', reason: 'unknown', sessionId: 'sess-1', responseId: 'never-sent' },
    ]);
  });

  it('an invalid command fails alone; an empty batch sends nothing', async () => {
    const { channel, dispatcher } = setup();
    expect(await dispatcher.execute([], { target })).toEqual([]);
    const good = createCommand('fine');
    const pending = dispatcher.execute([{ tool_name: '', tool_type: 'action', call_id: 'bad', parameters: {} }, good], { target });
    const sent = await channel.nextCommand();
    expect(sent.actions).toEqual([good]);
    dispatcher.acceptResults(results(sent, [ok(good)]));
    const out = await pending;
    expect(out[0]).toMatchObject({ status: 'failure', call_id: 'bad', error: expect.stringMatching(/^COMMAND_INVALID/) });
    expect(out[1]).toMatchObject({ status: 'success', call_id: good.call_id });
  });

  it('lists the device tools through the list_tools meta command', async () => {
    const { channel, dispatcher } = setup();
    const listing = dispatcher.listTools({ target, toolType: 'action' });
    const sent = await channel.nextCommand();
    expect(sent.actions[0]).toMatchObject({ tool_name: 'list_tools', parameters: { tool_type: 'action' } });
    const tools = [
      { name: 'click_input', description: 'clicks', input_schema: { type: 'object' }, tool_type: 'action', namespace: 'ui' },
      { name: 'screenshot', description: '', input_schema: { type: 'object' }, tool_type: 'data_collection', namespace: 'ui' },
    ];
    dispatcher.acceptResults(results(sent, [{ status: 'success', result: tools, call_id: sent.actions[0]!.call_id }]));
    expect((await listing).map((t) => t.name)).toEqual(['click_input']);

    const failing = dispatcher.listTools({ target });
    const again = await channel.nextCommand();
    dispatcher.acceptResults(results(again, [{ status: 'failure', error: 'AGENT_UNKNOWN: no servers', call_id: again.actions[0]!.call_id }]));
    await expect(failing).rejects.toThrow(/could not list its tools: AGENT_UNKNOWN/);
  });
});
