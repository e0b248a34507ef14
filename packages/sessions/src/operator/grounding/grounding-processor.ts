import type { Agent } from '@ufo-ts/agent-fsm';
import { finalizeOperatorStep } from '../operator-finalize.js';
import { loggingMiddleware, memoryUpdateStrategy, ProcessorTemplate, screenshotStrategy, type Middleware } from '@ufo-ts/processor-strategies';
import { DEFAULT_MAX_DISPLAY, type PixelSize } from '../display-scaling.js';
import { LINUX_OPERATOR_TOOLS, type OperatorToolMapping } from '../operator-tools.js';
import { groundingActionStrategy } from './grounding-action-strategy.js';
import type { GroundingDialect } from './grounding-dialect.js';
import { groundingLlmStrategy } from './grounding-llm-strategy.js';
import { GroundingTranscript } from './grounding-transcript.js';

/** Options of {@link createGroundingProcessor}. */
export interface GroundingProcessorOptions {
  /** How the model answers (`uiTarsDialect()`, `qwen25VlDialect()`, `qwen3VlDialect()`, `pixelJsonDialect()`, ...). */
  dialect: GroundingDialect;
  /** How computer actions become tool calls (default: Linux's absolute-pixel tools). */
  tools?: OperatorToolMapping;
  /** The screenshot tool (default `capture_desktop_screenshot`). */
  screenshotTool?: string;
  /** The largest screenshot sent; the dialect picks the size within it (default 1280×800). */
  maxImage?: PixelSize;
  /** Screenshots per request: older turns are sent without theirs (default 1; see the server presets). */
  maxImages?: number;
  /** How many times a reply that cannot be carried out is asked again within a step (default 2). */
  reasks?: number;
  /** Extra instructions appended to the dialect's prompt. */
  instructions?: string;
  /** The language the model thinks in, for dialects that ask for one (default English). */
  language?: string;
  middleware?: Middleware[];
}

/**
 * The operator's step for a local vision model that answers in its own grounding dialect: screenshot → scaled to
 * the dialect's image size and sent with the conversation so far → the reply parsed into computer actions in
 * screen pixels (asked again, quoting the reasons, while it cannot be carried out) → the actions run through the
 * platform's coordinate tools → memory. Give it to an {@link OperatorSession} as its `processor`.
 *
 * @example
 * ```ts
 * const session = new OperatorSession({
 *   task: 'calc', logRoot, request: 'Compute 12*34', models: { OPERATOR: model }, dispatcher, interactor, platform: 'linux',
 *   processor: createGroundingProcessor({ dialect: uiTarsDialect(), maxImages: 5 }),
 * });
 * ```
 */
export function createGroundingProcessor(options: GroundingProcessorOptions): ProcessorTemplate<Agent> {
  const transcript = new GroundingTranscript();
  const mapping = options.tools ?? LINUX_OPERATOR_TOOLS;
  return new ProcessorTemplate<Agent>({
    name: `GroundingProcessor(${options.dialect.name})`,
    strategies: {
      DATA_COLLECTION: screenshotStrategy({ tool: options.screenshotTool ?? 'capture_desktop_screenshot' }),
      LLM_INTERACTION: groundingLlmStrategy(transcript, {
        dialect: options.dialect,
        maxImage: options.maxImage ?? DEFAULT_MAX_DISPLAY,
        maxImages: options.maxImages ?? 1,
        reasks: options.reasks ?? 2,
        ...(options.instructions ? { instructions: options.instructions } : {}),
        ...(options.language ? { language: options.language } : {}),
      }),
      ACTION_EXECUTION: groundingActionStrategy(transcript, mapping, options.dialect),
      MEMORY_UPDATE: memoryUpdateStrategy(),
    },
    middleware: [loggingMiddleware(), ...(options.middleware ?? [])],
    finalize: finalizeOperatorStep,
  });
}
