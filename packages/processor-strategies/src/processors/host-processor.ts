import type { HostAgent } from '@ufo-ts/agent-fsm';
import { ComposedStrategy } from '../framework/composed-strategy.js';
import { finalizeHostStep } from '../framework/finalize.js';
import { loggingMiddleware } from '../framework/logging-middleware.js';
import type { Middleware } from '../framework/middleware.js';
import { ProcessorTemplate } from '../framework/processor.js';
import type { StepValues } from '../framework/step-key.js';
import { STEP_KEYS } from '../framework/step-keys.js';
import type { Strategy } from '../framework/strategy.js';
import { memoryUpdateStrategy } from '../strategies/app-strategies.js';
import { screenshotStrategy, targetListStrategy, thirdPartyTargetsStrategy } from '../strategies/data-collection.js';
import { hostActionStrategy } from '../strategies/host-strategies.js';
import { hostLlmStrategy } from '../strategies/agent-llm-strategies.js';
import type { ToolMode } from '../strategies/tool-mode.js';
import { DEFAULT_DATA_TOOLS, type DataToolNames } from './tool-names.js';

/** Options of {@link createHostProcessor}. */
export interface HostProcessorOptions {
  /** Send the desktop screenshot to the model (default true). */
  visual?: boolean;
  tools?: Partial<DataToolNames>;
  /** How the model is asked: `text` (default), `native` tool calls, or `auto` (native when the model has them). */
  toolMode?: ToolMode;
  /** Replace any phase's strategy (custom strategies plug in here). */
  strategies?: Partial<Record<'DATA_COLLECTION' | 'LLM_INTERACTION' | 'ACTION_EXECUTION' | 'MEMORY_UPDATE', Strategy<HostAgent>>>;
  /** Extra middleware, run after the logging middleware's `beforeProcess`. */
  middleware?: Middleware<HostAgent>[];
}

/**
 * The HostAgent's processor: desktop screenshot + window list (+ registered agents),
 * host prompt and reply, window selection or other host tools, memory.
 */
export function createHostProcessor(options: HostProcessorOptions = {}): ProcessorTemplate<HostAgent> {
  const tools = { ...DEFAULT_DATA_TOOLS, ...options.tools };
  const visual = options.visual ?? true;
  const dataParts: Strategy<HostAgent>[] = [
    ...(visual ? [screenshotStrategy({ tool: tools.desktopScreenshot, parameters: { all_screens: true } }) as Strategy<HostAgent>] : []),
    targetListStrategy({ tool: tools.windowList, kind: 'window', renumber: true }) as Strategy<HostAgent>,
    thirdPartyTargetsStrategy(),
  ];
  return new ProcessorTemplate<HostAgent>({
    name: 'HostAgentProcessor',
    initialKeys: [STEP_KEYS.previousSubtasks],
    initialData: (_agent, context): StepValues<[typeof STEP_KEYS.previousSubtasks]> => ({ previous_subtasks: context.get('PREVIOUS_SUBTASKS') }),
    strategies: {
      DATA_COLLECTION:
        options.strategies?.DATA_COLLECTION ?? new ComposedStrategy({ name: 'HostDataCollection', phase: 'DATA_COLLECTION', strategies: dataParts }),
      LLM_INTERACTION: options.strategies?.LLM_INTERACTION ?? hostLlmStrategy(options.toolMode ? { toolMode: options.toolMode } : {}),
      ACTION_EXECUTION: options.strategies?.ACTION_EXECUTION ?? hostActionStrategy(),
      MEMORY_UPDATE: options.strategies?.MEMORY_UPDATE ?? (memoryUpdateStrategy() as Strategy<HostAgent>),
    },
    middleware: [loggingMiddleware() as Middleware<HostAgent>, ...(options.middleware ?? [])],
    finalize: finalizeHostStep,
  });
}
