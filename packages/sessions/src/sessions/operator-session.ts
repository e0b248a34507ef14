import { Blackboard, type StepProcessor } from '@ufo-ts/agent-fsm';
import { SingleAgentSession } from '../managed/single-agent-session.js';
import type { ManagedSessionOptions } from '../managed/managed-session-options.js';
import { prepareRuntime } from '../managed/session-runtime.js';
import { OperatorAgent } from '../operator/operator-agent.js';
import type { ChatModel } from '@ufo-ts/core';
import { createComputerUseProcessor } from '../operator/computer-use-processor.js';
import { createOperatorProcessor, type OperatorProcessorOptions } from '../operator/operator-processor.js';
import { LINUX_OPERATOR_TOOLS, WINDOWS_OPERATOR_TOOLS } from '../operator/operator-tools.js';

/** Options of {@link OperatorSession}. */
export interface OperatorSessionOptions extends ManagedSessionOptions {
  /** Options of the operator's processor (tool mapping, screenshot tool, instructions). */
  operator?: OperatorProcessorOptions;
  /** Agent kind used to route tool servers (default `OperatorAgent`). */
  agentKind?: string;
  /** Use this processor instead of the built-in one. */
  processor?: StepProcessor;
}

/** Whether the operator drives the model's own computer tool (`native`, or `auto` with a model that has one). */
export function usesComputerTool(model: ChatModel, choice: OperatorProcessorOptions['computerTool'] = 'auto'): boolean {
  return choice === 'native' || (choice === 'auto' && model.features?.computerTool !== undefined);
}

/**
 * The computer-use session (`operator` mode): one OperatorAgent (the `OPERATOR` model,
 * else `APP_AGENT`/`HOST_AGENT`) acts on the whole screen with coordinates. The tool mapping follows `platform`
 * (Linux: absolute pixels, xdotool keys; Windows: fractions, pywinauto keys) unless given. A model whose
 * `features.computerTool` is `anthropic` or `openai` (or `operator.computerTool: 'native'`) is driven through its own
 * computer tool, with screenshots scaled to the declared display and coordinates scaled back; other models reply
 * with JSON text.
 *
 * @example
 * ```ts
 * const session = new OperatorSession({ task: 'settings', request: 'Turn on dark mode', models: { OPERATOR: model }, dispatcher, interactor });
 * const outcome = await session.run();
 * ```
 */
export class OperatorSession extends SingleAgentSession<OperatorAgent> {
  constructor(options: OperatorSessionOptions) {
    const runtime = prepareRuntime(options);
    const tools = options.operator?.tools ?? (options.platform === 'windows' ? WINDOWS_OPERATOR_TOOLS : LINUX_OPERATOR_TOOLS);
    const model = runtime.model('OPERATOR');
    const processor =
      options.processor ??
      (usesComputerTool(model, options.operator?.computerTool)
        ? createComputerUseProcessor({ ...options.operator, tools, environment: options.platform === 'windows' ? 'windows' : 'linux' })
        : createOperatorProcessor({ ...options.operator, tools }));
    const agent = new OperatorAgent({
      model,
      dispatcher: runtime.dispatcher,
      interactor: runtime.interactor,
      events: runtime.events,
      logSink: runtime.logSink,
      clock: runtime.clock,
      name: 'OperatorAgent',
      ...(options.agentKind ? { kind: options.agentKind } : {}),
      processor,
      blackboard: new Blackboard(),
      safeGuard: options.safeGuard ?? true,
    });
    super(options, runtime, { kind: 'operator', mode: 'operator' }, agent);
  }

  protected override checkpointExtra(): Record<string, unknown> {
    return { agentKind: this.agent.kind };
  }
}
