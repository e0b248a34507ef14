import type { ComputerAction } from '../computer-action.js';
import type { PixelSize } from '../display-scaling.js';

/** A point in screen pixels. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Why a reply (or one action of it) cannot be carried out. Nothing is guessed: a reply with any problem runs no
 * action, and the operator asks again quoting each `reason`.
 *
 * - `no_action`: the reply has no action in the dialect's format.
 * - `unreadable`: an action is there but cannot be read (broken call syntax, invalid JSON).
 * - `unknown_action`: an action the dialect does not define, or one this platform cannot perform.
 * - `missing_coordinate`: an action that needs a point has none.
 * - `null_coordinate`: the point is given as null/None/empty.
 * - `out_of_range`: the point lies outside the dialect's coordinate range (the grid or the image).
 * - `bad_argument`: any other argument of the wrong type or value.
 */
export type GroundingProblemKind = 'no_action' | 'unreadable' | 'unknown_action' | 'missing_coordinate' | 'null_coordinate' | 'out_of_range' | 'bad_argument';

/** One reason a reply cannot be carried out. */
export interface GroundingProblem {
  kind: GroundingProblemKind;
  /** The action as the model named it, when there is one. */
  action?: string;
  /** What is wrong, in words the model can act on (quoted back to it when the operator asks again). */
  reason: string;
}

/** How a reply ends the task, besides (or instead of) actions. */
export type GroundingEnd = { status: 'FINISH'; result?: string } | { status: 'FAIL'; result?: string } | { status: 'PENDING'; question: string };

/** A reply read successfully: the model's reasoning, the actions in screen pixels, and how it ends the task. */
export interface GroundingStep {
  ok: true;
  thought: string;
  /** Actions to run in order; coordinates are already screen pixels. */
  actions: ComputerAction[];
  end?: GroundingEnd;
}

/** A reply that cannot be carried out, with every reason found. */
export interface GroundingFailure {
  ok: false;
  thought: string;
  problems: GroundingProblem[];
}

/** What {@link GroundingDialect.parse} returns. */
export type GroundingParse = GroundingStep | GroundingFailure;

/** What a dialect's parser may know besides the image and the screen. */
export interface GroundingContext {
  /** Where the pointer is, in screen pixels, when known (the end of the last pointer action). */
  pointer?: ScreenPoint;
}

/** What a dialect's system prompt is built from. */
export interface GroundingPromptOptions {
  /** The size of the screenshot the model is sent. */
  image: PixelSize;
  /** Extra instructions appended to the prompt. */
  instructions?: string;
  /** The language the model should think in (default English), for dialects whose prompt asks for one. */
  language?: string;
}

/**
 * How a local vision model answers: the system prompt that asks for its own action format, the size of screenshot
 * it should be sent, and the parser that turns its reply into the operator's {@link ComputerAction}s, scaled per
 * axis from the image sent to the screen. Replies that cannot be carried out come back as typed
 * {@link GroundingProblem}s instead of guesses.
 *
 * @example
 * ```ts
 * const dialect = uiTarsDialect();
 * const reply = dialect.parse("Thought: Press 7.\nAction: click(start_box='(500,500)')", { width: 1092, height: 683 }, { width: 1280, height: 800 });
 * // { ok: true, thought: 'Press 7.', actions: [{ type: 'click', x: 640, y: 400, button: 'left' }] }
 * ```
 */
export interface GroundingDialect {
  /** The dialect's name (`ui-tars`, `qwen2.5-vl`, `qwen3-vl`, `pixel-json`). */
  readonly name: string;
  /** The system prompt describing the action format, for a screenshot of `options.image` pixels. */
  systemPrompt(options: GroundingPromptOptions): string;
  /** The size to send a screenshot of `screen` pixels at, no larger than `max` (aspect ratio kept). */
  imageSize(screen: PixelSize, max: PixelSize): PixelSize;
  /** Reads a reply to a screenshot of `image` pixels taken of a screen of `screen` pixels. */
  parse(text: string, image: PixelSize, screen: PixelSize, context?: GroundingContext): GroundingParse;
  /** One sentence reminding the model of the format, added when it is asked again. */
  readonly formatReminder: string;
}
