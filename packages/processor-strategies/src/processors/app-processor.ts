import type { Agent, AppAgent } from '@ufo-ts/agent-fsm';
import { ComposedStrategy } from '../framework/composed-strategy.js';
import { finalizeAppStep } from '../framework/finalize.js';
import { loggingMiddleware } from '../framework/logging-middleware.js';
import type { Middleware } from '../framework/middleware.js';
import { ProcessorTemplate } from '../framework/processor.js';
import type { Strategy } from '../framework/strategy.js';
import { appActionStrategy, memoryUpdateStrategy } from '../strategies/app-strategies.js';
import { screenshotStrategy, targetListStrategy } from '../strategies/data-collection.js';
import { appLlmStrategy } from '../strategies/agent-llm-strategies.js';
import type { ToolMode } from '../strategies/tool-mode.js';
import { DEFAULT_DATA_TOOLS, type DataToolNames } from './tool-names.js';

/** Options of {@link createAppProcessor} and {@link createLinuxProcessor}. */
export interface AppProcessorOptions {
  /** Send screenshots to the model (default true). Controls are listed either way. */
  visual?: boolean;
  /** Ask the tool server for the set-of-marks screenshot (default true when visual). */
  annotate?: boolean;
  tools?: Partial<DataToolNames>;
  /** Extra system instructions (platform notes, an agent's introduction). */
  instructions?: string;
  /** How the model is asked: `text` (default), `native` tool calls, or `auto` (native when the model has them). */
  toolMode?: ToolMode;
  strategies?: Partial<Record<'DATA_COLLECTION' | 'LLM_INTERACTION' | 'ACTION_EXECUTION' | 'MEMORY_UPDATE', Strategy>>;
  middleware?: Middleware[];
}

/**
 * Data collection of application-level agents: window screenshot, controls and the set-of-marks screenshot.
 * The single-tier LinuxAgent also lists the desktop's windows, and works before any window is selected (the
 * desktop screenshot stands in, the control list is empty).
 */
function appDataCollection(options: AppProcessorOptions, twoTier: boolean): Strategy {
  const tools = { ...DEFAULT_DATA_TOOLS, ...options.tools };
  const visual = options.visual ?? true;
  const parts: Strategy[] = [];
  if (!twoTier) parts.push(targetListStrategy({ tool: tools.windowList, kind: 'window', key: 'windows' }));
  if (visual) parts.push(screenshotStrategy({ tool: tools.windowScreenshot, ...(twoTier ? {} : { fallbackTool: tools.desktopScreenshot }) }));
  parts.push(targetListStrategy({ tool: tools.controls, kind: 'control', key: 'controls', optional: !twoTier }));
  if (visual && (options.annotate ?? true)) {
    parts.push(
      screenshotStrategy({ tool: tools.annotatedScreenshot, key: 'annotated_screenshot', fileName: (n) => `action_step${n}_annotated.png` }),
    );
  }
  return new ComposedStrategy({ name: 'AppDataCollection', phase: 'DATA_COLLECTION', strategies: parts });
}

function build(options: AppProcessorOptions, twoTier: boolean): ProcessorTemplate<Agent> {
  return new ProcessorTemplate<Agent>({
    name: twoTier ? 'AppAgentProcessor' : 'LinuxAgentProcessor',
    initialKeys: ['subtask', 'application'],
    initialData: (agent, context) => ({
      subtask: context.get('SUBTASK'),
      application: (agent as AppAgent).appRoot ?? context.get('APPLICATION_ROOT_NAME'),
    }),
    strategies: {
      DATA_COLLECTION: options.strategies?.DATA_COLLECTION ?? appDataCollection(options, twoTier),
      LLM_INTERACTION: options.strategies?.LLM_INTERACTION ?? appLlmStrategy({ twoTier, ...(options.instructions !== undefined ? { instructions: options.instructions } : {}), ...(options.toolMode ? { toolMode: options.toolMode } : {}) }),
      ACTION_EXECUTION: options.strategies?.ACTION_EXECUTION ?? appActionStrategy(),
      MEMORY_UPDATE: options.strategies?.MEMORY_UPDATE ?? memoryUpdateStrategy(),
    },
    middleware: [loggingMiddleware(), ...(options.middleware ?? [])],
    finalize: finalizeAppStep,
  });
}

/** The AppAgent's processor (inventory P13–P16 and seed 003). */
export function createAppProcessor(options: AppProcessorOptions = {}): ProcessorTemplate<Agent> {
  return build(options, true);
}

/** The LinuxAgent's processor: visual by default (screenshot, controls, GUI and shell tools), single tier. */
export function createLinuxProcessor(options: AppProcessorOptions = {}): ProcessorTemplate<Agent> {
  return build(options, false);
}
