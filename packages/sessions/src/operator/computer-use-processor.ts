import type { Agent } from '@ufo-ts/agent-fsm';
import { finalizeOperatorStep } from './operator-finalize.js';
import {
  createCommand,
  decodeImageDataUrl,
  errorCode,
  errorMessage,
  findImageDataUrl,
  type ActionRecord,
  type ChatMessage,
  type ChatResponse,
  type ComputerTool,
  type ContentPart,
  type DispatchTarget,
  type ToolCall,
} from '@ufo-ts/core';
import { pngSize as pngHeaderSize } from '@ufo-ts/imaging';
import {
  actionRepresentation,
  defineStrategy,
  executeActions,
  loggingMiddleware,
  memoryUpdateStrategy,
  ProcessorTemplate,
  redactImages,
  refusalOf,
  RefusedReplyError,
  STEP_KEYS,
  type Middleware,
  type StepContext,
  type Strategy,
} from '@ufo-ts/processor-strategies';
import { SessionError } from '../errors.js';
import { ActionOutcomeUnknownError } from '../journal/unknown-outcome.js';
import { readComputerToolCall, scaleComputerAction } from './computer-tool-call.js';
import { OPERATOR_STEP_KEYS } from './operator-step-keys.js';
import { ComputerUseTranscript } from './computer-use-transcript.js';
import { computerDisplaySize, DEFAULT_MAX_DISPLAY, scalePngDataUrl, type PixelSize } from './display-scaling.js';
import { LINUX_OPERATOR_TOOLS, mapComputerAction, type OperatorToolMapping } from './operator-tools.js';
import { ComputerActionUnsupportedError } from './computer-action-unsupported.js';
import { CURSOR_POSITION_TEXT } from './cursor-position.js';

/** Options of {@link createComputerUseProcessor}. */
export interface ComputerUseProcessorOptions {
  /** How computer actions become tool calls (default: Linux's absolute-pixel tools). */
  tools?: OperatorToolMapping;
  /** The screenshot tool (default `capture_desktop_screenshot`). */
  screenshotTool?: string;
  /** Extra system instructions. */
  instructions?: string;
  /** The largest display the model is told about; screenshots are scaled down to fit it (default 1280×800). */
  maxDisplay?: PixelSize;
  /** The machine behind the screen, as the computer tool declares it (default `linux`). */
  environment?: ComputerTool['environment'];
  middleware?: Middleware[];
}

const SYSTEM = `You operate a computer through its screen with the computer tool, like a person with a mouse and a
keyboard. Every tool result is a new screenshot; check that each action did what you wanted before going on. When
the task is done, reply with text only (no tool call): that text is your final answer.`;

/** A screenshot of the screen at display size, or why there is none. */
interface ScaledCapture {
  image: string | null;
  error?: string;
}

async function captureScaled(agent: Agent, step: StepContext, tool: string, transcript: ComputerUseTranscript, maxDisplay: PixelSize): Promise<ScaledCapture> {
  const command = createCommand(tool, {}, 'data_collection');
  const target = step.require(STEP_KEYS.dispatchTarget);
  const [result] = await agent.services.dispatcher.execute([command], { target, ...(step.signal ? { signal: step.signal } : {}) });
  agent.services.events.emit({ type: 'command', agent: agent.name, tool, status: result?.status ?? 'failure', error: result?.error ?? null });
  const dataUrl = result?.status === 'success' ? findImageDataUrl(result.result) : undefined;
  const image = decodeImageDataUrl(dataUrl);
  if (!dataUrl || !image || image.mediaType !== 'image/png')
    return { image: null, error: `no screenshot from ${tool}: ${result?.error ?? 'no PNG in the result'}` };
  const size = pngHeaderSize(Buffer.from(image.bytes));
  transcript.screen = size;
  transcript.display ??= computerDisplaySize(size, maxDisplay);
  const scaled = await scalePngDataUrl(dataUrl, transcript.display);
  transcript.latestScreenshot = scaled;
  return { image: scaled };
}

