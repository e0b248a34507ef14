import type { ChatMessage } from '@ufo-ts/core';
import type { PixelSize } from './display-scaling.js';

/**
 * The tool-use conversation of one computer-use round: the user's request with the first screenshot, then each
 * assistant reply with its tool calls and one `tool` message per call carrying the screenshot taken after it.
 * It lives as long as the operator's processor and starts over when the round changes.
 */
export class ComputerUseTranscript {
  /** The round the messages belong to. */
  round: number | undefined;
  /** The real screen size, from the first screenshot of the round. */
  screen: PixelSize | undefined;
  /** The display size declared to the model, fixed for the round. */
  display: PixelSize | undefined;
  /** The latest screenshot at display size, as a PNG data URL. */
  latestScreenshot: string | null = null;
  readonly messages: ChatMessage[] = [];

  /** Starts over when `round` differs from the transcript's round. */
  startRound(round: number): void {
    if (this.round === round) return;
    this.round = round;
    this.screen = undefined;
    this.display = undefined;
    this.latestScreenshot = null;
    this.messages.length = 0;
  }
}
