import type { ScriptedCall, ScriptedReply, PromptListing } from '@ufo-ts/processor-strategies';
import type { GroundedModel } from '../grounded/grounded-model.js';
import type { PromptNotices } from './prompt-notices.js';

/** What an imperfect model knows when the engine asks it for a reply. */
export interface Turn {
  /** The listings of this prompt. */
  listing: PromptListing;
  /** The listings of the earlier prompts, oldest first. */
  earlier: readonly PromptListing[];
  /** The engine's `<Progress check:>` and `<Finish check:>` notices in this prompt. */
  notices: PromptNotices;
  /** The reference player the model is built on. */
  player: GroundedModel;
  /** The reply the model sent last, if any. */
  previous: ScriptedReply | undefined;
  /** A reply of the model's own (a detour from the reference path): the player does not retry its step on its failure. */
  detour(thought: string, calls: ScriptedCall[]): ScriptedReply;
}

/**
 * How one kind of imperfect model departs from the reference player: `before` may answer in its place (undefined
 * lets the player answer); `after` may change the player's reply (a wrong id).
 */
export interface Quirk {
  before?(turn: Turn): ScriptedReply | undefined;
  after?(turn: Turn, reply: ScriptedReply): ScriptedReply;
}

/** A call in the player's reply format. */
export function call(fn: string, args: Record<string, unknown>): ScriptedCall {
  return { function: fn, arguments: args, status: 'CONTINUE' };
}

/** The reply with one call's `id` argument replaced. */
export function withId(reply: ScriptedReply, index: number, id: string): ScriptedReply {
  return { ...reply, action: reply.action.map((c, i) => (i === index ? { ...c, arguments: { ...c.arguments, id } } : c)) };
}
