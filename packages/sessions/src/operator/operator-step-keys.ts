import { defineStepKey } from '@ufo-ts/processor-strategies';
import { z } from 'zod';
import { OperatorResponseSchema } from './computer-action.js';
import type { GroundingParse } from './grounding/grounding-dialect.js';

const pixelSize = z.object({ width: z.number(), height: z.number() });

/**
 * The step data of the operator processors (besides the built-in `STEP_KEYS` of `@ufo-ts/processor-strategies`).
 * `response` is the built-in `response` entry seen through the operator's reply schema.
 *
 * @example
 * ```ts
 * const screen = step.require(OPERATOR_STEP_KEYS.screenSize, 'MyGroundingStrategy');
 * ```
 */
export const OPERATOR_STEP_KEYS = {
  response: defineStepKey('response', OperatorResponseSchema, "The operator's parsed reply."),
  computerUseResponse: defineStepKey(
    'response',
    z.object({
      observation: z.string(),
      thought: z.string(),
      status: z.string(),
      plan: z.array(z.string()),
      comment: z.string(),
      result: z.unknown().optional(),
    }),
    "A computer-use step's reply: the model's text as the thought, FINISH when it made no tool call.",
  ),
  grounding: defineStepKey(
    'grounding',
    z.custom<GroundingParse>(
      (value) => typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean',
      'a grounding parse',
    ),
    "The grounding model's reply read in its dialect.",
  ),
  imageSize: defineStepKey('image_size', pixelSize, 'The size of the screenshot the grounding model was sent.'),
  screenSize: defineStepKey('screen_size', pixelSize, 'The size of the screen in pixels.'),
} as const;
