import { WebSocketCommandDispatcher, type Platform } from '@ufo-ts/aip';
import {
  DEFAULT_LOG_ROOT,
  EventBus,
  FileLogSink,
  ProgrammaticInteractor,
  Session,
  type ChatModel,
  type Clock,
  type CommandDispatcher,
  type LogSink,
  type ProgrammaticInteractorOptions,
} from '@ufo-ts/core';
import { createHostAgentStack, createLinuxAgent } from '@ufo-ts/processor-strategies';
import { PlatformUnsupportedError } from '../errors.js';
import { claimTaskLogFolder } from './task-log-folder.js';

/** The agent kind a platform's sessions run (linux → LinuxAgent single tier, windows → HostAgent stack). */
export function agentKindForPlatform(platform: Platform | string): 'LinuxAgent' | 'HostAgent' {
  if (platform === 'linux') return 'LinuxAgent';
  if (platform === 'windows') return 'HostAgent';
  throw new PlatformUnsupportedError(platform);
}

/** Options of {@link ServiceSession}. */
export interface ServiceSessionOptions {
  /** Session id (shared with the device in every message). */
  sessionId: string;
  /** Task name; the log folder is `<logRoot>/<cleaned task name>-<hash of task name and session id>`, owned by the session. */
  taskName: string;
  /** The user request of the (single) round. */
  request: string;
  /** The device the session runs on. */
  clientId: string;
  /** The device's platform; it selects the agent kind. */
  platform: Platform | string;
  /** The remote dispatcher bound to the device and this session (possibly behind a policy or instruments). */
  dispatcher: CommandDispatcher;
  /** The device's own dispatcher, whose commands in flight a cancel fails (default `dispatcher`, when it is one). */
  remote?: WebSocketCommandDispatcher;
  /** The model the agents think with. */
  model: ChatModel;
  /** Root folder of the per-task log folders (default `logs`). Ignored when `logSink` is given. */
  logRoot?: string;
  /** Where logs go (default: a FileLogSink under `logRoot`). */
  logSink?: LogSink;
  events?: EventBus;
  clock?: Clock;
  /** Session-wide step cap (default 50). */
  maxSteps?: number;
  /**
   * Answers for PENDING questions and CONFIRM decisions: nobody sits at a server's console (the original prompted
   * there and blocked). Default: questions get '' and sensitive actions are rejected.
   */
  interactor?: Pick<ProgrammaticInteractorOptions, 'answers' | 'confirm'>;
  /** Ask before actions marked CONFIRM (default true). */
  safeGuard?: boolean;
}

/**
 * A {@link Session} that runs one request against a remote device: exactly a local session, except that its
 * dispatcher is the device's {@link WebSocketCommandDispatcher}. Cancelling it also fails the commands in flight
 * and tells the device to stop them. The server's built-in sessions do not use it (they are built by the task
 * lifecycle for every approval mode); it is the building block of a custom `createSession` factory.
 */
export class ServiceSession extends Session {
  readonly taskName: string;
  readonly clientId: string;
  readonly platform: string;
  readonly remoteDispatcher: WebSocketCommandDispatcher | undefined;
  readonly logSink: LogSink;

  /** @throws PlatformUnsupportedError when the platform has no agent kind. */
  constructor(options: ServiceSessionOptions) {
    const kind = agentKindForPlatform(options.platform);
    const logRoot = options.logRoot ?? DEFAULT_LOG_ROOT;
    const logSink = options.logSink ?? new FileLogSink({ logRoot, task: claimTaskLogFolder(logRoot, options.taskName, options.sessionId) });
    const events = options.events ?? new EventBus();
    const interactor = new ProgrammaticInteractor({ confirm: false, ...options.interactor });
    const services = {
      model: options.model,
      dispatcher: options.dispatcher,
      interactor,
      events,
      logSink,
      ...(options.clock ? { clock: options.clock } : {}),
    };
    const safeGuard = options.safeGuard ?? true;
    const agent = kind === 'LinuxAgent' ? createLinuxAgent({ ...services, safeGuard }) : createHostAgentStack({ ...services, safeGuard, platform: 'windows' });
    super({
      id: options.sessionId,
      task: options.taskName,
      request: options.request,
      logSink,
      dispatcher: options.dispatcher,
      interactor,
      events,
      maxRounds: 1,
      mode: 'service',
      startAgent: () => (agent.reset(), agent),
      ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    this.taskName = options.taskName;
    this.clientId = options.clientId;
    this.platform = options.platform;
    this.remoteDispatcher = options.remote ?? (options.dispatcher instanceof WebSocketCommandDispatcher ? options.dispatcher : undefined);
    this.logSink = logSink;
  }

  /** Stops the session: pending remote commands fail now (`COMMAND_ABORTED`) and the round ends as CANCELLED. */
  override cancel(reason = 'cancelled'): void {
    super.cancel(reason);
    this.remoteDispatcher?.cancel(reason);
  }
}
