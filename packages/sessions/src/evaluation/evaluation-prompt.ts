import { EvaluationVerdictSchema, type ChatMessage, type ContentPart, type TrajectoryStep } from '@ufo-ts/core';
import { quoteUntrusted, replyFormatText } from '@ufo-ts/processor-strategies';
import { stepEvidence } from './step-evidence.js';

const SYSTEM = `You judge whether a desktop automation agent fulfilled a user's request. You get the request, then the
agents' steps in order (what each saw, thought and did, and what each action returned), optionally with the
screenshot of each step, and the final screenshot. Judge from this evidence only: an action that failed did not
happen; a claim in a thought is not proof. Split the request into its parts and judge each one in "sub_scores"
(yes, no, or unsure when the evidence does not show it). "complete" is yes only when every part is yes. Explain
your verdict in "reason", citing step numbers. A request can be fulfilled without any application step (the
HostAgent may finish alone, e.g. when the application was already open).`;

/** What one evaluation prompt is built from. */
export interface EvaluationPromptInput {
  request: string;
  steps: readonly TrajectoryStep[];
  /** Data URL of a step's screenshot (annotated, else clean), when screenshots are sent. */
  stepImage?: (step: TrajectoryStep) => string | undefined;
  /** Data URL of the final screenshot. */
  finalImage?: string;
  /** At most this many step screenshots (the latest ones are kept). Default 40. */
  maxImages?: number;
}

/** The evaluation messages: system instructions with the verdict schema, and the trajectory as user content. */
export function buildEvaluationPrompt(input: EvaluationPromptInput): { messages: ChatMessage[]; images: number } {
  const maxImages = input.maxImages ?? 40;
  const withImage = new Set(
    input.stepImage
      ? input.steps
          .filter((s) => input.stepImage!(s))
          .slice(-maxImages)
          .map((s) => s.index)
      : [],
  );
  const parts: ContentPart[] = [{ type: 'text', text: `<Original request:>\n${quoteUntrusted('user_request', input.request)}` }];
  if (input.steps.length === 0) parts.push({ type: 'text', text: '<Steps:> (no step was recorded)' });
  let images = 0;
  for (const step of input.steps) {
    const image = withImage.has(step.index) ? input.stepImage?.(step) : undefined;
    if (image) {
      parts.push({ type: 'text', text: `Screenshot of step ${step.record.session_step}:` }, { type: 'image', image, mediaType: 'image/png' });
      images += 1;
    }
    parts.push({ type: 'text', text: JSON.stringify(stepEvidence(step)) });
  }
  if (input.finalImage) {
    parts.push({ type: 'text', text: '<Final screenshot:>' }, { type: 'image', image: input.finalImage, mediaType: 'image/png' });
    images += 1;
  }
  if (images === 0) parts.push({ type: 'text', text: '(No screenshot is available: judge from the text only.)' });
  parts.push({ type: 'text', text: '<Your response:>' });
  return {
    messages: [
      { role: 'system', content: `${SYSTEM}\n\n${replyFormatText(EvaluationVerdictSchema)}` },
      { role: 'user', content: parts },
    ],
    images,
  };
}
