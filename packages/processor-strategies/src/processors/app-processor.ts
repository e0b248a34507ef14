import type { Agent, AppAgent } from '@ufo-ts/agent-fsm';
import { ComposedStrategy } from '../framework/composed-strategy.js';
import { finalizeAppStep } from '../framework/finalize.js';
import { loggingMiddleware } from '../framework/logging-middleware.js';
import type { Middleware } from '../framework/middleware.js';
import { ProcessorTemplate } from '../framework/processor.js';
import type { StepValues } from '../framework/step-key.js';
import { STEP_KEYS } from '../framework/step-keys.js';
import type { Strategy } from '../framework/strategy.js';
import { appActionStrategy, memoryUpdateStrategy } from '../strategies/app-strategies.js';
import { screenshotStrategy, targetListStrategy } from '../strategies/data-collection.js';
import { appLlmStrategy } from '../strategies/agent-llm-strategies.js';
import type { ToolMode } from '../strategies/tool-mode.js';
import { DEFAULT_DATA_TOOLS, type DataToolNames } from './tool-names.js';
import { errorMessage, ProgressSettingsSchema, type ProgressSettingsInput } from '@ufo-ts/core';
import { batchTargetGuard } from '../progress/batch-target-guard.js';
import { finishCheckStrategy, type FinishCheck } from '../progress/finish-check.js';
import { progressCheckStrategy } from '../progress/progress-check-strategy.js';
import { whenReperceiving } from '../progress/reperceive.js';

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
  /**
   * The progress monitor (`ProgressSettingsSchema` of `@ufo-ts/core`): `mode` `off`, `warn` (default: the next prompt says what
   * did not change and why) or `enforce` (then a fresh listing and annotated screenshot, then FAIL `NO_PROGRESS` or
   * a question to the user, by `onStuck`), and the step limits per detection. It runs after whichever action
   * strategy the step uses.
   */
  progress?: ProgressSettingsInput;
  /**
   * Check each action of a multi-action reply after the first against a fresh control listing before it runs, and
   * stop the batch at the first whose target changed (default true). With a custom `ACTION_EXECUTION` strategy
   * this has no effect.
   */
  validateBatches?: boolean;
  /** Verifies a FINISH against the real state; a failed check goes back to the model once ({@link FinishCheck}). */
  finishCheck?: FinishCheck;
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
  if (!twoTier) parts.push(targetListStrategy({ tool: tools.windowList, kind: 'window', key: STEP_KEYS.windows, notesKey: STEP_KEYS.windowsNotes }));
  if (visual) parts.push(screenshotStrategy({ tool: tools.windowScreenshot, ...(twoTier ? {} : { fallbackTool: tools.desktopScreenshot }) }));
  parts.push(targetListStrategy({ tool: tools.controls, kind: 'control', key: STEP_KEYS.controls, notesKey: STEP_KEYS.controlsNotes, optional: !twoTier }));
  const annotated = screenshotStrategy({
    tool: tools.annotatedScreenshot,
    key: STEP_KEYS.annotatedScreenshot,
    pathKey: STEP_KEYS.annotatedScreenshotPath,
    fileName: (n) => `action_step${n}_annotated.png`,
  });
  // re-perception: after the monitor's `reperceive` rung the step takes a new annotated screenshot in any case
  parts.push(visual && (options.annotate ?? true) ? annotated : whenReperceiving(annotated));
  return new ComposedStrategy({ name: 'AppDataCollection', phase: 'DATA_COLLECTION', strategies: parts });
}

/** What the model is told about several actions in one reply when the built-in action strategy checks them. */
export const BATCH_INSTRUCTIONS = `Several actions in one reply run in order, one at a time. Before each, its control is checked on the screen as it
is then; the reply stops at the first action whose control changed or is missing, and the next prompt says which
actions ran and why the others did not. An action may name its control by "name" (and "role") and leave out "id"
when the control is not in the list yet (a menu item of the menu the previous action opens, a field of the dialog it
opens): it is looked up when its turn comes. select_application_window may name a window by its title in "name" the
same way.`;

