import type { ChatModel, ChatRequest, ChatResponse, Command, CommandDispatcher, ExecuteOptions, ListToolsOptions } from '@ufo-ts/core';
import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import { createLinuxAgent } from '../src/index.js';
import { scriptedModelFor, TOOL_MODES, type TestToolMode } from './tool-modes.js';

/** Holds each call until `release()`; an aborted signal rejects the held call with the signal's reason. */
class GatedModel implements ChatModel {
  readonly provider = 'gated';
  readonly modelId = 'gated';
  readonly signals: Array<AbortSignal | undefined> = [];
  private opened!: () => void;
  private gate = new Promise<void>((resolve) => (this.opened = resolve));
  private entered!: () => void;
  /** Resolves when the first call is in flight. */
  readonly inFlight = new Promise<void>((resolve) => (this.entered = resolve));

  constructor(private readonly inner: ChatModel) {}

  get features() {
    return this.inner.features;
  }

  release(): void {
    this.opened();
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.signals.push(request.signal);
    this.entered();
    await new Promise<void>((resolve, reject) => {
      void this.gate.then(resolve);
      request.signal?.addEventListener('abort', () => reject(request.signal!.reason), { once: true });
    });
    return this.inner.complete({ ...request, signal: undefined });
  }
}

/** Records the signal of every dispatcher call. */
class RecordingDispatcher implements CommandDispatcher {
  readonly signals: Array<AbortSignal | undefined> = [];
  constructor(private readonly inner: CommandDispatcher) {}
  execute(commands: readonly Command[], options: ExecuteOptions) {
    this.signals.push(options.signal);
    return this.inner.execute(commands, options);
  }
  listTools(options: ListToolsOptions) {
    this.signals.push(options.signal);
    return this.inner.listTools(options);
  }
  close() {
    return this.inner.close();
  }
}

const clickAndContinue = {
  observation: 'o',
  thought: 't',
  action: { function: 'select_application_window', arguments: { id: '0x3a00004' }, status: 'CONTINUE' },
};

function setup(mode: TestToolMode) {
  const fake = createFakeDesktopDispatcher();
  const dispatcher = new RecordingDispatcher(fake.dispatcher);
  const model = new GatedModel(scriptedModelFor(mode, [clickAndContinue, clickAndContinue]));
  const interactor = new ProgrammaticInteractor();
  const logSink = new MemoryLogSink();
  const events = new EventBus();
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, toolMode: 'auto' });
  const session = new Session({ task: 't', request: 'open the calculator', logSink, interactor, events, dispatcher, startAgent: () => agent });
  return { session, model, dispatcher, logSink, desktop: fake.desktop };
}

describe.each(TOOL_MODES)('cancelling a session (%s tool mode)', (mode) => {
  it('abortNow() aborts the model call in flight: the step fails and the round ends CANCELLED', async () => {
    const { session, model, dispatcher, logSink, desktop } = setup(mode);
    const running = session.run();
    await model.inFlight;
    session.abortNow('stop now');
    const outcome = await running;
    await dispatcher.close();
    expect(model.signals[0]?.aborted).toBe(true);
    expect(outcome.rounds[0]?.finalState).toBe('CANCELLED');
    expect(desktop.state.calls).not.toContain('select_application_window');
    expect(logSink.lines.response).toEqual([expect.objectContaining({ status: 'ERROR' })]);
    // Every tool call of the step carried the same hard-cancel signal.
    expect(dispatcher.signals.length).toBeGreaterThan(0);
    expect(dispatcher.signals.every((s) => s === session.stepSignal)).toBe(true);
  });

  it('cancel() lets the step in flight finish (its action runs) and stops before the next step', async () => {
    const { session, model, dispatcher, logSink, desktop } = setup(mode);
    const running = session.run();
    await model.inFlight;
    session.cancel('stop after this step');
    model.release();
    const outcome = await running;
    await dispatcher.close();
    expect(model.signals).toHaveLength(1);
    expect(logSink.lines.response[0]?.tool_calls === undefined).toBe(mode === 'text');
    expect(model.signals[0]?.aborted).toBe(false);
    expect(desktop.state.selected).toBe('0x3a00004');
    expect(outcome.rounds[0]?.finalState).toBe('CANCELLED');
    expect(logSink.lines.response).toEqual([expect.objectContaining({ status: 'CONTINUE' })]);
  });
});