function imagePart(dataUrl: string): ContentPart {
  return { type: 'image', image: dataUrl, mediaType: 'image/png' };
}

/** Takes the round's first screenshot (at display size); later steps reuse the screenshot of the last tool result. */
function computerScreenStrategy(transcript: ComputerUseTranscript, tool: string, maxDisplay: PixelSize): Strategy {
  return defineStrategy({
    name: `ComputerScreen(${tool})`,
    phase: 'DATA_COLLECTION',
    dependsOn: [STEP_KEYS.dispatchTarget, STEP_KEYS.sessionStep],
    provides: [STEP_KEYS.screenshot],
    async execute(agent: Agent, step: StepContext) {
      transcript.startRound(Number(step.get(STEP_KEYS.roundNum) ?? 0));
      if (transcript.messages.length === 0) {
        const capture = await captureScaled(agent, step, tool, transcript, maxDisplay);
        if (!capture.image) agent.warn(`${agent.name}: ${capture.error}`);
      }
      const screenshot = transcript.latestScreenshot;
      const bytes = decodeImageDataUrl(screenshot)?.bytes;
      const path = bytes ? agent.services.logSink.saveArtifact(`action_step${step.require(STEP_KEYS.sessionStep)}.png`, bytes) : undefined;
      return { screenshot, screenshot_path: path ?? null };
    },
  });
}

/**
 * Sends the transcript with the computer tool and adds the model's reply (text and tool calls) to it. A refusal is
 * not a final answer: it fails the step with a {@link RefusedReplyError} (`MODEL_REFUSED`) and stays out of the
 * transcript.
 */
function computerLlmStrategy(transcript: ComputerUseTranscript, options: ComputerUseProcessorOptions): Strategy {
  return defineStrategy({
    name: 'ComputerUseLLMInteraction',
    phase: 'LLM_INTERACTION',
    dependsOn: [STEP_KEYS.request, STEP_KEYS.screenshot, STEP_KEYS.dispatchTarget],
    provides: [OPERATOR_STEP_KEYS.computerUseResponse, STEP_KEYS.llmCost, STEP_KEYS.tokens, STEP_KEYS.model],
    async execute(agent: Agent, step: StepContext) {
      if (!transcript.display) {
        throw new SessionError(
          'SCREENSHOT_UNAVAILABLE',
          `${agent.name}: no screenshot of the screen could be taken, so the computer tool has no display size to declare.`,
        );
      }
      if (transcript.messages.length === 0) {
        const first = transcript.latestScreenshot;
        transcript.messages.push({
          role: 'user',
          content: [{ type: 'text', text: step.require(STEP_KEYS.request) }, ...(first ? [imagePart(first)] : [])],
        });
      }
      const system = [SYSTEM, options.instructions ?? ''].filter(Boolean).join('\n\n');
      const messages: ChatMessage[] = [{ role: 'system', content: system }, ...transcript.messages];
      const tool: ComputerTool = {
        type: 'computer',
        displayWidth: transcript.display.width,
        displayHeight: transcript.display.height,
        environment: options.environment ?? 'linux',
      };
      agent.services.logSink.write('request', {
        agent: agent.name,
        session_step: step.get(STEP_KEYS.sessionStep),
        round_num: step.get(STEP_KEYS.roundNum),
        messages: redactImages(messages),
        tool_mode: 'computer',
        tools: [tool],
        time: new Date(agent.services.clock.now()).toISOString(),
      });
      const reply: ChatResponse = await agent.services.model.complete({
        messages,
        tools: [tool],
        metadata: { agent: agent.name, step: Number(step.get(STEP_KEYS.sessionStep) ?? 0) },
        ...(step.signal ? { signal: step.signal } : {}),
      });
      step.set(STEP_KEYS.llmCost, reply.cost);
      const refusal = refusalOf(reply);
      if (refusal !== undefined) throw new RefusedReplyError(refusal, { cost: reply.cost });
      const toolCalls = reply.toolCalls ?? [];
      transcript.messages.push({ role: 'assistant', content: reply.content, ...(toolCalls.length ? { toolCalls } : {}) });
      const done = toolCalls.length === 0;
      const response = {
        observation: '',
        thought: reply.content,
        status: done ? 'FINISH' : 'CONTINUE',
        plan: [],
        comment: '',
        ...(done ? { result: reply.content } : {}),
      };
      return {
        response,
        response_text: reply.content,
        tool_calls: toolCalls,
        llm_cost: reply.cost,
        tokens: { input: reply.usage.inputTokens, output: reply.usage.outputTokens },
        model: reply.model,
      };
    },
  });
}

