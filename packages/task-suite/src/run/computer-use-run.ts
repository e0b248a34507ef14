import { EventBus, FileLogSink, MemoryLogSink, ProgrammaticInteractor, type ChatModel, type LogSink, type SessionOutcome } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import type { LinuxToolServer } from '@ufo-ts/platform-linux';
import { OperatorSession } from '@ufo-ts/sessions';
import { dispatcherLocate } from '../grounded/screen-locate.js';
import { startScreenGroundedModel, type ScreenGroundedModel } from '../grounded/screen-grounded-model.js';
import type { ComputerUseWire } from '../grounded/screen-wire.js';
import type { DesktopTask, TaskWorkspace } from '../task.js';

/** How a task runs in computer-use mode ({@link RunTaskOptions.computerUse}). */
export interface ComputerUseRunOptions {
  /** The wire format of the reference player's replies (default player only): OpenAI Responses or Anthropic Messages. */
  wire: ComputerUseWire;
  /** The largest display the model is told about (default the engine's 1280×800). */
  maxDisplay?: { width: number; height: number };
}

/** What the computer-use part of a task run needs from the runner. */
export interface ComputerUseRunParts {
  task: DesktopTask;
  ctx: TaskWorkspace;
  linux: LinuxToolServer;
  screen: { width: number; height: number };
  options: ComputerUseRunOptions;
  /** A model of the caller's (it must have a computer tool); default: the reference player over the wire. */
  model?: ChatModel;
  logRoot?: string;
  logName?: string;
  events: EventBus;
  /** Dispatchers made here, for the runner to close. */
  dispatchers: LocalCommandDispatcher[];
}

const route = (agent: string) => ({
  [agent]: {
    default: {
      data_collection: [{ namespace: 'linux', transport: 'in-process' as const, factory: 'linux' }],
      action: [{ namespace: 'linux', transport: 'in-process' as const, factory: 'linux' }],
    },
  },
});

/**
 * Runs a task's session in computer-use mode: an `OperatorSession` (from `@ufo-ts/sessions`) whose model answers through its computer
 * tool (screenshots scaled to the display size, coordinates scaled back), on the task's desktop. By default the
 * model is the task's reference solution played against the live accessibility tree and answered over a local
 * server in `wire`'s format ({@link startScreenGroundedModel}). Gives the session's outcome and the player (when the
 * default one played).
 */
export async function runComputerUseSession(parts: ComputerUseRunParts): Promise<{ outcome: SessionOutcome; played?: ScreenGroundedModel; logSink: LogSink }> {
  const { task, ctx, linux } = parts;
  const make = (agent: string): LocalCommandDispatcher => {
    const d = new LocalCommandDispatcher({ config: route(agent), factories: { linux: () => linux.createServer() } });
    parts.dispatchers.push(d);
    return d;
  };
  const played = parts.model
    ? undefined
    : await startScreenGroundedModel({
        wire: parts.options.wire,
        steps: task.solution(ctx),
        label: task.id,
        screen: parts.screen,
        locate: dispatcherLocate({ dispatcher: make('LinuxAgent') }),
      });
  const logSink: LogSink = parts.logRoot ? new FileLogSink({ logRoot: parts.logRoot, task: parts.logName ?? task.id }) : new MemoryLogSink();
  try {
    const session = new OperatorSession({
      task: task.id,
      request: task.request(ctx),
      models: { OPERATOR: parts.model ?? played!.model },
      dispatcher: make('OperatorAgent'),
      interactor: new ProgrammaticInteractor(),
      events: parts.events,
      logSink,
      platform: 'linux',
      maxSteps: task.maxSteps,
      checkpoint: false,
      ...(parts.options.maxDisplay ? { operator: { maxDisplay: parts.options.maxDisplay } } : {}),
    });
    const outcome = await session.run();
    return { outcome, ...(played ? { played } : {}), logSink };
  } finally {
    await played?.close();
  }
}
