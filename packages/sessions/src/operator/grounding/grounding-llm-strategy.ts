import type { Agent } from '@ufo-ts/agent-fsm';
import type { ChatMessage, ChatResponse } from '@ufo-ts/core';
import { defineStrategy, redactImages, refusalOf, RefusedReplyError, STEP_KEYS, type StepContext, type Strategy } from '@ufo-ts/processor-strategies';
import { SessionError } from '../../errors.js';
import { scalePngDataUrl, type PixelSize } from '../display-scaling.js';
import { OPERATOR_STEP_KEYS } from '../operator-step-keys.js';
import { pngSize } from '../png-size.js';
import type { GroundingDialect, GroundingParse } from './grounding-dialect.js';
import type { GroundingTranscript } from './grounding-transcript.js';
import { groundingReaskText } from './reask-text.js';

/** What the LLM strategy needs from the processor's options. */
export interface GroundingLlmSettings {
  dialect: GroundingDialect;
  maxImage: PixelSize;
  maxImages: number;
  reasks: number;
  instructions?: string;
  language?: string;
}

/**
 * The reply as text: its content, then any tool calls the server parsed out of it written back as
 * `<tool_call>` blocks (an OpenAI-compatible server with a tool-call parser may return a Qwen call that way).
 */
export function replyText(reply: ChatResponse): string {
  const calls = (reply.toolCalls ?? []).map((c) => `<tool_call>\n${JSON.stringify({ name: c.name, arguments: c.arguments })}\n</tool_call>`);
  return [reply.content, ...calls].filter(Boolean).join('\n');
}

function logRequest(agent: Agent, step: StepContext, messages: ChatMessage[], dialect: string, attempt: number): void {
  agent.services.logSink.write('request', {
    agent: agent.name,
    session_step: step.get(STEP_KEYS.sessionStep),
    round_num: step.get(STEP_KEYS.roundNum),
    messages: redactImages(messages),
    dialect,
    attempt,
    time: new Date(agent.services.clock.now()).toISOString(),
  });
}

/**
 * Sends the screenshot, scaled to the dialect's image size, with the conversation so far (a turn opens with the
 * results of the last actions, and with the user's answers after a PENDING step), and reads the reply in the
 * dialect. A reply with problems is asked again (up to `reasks` times) with a message quoting every reason;
 * nothing runs until a reply reads cleanly. Provides `response` (for memory and status), `grounding` (the
 * {@link GroundingParse}), `image_size`, `screen_size`, cost, tokens and model.
 */
export function groundingLlmStrategy(transcript: GroundingTranscript, settings: GroundingLlmSettings): Strategy {
  const { dialect } = settings;
  return defineStrategy({
    name: `GroundingLLMInteraction(${dialect.name})`,
    phase: 'LLM_INTERACTION',
    dependsOn: [STEP_KEYS.request, STEP_KEYS.screenshot],
    provides: [
      STEP_KEYS.response,
      OPERATOR_STEP_KEYS.grounding,
      OPERATOR_STEP_KEYS.imageSize,
      OPERATOR_STEP_KEYS.screenSize,
      STEP_KEYS.llmCost,
      STEP_KEYS.tokens,
      STEP_KEYS.model,
    ],
    async execute(agent: Agent, step: StepContext) {
      transcript.startRound(Number(step.get(STEP_KEYS.roundNum) ?? 0));
      const screenshot = step.get(STEP_KEYS.screenshot);
      const screen = pngSize(screenshot);
      if (!screenshot || !screen)
        throw new SessionError(
          'SCREENSHOT_UNAVAILABLE',
          `${agent.name}: no PNG screenshot of the screen, so there is nothing to ground the ${dialect.name} reply on.`,
        );
      const image = settings.dialect.imageSize(screen, settings.maxImage);
      const sent = await scalePngDataUrl(screenshot, image);
      const opening = transcript.size === 0 ? `Task: ${step.require(STEP_KEYS.request)}` : transcript.feedback || 'The screen after your last action:';
      const answers = agent.blackboard.questions.slice(transcript.answersShown).map((qa) => `- ${qa.question} → ${qa.answer || '(no answer)'}`);
      transcript.answersShown = agent.blackboard.questions.length;
      transcript.addTurn(answers.length ? `The user answered:\n${answers.join('\n')}\n${opening}` : opening, sent);
      transcript.feedback = '';
      const system = dialect.systemPrompt({
        image,
        ...(settings.instructions ? { instructions: settings.instructions } : {}),
        ...(settings.language ? { language: settings.language } : {}),
      });
      const retry: ChatMessage[] = [];
      let cost: number | null = 0;
      const tokens = { input: 0, output: 0 };
      let reply: ChatResponse | undefined;
      let text = '';
      let parsed: GroundingParse | undefined;
      for (let attempt = 0; attempt <= settings.reasks; attempt++) {
        const messages = [...transcript.messages(system, settings.maxImages), ...retry];
        logRequest(agent, step, messages, dialect.name, attempt);
        reply = await agent.services.model.complete({
          messages,
          metadata: { agent: agent.name, step: Number(step.get(STEP_KEYS.sessionStep) ?? 0) },
          ...(step.signal ? { signal: step.signal } : {}),
        });
        cost = cost === null || reply.cost === null ? null : cost + reply.cost;
        tokens.input += reply.usage.inputTokens;
        tokens.output += reply.usage.outputTokens;
        step.set(STEP_KEYS.llmCost, cost);
        const refusal = refusalOf(reply);
        if (refusal !== undefined) throw new RefusedReplyError(refusal, { cost });
        text = replyText(reply);
        parsed = dialect.parse(text, image, screen, transcript.pointer ? { pointer: transcript.pointer } : {});
        if (parsed.ok) break;
        retry.push({ role: 'assistant', content: text }, { role: 'user', content: groundingReaskText(parsed.problems, dialect) });
      }
      transcript.answer(text);
      const grounding = parsed!;
      const end = grounding.ok ? grounding.end : undefined;
      const response = {
        observation: '',
        thought: grounding.thought,
        plan: [],
        comment: grounding.ok ? '' : `The reply could not be carried out: ${grounding.problems.map((p) => p.reason).join('; ')}`,
        status: end?.status ?? 'CONTINUE',
        ...(end && end.status !== 'PENDING' && end.result !== undefined ? { result: end.result } : {}),
        ...(end?.status === 'PENDING' ? { questions: [end.question] } : {}),
      };
      return { response, grounding, image_size: image, screen_size: screen, response_text: text, llm_cost: cost, tokens, model: reply!.model };
    },
  });
}