/**
 * Runs each computer-tool call through the platform's coordinate tools (coordinates scaled from the display to the
 * screen) and answers it with a `tool` message holding the screenshot taken after it; a call that fails or has no
 * tool here is answered with `isError`, the reason and the screenshot. No tool call ends the round (FINISH).
 */
function computerActionStrategy(transcript: ComputerUseTranscript, mapping: OperatorToolMapping, tool: string, maxDisplay: PixelSize): Strategy {
  return defineStrategy({
    name: 'ComputerUseActionExecution',
    phase: 'ACTION_EXECUTION',
    dependsOn: [OPERATOR_STEP_KEYS.computerUseResponse, STEP_KEYS.dispatchTarget],
    provides: [STEP_KEYS.actions, STEP_KEYS.status],
    failFast: false,
    async execute(agent: Agent, step: StepContext) {
      const calls = step.get(STEP_KEYS.toolCalls) ?? [];
      const response = step.require(OPERATOR_STEP_KEYS.computerUseResponse);
      if (calls.length === 0) return { actions: [], status: 'FINISH', result: response.result };
      const target = step.require(STEP_KEYS.dispatchTarget);
      const records: ActionRecord[] = [];
      for (const call of calls) {
        const error = await runComputerCall(agent, step, call, { mapping, target, transcript, thought: response.thought, records }).catch((thrown: unknown) => {
          // the step ends here (an action of unknown outcome under the journal's `fail` policy): its record keeps what ran
          step.set(STEP_KEYS.actions, records);
          throw thrown;
        });
        const capture = await captureScaled(agent, step, tool, transcript, maxDisplay);
        const problems = [error, capture.image ? undefined : capture.error].filter((p): p is string => Boolean(p));
        transcript.messages.push({
          role: 'tool',
          toolCallId: call.id,
          content: [...problems.map((text): ContentPart => ({ type: 'text', text })), ...(capture.image ? [imagePart(capture.image)] : [])],
          ...(error ? { isError: true } : {}),
        });
      }
      return { actions: records, status: 'CONTINUE' };
    },
  });
}

interface CallContext {
  mapping: OperatorToolMapping;
  target: DispatchTarget;
  transcript: ComputerUseTranscript;
  thought: string;
  records: ActionRecord[];
}

