import type { Agent } from '@ufo-ts/agent-fsm';
import {
  defineStrategy,
  deriveActionStatus,
  executeActions,
  finalizeStep,
  llmStrategy,
  loggingMiddleware,
  memoryUpdateStrategy,
  ProcessorTemplate,
  screenshotStrategy,
  STEP_KEYS,
  type Action,
  type Middleware,
  type StepContext,
  type Strategy,
} from '@ufo-ts/processor-strategies';
import { OperatorResponseSchema, type OperatorResponse } from './computer-action.js';
import { buildOperatorPrompt } from './operator-prompt.js';
import { OPERATOR_STEP_KEYS } from './operator-step-keys.js';
import { LINUX_OPERATOR_TOOLS, mapComputerAction, type OperatorToolMapping } from './operator-tools.js';
import { ComputerActionUnsupportedError } from './computer-action-unsupported.js';
import { skippedActionRecord } from './skipped-action.js';
import { CURSOR_POSITION_TEXT } from './cursor-position.js';
import { pngSize } from './png-size.js';

/** Options of {@link createOperatorProcessor}. */
export interface OperatorProcessorOptions {
  /** How computer actions become tool calls (default: Linux's absolute-pixel tools). */
  tools?: OperatorToolMapping;
  /** The screenshot tool (default `capture_desktop_screenshot`). */
  screenshotTool?: string;
  /** Extra system instructions. */
  instructions?: string;
  middleware?: Middleware[];
  /**
   * The computer-use model's own tool (`native`: Anthropic's `computer` or OpenAI's `computer_use_preview`, through
   * {@link createComputerUseProcessor}) or JSON text replies (`text`). `auto` (default) uses the native tool when
   * the model's `features.computerTool` names one. Read by `OperatorSession`.
   */
  computerTool?: 'auto' | 'native' | 'text';
  /** Native computer tool: the largest display the model is told about (default 1280×800). */
  maxDisplay?: { width: number; height: number };
}

/** Runs the model's computer action through the platform's coordinate tools and derives the step's status. */
function operatorActionStrategy(mapping: OperatorToolMapping): Strategy {
  return defineStrategy({
    name: 'OperatorActionExecution',
    phase: 'ACTION_EXECUTION',
    dependsOn: [OPERATOR_STEP_KEYS.response, STEP_KEYS.dispatchTarget],
    provides: [STEP_KEYS.actions, STEP_KEYS.status],
    failFast: false,
    async execute(agent: Agent, step: StepContext) {
      const response = step.require(OPERATOR_STEP_KEYS.response);
      if (response.status === 'PENDING') agent.pendingQuestions = [...response.questions];
      const screen = pngSize(step.get(STEP_KEYS.screenshot)) ?? { width: 1, height: 1 };
      let call: ReturnType<typeof mapComputerAction> = null;
      let refused: string | undefined;
      try {
        call = response.action ? mapComputerAction(response.action, mapping, screen) : null;
      } catch (error) {
        // an action this platform's tools cannot perform: recorded as skipped with what to do instead
        if (!(error instanceof ComputerActionUnsupportedError)) throw error;
        refused = error.message;
      }
      if (response.action && !call) {
        const reason = refused ?? (response.action.type === 'cursor_position' ? CURSOR_POSITION_TEXT : 'a screenshot is taken every step');
        const record = skippedActionRecord(response.action.type, { ...response.action }, reason);
        return { actions: [record], status: response.status === 'CONTINUE' ? 'CONTINUE' : response.status, result: response.result };
      }
      // The reply's status becomes the action's: it takes effect once the action has run (a failed action leaves
      // the round running so the model sees the failure). A sensitive action is held for approval first.
      const status: Action['status'] = response.sensitive ? 'CONFIRM' : response.status;
      const actions: Action[] = call ? [{ function: call.function, arguments: call.arguments, status }] : [];
      const executed = await executeActions(agent, actions, step.require(STEP_KEYS.dispatchTarget), response.thought, step.signal);
      return { actions: executed.records, status: deriveActionStatus(actions, executed, response.status), result: response.result };
    },
  });
}

/**
 * The operator's step: desktop screenshot → the model picks one computer action → it runs through the platform's
 * coordinate tools (`click_on_coordinates`, `drag_on_coordinates`, `type_text`, `keyboard_input`,
 * `wheel_mouse_input`, `wait`) → memory. Actions marked sensitive are held for approval (CONFIRM).
 */
export function createOperatorProcessor(options: OperatorProcessorOptions = {}): ProcessorTemplate<Agent> {
  const mapping = options.tools ?? LINUX_OPERATOR_TOOLS;
  return new ProcessorTemplate<Agent>({
    name: 'OperatorProcessor',
    strategies: {
      DATA_COLLECTION: screenshotStrategy({ tool: options.screenshotTool ?? 'capture_desktop_screenshot' }),
      LLM_INTERACTION: llmStrategy<Agent, OperatorResponse>({
        name: 'OperatorLLMInteraction',
        schema: OperatorResponseSchema,
        schemaName: 'operator_response',
        dependsOn: [STEP_KEYS.request, STEP_KEYS.screenshot],
        responseKey: OPERATOR_STEP_KEYS.response,
        buildMessages: (agent, step) => {
          const screenshot = step.get(STEP_KEYS.screenshot) ?? undefined;
          return buildOperatorPrompt(agent, {
            request: step.require(STEP_KEYS.request),
            screenshot,
            screen: pngSize(screenshot),
            instructions: options.instructions,
          });
        },
      }),
      ACTION_EXECUTION: operatorActionStrategy(mapping),
      MEMORY_UPDATE: memoryUpdateStrategy(),
    },
    middleware: [loggingMiddleware(), ...(options.middleware ?? [])],
    finalize: (agent, step) => {
      finalizeStep(agent, step);
      const result = step.get(OPERATOR_STEP_KEYS.response)?.result;
      if (result !== undefined) step.global.set('ROUND_RESULT', result);
    },
  });
}
