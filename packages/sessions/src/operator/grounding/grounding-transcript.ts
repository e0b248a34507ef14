import type { ChatMessage, ContentPart } from '@ufo-ts/core';
import type { ScreenPoint } from './grounding-dialect.js';

/** One turn of a grounding conversation: what the operator said (with the screenshot) and the model's reply. */
interface Turn {
  text: string;
  image: string | null;
  reply?: string;
}

/**
 * The conversation of one round with a grounding model, in the model's own dialect: the task with the first
 * screenshot, then each reply followed by what its actions did and the next screenshot. Only the latest
 * `maxImages` screenshots are sent (local servers limit images per request); older turns keep their text. It
 * also remembers where the pointer is, and what to tell the model before the next screenshot.
 */
export class GroundingTranscript {
  round: number | undefined;
  /** Where the pointer is, in screen pixels, when known. */
  pointer: ScreenPoint | undefined;
  /** What the next turn tells the model first (the results of its last actions, or why they did not run). */
  feedback = '';
  /** How many of the blackboard's answered questions the conversation has shown. */
  answersShown = 0;
  private readonly turns: Turn[] = [];

  /** Starts over when `round` differs from the transcript's round. */
  startRound(round: number): void {
    if (this.round === round) return;
    this.round = round;
    this.pointer = undefined;
    this.feedback = '';
    this.turns.length = 0;
  }

  get size(): number {
    return this.turns.length;
  }

  /** Adds the operator's turn: `text` and the screenshot sent. */
  addTurn(text: string, image: string | null): void {
    this.turns.push({ text, image });
  }

  /** Records the model's final reply to the latest turn. */
  answer(reply: string): void {
    const last = this.turns[this.turns.length - 1];
    if (last) last.reply = reply;
  }

  /** The messages to send: the system prompt, then every turn, with images on the latest `maxImages` only. */
  messages(system: string, maxImages: number): ChatMessage[] {
    const withImage = this.turns
      .map((t, i) => ({ t, i }))
      .filter(({ t }) => t.image)
      .slice(-Math.max(0, maxImages))
      .map(({ i }) => i);
    const out: ChatMessage[] = [{ role: 'system', content: system }];
    this.turns.forEach((turn, i) => {
      const parts: ContentPart[] = [{ type: 'text', text: turn.text }];
      if (turn.image && withImage.includes(i)) parts.push({ type: 'image', image: turn.image, mediaType: 'image/png' });
      else if (turn.image) parts.push({ type: 'text', text: '(older screenshot not sent)' });
      out.push({ role: 'user', content: parts });
      if (turn.reply !== undefined) out.push({ role: 'assistant', content: turn.reply });
    });
    return out;
  }
}