/** Runs one call; returns the error text to answer it with, or undefined when it ran. */
async function runComputerCall(agent: Agent, step: StepContext, call: ToolCall, context: CallContext): Promise<string | undefined> {
  const skip = (reason: string): string => {
    context.records.push({
      function: String(call.arguments.action ?? call.arguments.type ?? call.name),
      arguments: { ...call.arguments },
      status: 'CONTINUE',
      representation: actionRepresentation(call.name, { ...call.arguments }),
      result: { status: 'skipped', error: reason, call_id: call.id },
    });
    return reason;
  };
  if (call.type !== 'computer') return skip(`${call.name} is not a tool here; only the computer tool is.`);
  // OpenAI's GA computer tool may batch several actions in one call: they run in order, and the first that fails stops the rest
  const batch = call.arguments.actions;
  if (Array.isArray(batch)) {
    for (const [i, action] of batch.entries()) {
      const failed = await runComputerCall(agent, step, { ...call, arguments: (action ?? {}) as Record<string, unknown> }, context);
      if (failed !== undefined)
        return `action ${i + 1} of ${batch.length}: ${failed}${i + 1 < batch.length ? `; the ${batch.length - i - 1} after it did not run` : ''}`;
    }
    return undefined;
  }
  const request = readComputerToolCall(call);
  if (request.kind === 'unsupported') return skip(request.reason);
  if (request.kind === 'screenshot') return undefined;
  const { screen, display } = context.transcript;
  if (!screen || !display) return skip('the screen size is unknown (no screenshot could be taken)');
  let mapped;
  try {
    mapped = mapComputerAction(scaleComputerAction(request.action, display, screen), context.mapping, screen);
  } catch (error) {
    // an action this platform's tools cannot perform: answered with what to do instead, never a silent no-op
    if (error instanceof ComputerActionUnsupportedError) return skip(error.message);
    throw error;
  }
  if (!mapped) return request.action.type === 'cursor_position' ? skip(CURSOR_POSITION_TEXT) : undefined;
  try {
    const executed = await executeActions(
      agent,
      [{ function: mapped.function, arguments: mapped.arguments, status: 'CONTINUE' }],
      context.target,
      context.thought,
      step.signal,
    );
    context.records.push(...executed.records);
    const result = executed.records[0]?.result;
    return result && result.status !== 'success' ? `${mapped.function} failed: ${result.error ?? result.status}` : undefined;
  } catch (error) {
    if (endsTheStep(error)) {
      const code = errorCode(error);
      const result = { status: 'failure' as const, call_id: call.id, error: `${code ? `${code}: ` : ''}${errorMessage(error)}` };
      context.records.push({
        function: mapped.function,
        arguments: mapped.arguments,
        status: 'CONTINUE',
        representation: actionRepresentation(mapped.function, mapped.arguments),
        result,
      });
      throw error;
    }
    return `${mapped.function} failed: ${errorMessage(error)}`;
  }
}

/**
 * An error that is the session's to handle, not a failed tool to tell the model about: an action of unknown outcome
 * under the journal's `fail` policy ends the round with `ACTION_OUTCOME_UNKNOWN`.
 */
function endsTheStep(error: unknown): boolean {
  return error instanceof ActionOutcomeUnknownError;
}

/**
 * The operator's step with a computer-use model's own tool (Anthropic's `computer`, OpenAI's
 * `computer_use_preview`): the screen, scaled down to the display size declared with the tool → the model's tool
 * calls → each runs through the platform's coordinate tools with coordinates scaled back to the screen, and is
 * answered by a `tool` message with the new screenshot → memory. A reply without tool calls finishes the round
 * with its text as the result; a refusal ends it in ERROR with code `MODEL_REFUSED` and the model's text.
 *
 * @example
 * ```ts
 * const processor = createComputerUseProcessor({ tools: LINUX_OPERATOR_TOOLS, maxDisplay: { width: 1024, height: 768 } });
 * ```
 */
export function createComputerUseProcessor(options: ComputerUseProcessorOptions = {}): ProcessorTemplate<Agent> {
  const mapping = options.tools ?? LINUX_OPERATOR_TOOLS;
  const tool = options.screenshotTool ?? 'capture_desktop_screenshot';
  const maxDisplay = options.maxDisplay ?? DEFAULT_MAX_DISPLAY;
  const transcript = new ComputerUseTranscript();
  return new ProcessorTemplate<Agent>({
    name: 'ComputerUseProcessor',
    strategies: {
      DATA_COLLECTION: computerScreenStrategy(transcript, tool, maxDisplay),
      LLM_INTERACTION: computerLlmStrategy(transcript, options),
      ACTION_EXECUTION: computerActionStrategy(transcript, mapping, tool, maxDisplay),
      MEMORY_UPDATE: memoryUpdateStrategy(),
    },
    middleware: [loggingMiddleware(), ...(options.middleware ?? [])],
    finalize: finalizeOperatorStep,
  });
}
