import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';
import type { TaskSuiteError } from '../errors.js';
import { scriptedResponse, type ScriptedReply, readPromptListing, type PromptListing } from '@ufo-ts/processor-strategies';
import { GroundedModel } from '../grounded/grounded-model.js';
import type { ReferenceStep } from '../grounded/reference-steps.js';
import { explorerQuirk } from './explorer.js';
import { hastyQuirk } from './hasty.js';
import type { ImperfectKind } from './model-spec.js';
import { pingPongQuirk } from './ping-pong.js';
import { prematureQuirk } from './premature.js';
import { mulberry32 } from './prng.js';
import { readPromptNotices } from './prompt-notices.js';
import type { Quirk, Turn } from './quirk.js';
import { staleQuirk } from './stale.js';
import { stubbornQuirk } from './stubborn.js';
import { wrongTargetQuirk } from './wrong-target.js';

/** Options of {@link ImperfectModel}. */
export interface ImperfectModelOptions {
  /** How it goes wrong (see {@link IMPERFECT_KINDS}). */
  kind: ImperfectKind;
  /** The seed of its choices (default 1): the same seed and prompts give the same replies. */
  seed?: number;
  /** The reference solution it departs from. */
  steps: readonly ReferenceStep[];
  /** Names the solution in errors (the task id). */
  label?: string;
  /** A trap task's tempting steps (`task.trap.steps`): `stubborn` plays them first. */
  trap?: readonly ReferenceStep[];
  /** `wrong-target`: the chance of a wrong click (default 0.25). */
  wrongTargetRate?: number;
  /** Waits of the reference player for a missing control (default 6). */
  patience?: number;
  /** Seconds one wait asks for (default 0.5). */
  waitSeconds?: number;
  /** Answer with native tool calls, as the reference player does with this option. */
  nativeTools?: boolean;
}

/**
 * A {@link ChatModel} that plays a task's reference solution the way an imperfect model would: it is built on the
 * {@link GroundedModel} (which resolves every step against the prompt the engine sent) and departs from it in one
 * way, its `kind` — `stubborn`, `ping-pong`, `stale`, `wrong-target`, `explorer`, `premature` or `hasty` — at
 * points chosen by a seeded generator, so a seed always gives the same replies. It reads the engine's notices
 * (`<Progress check:>`, `<Finish check:>`) where its kind heeds them. For testing how the engine copes.
 */
export class ImperfectModel implements ChatModel {
  readonly provider = 'imperfect';
  readonly modelId: string;
  readonly features?: ModelFeatures;
  /** The reference player it is built on. */
  readonly player: GroundedModel;
  readonly kind: ImperfectKind;
  readonly seed: number;
  /** The number of replies given so far. */
  calls = 0;
  private readonly quirk: Quirk;
  private readonly earlier: PromptListing[] = [];
  private previous: ScriptedReply | undefined;

  constructor(options: ImperfectModelOptions) {
    this.kind = options.kind;
    this.seed = options.seed ?? 1;
    this.modelId = `imperfect-${this.kind}-${this.seed}`;
    this.player = new GroundedModel({
      steps: options.steps,
      ...(options.label !== undefined ? { label: options.label } : {}),
      ...(options.patience !== undefined ? { patience: options.patience } : {}),
      ...(options.waitSeconds !== undefined ? { waitSeconds: options.waitSeconds } : {}),
      ...(options.nativeTools ? { nativeTools: true } : {}),
    });
    if (this.player.features) this.features = this.player.features;
    this.quirk = quirkFor(options, this.player, this.seed);
  }

  /** The error that ended the reference solution, when one did. */
  get failure(): TaskSuiteError | undefined {
    return this.player.failure;
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    this.calls += 1;
    if (request.signal?.aborted) throw request.signal.reason;
    const listing = readPromptListing(request.messages);
    const player = this.player;
    const turn: Turn = {
      listing,
      earlier: this.earlier,
      notices: readPromptNotices(listing.text),
      player,
      previous: this.previous,
      detour(thought, calls) {
        player.interject();
        return player.answer(thought, calls);
      },
    };
    let reply = this.quirk.before?.(turn);
    if (reply === undefined) {
      reply = player.replyTo(listing);
      if (this.quirk.after) reply = this.quirk.after(turn, reply);
    }
    this.earlier.push(listing);
    this.previous = reply;
    return scriptedResponse(reply, request, this, this.calls);
  }
}

function quirkFor(options: ImperfectModelOptions, player: GroundedModel, seed: number): Quirk {
  const rng = mulberry32(seed);
  switch (options.kind) {
    case 'stubborn':
      return stubbornQuirk(options.trap, options.patience, options.waitSeconds);
    case 'ping-pong':
      return pingPongQuirk(player, rng);
    case 'stale':
      return staleQuirk(player, rng);
    case 'wrong-target':
      return wrongTargetQuirk(player, rng, options.wrongTargetRate);
    case 'explorer':
      return explorerQuirk(player, rng);
    case 'premature':
      return prematureQuirk(player);
    case 'hasty':
      return hastyQuirk();
  }
}
