import { AppAgent, HostAgent, LinuxAgent, Blackboard, type AgentRegistry, type AgentServices, type StepProcessor } from '@ufo-ts/agent-fsm';
import type { ChatModel } from '@ufo-ts/core';
import { createAppProcessor, createLinuxProcessor, type AppProcessorOptions } from './app-processor.js';
import { createHostProcessor, type HostProcessorOptions } from './host-processor.js';
import type { ToolMode } from '../strategies/tool-mode.js';

/** Options of {@link createHostAgentStack}. */
export interface HostAgentStackOptions extends AgentServices {
  registry?: AgentRegistry;
  platform?: string;
  /** Ask before actions marked CONFIRM (default true). */
  safeGuard?: boolean;
  /** `follower`: a finished subtask ends the round. */
  mode?: 'normal' | 'follower';
  /**
   * How both agents ask the model: `text` (default), `native` tool calls, or `auto` (native when the model reports
   * `features.toolCalls` and `features.parallelToolCalls`). `host.toolMode` and `app.toolMode` override it per agent.
   */
  toolMode?: ToolMode;
  host?: HostProcessorOptions;
  app?: AppProcessorOptions;
  /** Use these processors instead of the built-in ones. */
  hostProcessor?: StepProcessor;
  appProcessor?: StepProcessor;
  /** The model of the AppAgents the host creates (`APP_AGENT`); default: `model`, shared with the host. */
  appModel?: ChatModel;
}

/** Builds a HostAgent whose ASSIGN creates AppAgents with the built-in (or given) processors. */
export function createHostAgentStack(options: HostAgentStackOptions): HostAgent {
  const mode = options.toolMode ? { toolMode: options.toolMode } : {};
  const appProcessor = options.appProcessor ?? createAppProcessor({ ...mode, ...options.app });
  const services: AgentServices = {
    model: options.model,
    dispatcher: options.dispatcher,
    interactor: options.interactor,
    events: options.events,
    logSink: options.logSink,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  return new HostAgent({
    ...services,
    name: 'HostAgent',
    processor: options.hostProcessor ?? createHostProcessor({ ...mode, ...options.host }),
    safeGuard: options.safeGuard ?? true,
    thirdPartyProcessor: appProcessor,
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.platform ? { platform: options.platform } : {}),
    createAppAgent: (spec) =>
      new AppAgent({
        ...services,
        ...(options.appModel ? { model: options.appModel } : {}),
        name: `AppAgent/${spec.root}`,
        processor: appProcessor,
        host: spec.host,
        appRoot: spec.root,
        processName: spec.process,
        blackboard: spec.blackboard,
        safeGuard: options.safeGuard ?? true,
        mode: options.mode ?? 'normal',
      }),
  });
}

/** Options of {@link createLinuxAgent}. */
export interface LinuxAgentOptions extends AgentServices {
  /** Ask before actions marked CONFIRM (default true). */
  safeGuard?: boolean;
  /** Use this processor instead of the built-in one. */
  processor?: StepProcessor;
  /** Options of the built-in processor. */
  linux?: AppProcessorOptions;
  /** How the agent asks the model: `text` (default), `native` tool calls, or `auto`; `linux.toolMode` overrides it. */
  toolMode?: ToolMode;
}

/**
 * Builds a visual LinuxAgent with the built-in (or given) processor.
 *
 * @example
 * ```ts
 * const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, toolMode: 'auto' });
 * ```
 */
export function createLinuxAgent(options: LinuxAgentOptions): LinuxAgent {
  return new LinuxAgent({
    model: options.model,
    dispatcher: options.dispatcher,
    interactor: options.interactor,
    events: options.events,
    logSink: options.logSink,
    ...(options.clock ? { clock: options.clock } : {}),
    name: 'LinuxAgent',
    processor: options.processor ?? createLinuxProcessor({ ...(options.toolMode ? { toolMode: options.toolMode } : {}), ...options.linux }),
    blackboard: new Blackboard(),
    safeGuard: options.safeGuard ?? true,
  });
}