/** The action strategy (the given or the built-in one), then the progress monitor and the finish check. */
function actionExecution(options: AppProcessorOptions, tools: DataToolNames): Strategy {
  const actions =
    options.strategies?.ACTION_EXECUTION ??
    appActionStrategy(
      options.validateBatches === false ? {} : { batchGuard: batchTargetGuard({ controlsTool: tools.controls, windowsTool: tools.windowList }) },
    );
  const progress = ProgressSettingsSchema.parse(options.progress ?? {});
  const checks = [
    progress.mode === 'off' ? undefined : progressCheckStrategy(progress),
    options.finishCheck ? finishCheckStrategy(options.finishCheck) : undefined,
  ].filter((s): s is Strategy => s !== undefined);
  return checks.length === 0 ? actions : followedBy(actions, checks);
}

/**
 * `first`, then each of `checks` on its outputs, as one strategy with `first`'s name, keys and failure mode. A check
 * that throws is reported as a warning and changes nothing: it can never fail the step.
 */
function followedBy(first: Strategy, checks: readonly Strategy[]): Strategy {
  return {
    name: first.name,
    phase: first.phase,
    dependsOn: first.dependsOn,
    provides: first.provides,
    failFast: first.failFast,
    async execute(agent, step) {
      const out = await first.execute(agent, step);
      step.merge(out);
      for (const check of checks) {
        try {
          const data = await check.execute(agent, step);
          step.merge(data);
          Object.assign(out, data);
        } catch (error) {
          agent.warn(`${agent.name}: ${check.name} failed: ${errorMessage(error)}`);
        }
      }
      return out;
    },
  };
}

/**
 * The system instructions of an application agent's built-in processor: the given ones, and how several actions in
 * one reply run when the built-in action strategy checks them ({@link BATCH_INSTRUCTIONS}). For an LLM strategy
 * that replaces the built-in one (retrieved examples) but keeps its action execution.
 *
 * @example
 * ```ts
 * const llm = appLlmStrategy({ twoTier: false, ...appInstructionsFor(options) });
 * ```
 */
export function appInstructionsFor(options: AppProcessorOptions = {}): { instructions?: string } {
  const batches = options.validateBatches !== false && !options.strategies?.ACTION_EXECUTION;
  const text = [options.instructions ?? '', batches ? BATCH_INSTRUCTIONS : ''].filter(Boolean).join('\n\n');
  return text ? { instructions: text } : {};
}

function build(options: AppProcessorOptions, twoTier: boolean): ProcessorTemplate<Agent> {
  return new ProcessorTemplate<Agent>({
    name: twoTier ? 'AppAgentProcessor' : 'LinuxAgentProcessor',
    initialKeys: [STEP_KEYS.subtask, STEP_KEYS.application],
    initialData: (agent, context): StepValues<[typeof STEP_KEYS.subtask, typeof STEP_KEYS.application]> => ({
      subtask: context.get('SUBTASK'),
      application: (agent as AppAgent).appRoot ?? context.get('APPLICATION_ROOT_NAME'),
    }),
    strategies: {
      DATA_COLLECTION: options.strategies?.DATA_COLLECTION ?? appDataCollection(options, twoTier),
      LLM_INTERACTION:
        options.strategies?.LLM_INTERACTION ??
        appLlmStrategy({ twoTier, ...appInstructionsFor(options), ...(options.toolMode ? { toolMode: options.toolMode } : {}) }),
      ACTION_EXECUTION: actionExecution(options, { ...DEFAULT_DATA_TOOLS, ...options.tools }),
      MEMORY_UPDATE: options.strategies?.MEMORY_UPDATE ?? memoryUpdateStrategy(),
    },
    middleware: [loggingMiddleware(), ...(options.middleware ?? [])],
    finalize: finalizeAppStep,
  });
}

/** The AppAgent's processor. */
export function createAppProcessor(options: AppProcessorOptions = {}): ProcessorTemplate<Agent> {
  return build(options, true);
}

/**
 * The LinuxAgent's processor: visual by default (screenshot, controls, GUI and shell tools), single tier.
 *
 * @example
 * ```ts
 * const processor = createLinuxProcessor({ instructions: 'Prefer keyboard shortcuts.', toolMode: 'native' });
 * ```
 */
export function createLinuxProcessor(options: AppProcessorOptions = {}): ProcessorTemplate<Agent> {
  return build(options, false);
}
