import { Blackboard, LinuxAgent, type StepProcessor } from '@ufo-ts/agent-fsm';
import { createLinuxProcessor, type AppProcessorOptions } from '@ufo-ts/processor-strategies';
import { appLlmWithExamples } from '../experience/retrieval-strategies.js';
import { SingleAgentSession } from '../managed/single-agent-session.js';
import type { ManagedSessionOptions } from '../managed/managed-session-options.js';
import { prepareRuntime } from '../managed/session-runtime.js';

/** Options of {@link LinuxSession}. */
export interface LinuxSessionOptions extends ManagedSessionOptions {
  /** Options of the built-in LinuxAgent processor (visual by default). */
  linux?: AppProcessorOptions;
  /** Use this processor instead of the built-in one. */
  processor?: StepProcessor;
}

/**
 * The single-tier Linux session (inventory C12): no HostAgent, one LinuxAgent (the `LINUX_AGENT` model) sees the
 * desktop and acts until it finishes, each round. The device is wherever the dispatcher reaches.
 */
export class LinuxSession extends SingleAgentSession<LinuxAgent> {

  constructor(options: LinuxSessionOptions) {
    const runtime = prepareRuntime(options);
    const linux = options.examples
      ? { ...options.linux, strategies: { LLM_INTERACTION: appLlmWithExamples({ ...options.examples, twoTier: false, ...(options.linux?.instructions ? { instructions: options.linux.instructions } : {}), ...(options.linux?.toolMode ? { toolMode: options.linux.toolMode } : {}) }), ...options.linux?.strategies } }
      : options.linux;
    const agent = new LinuxAgent({
      model: runtime.model('LINUX_AGENT'),
      dispatcher: runtime.dispatcher,
      interactor: runtime.interactor,
      events: runtime.events,
      logSink: runtime.logSink,
      clock: runtime.clock,
      name: 'LinuxAgent',
      processor: options.processor ?? createLinuxProcessor(linux),
      blackboard: new Blackboard(),
      safeGuard: options.safeGuard ?? true,
    });
    super(options, runtime, { kind: 'linux', mode: 'normal' }, agent);
  }

}
