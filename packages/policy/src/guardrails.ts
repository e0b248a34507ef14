import type { ChatModel, ChatRequest, ChatResponse } from '@ufo-ts/core';
import { GuardrailBlockedError } from './errors.js';

/**
 * What a guardrail says: let it pass (`undefined` or `{ action: 'pass' }`), block it with a reason, or rewrite it
 * (a new request before the call, a new reply before any action) with a reason.
 */
export type GuardrailVerdict<T> = undefined | { action: 'pass' } | { action: 'block'; reason: string } | { action: 'rewrite'; value: T; reason: string };

/**
 * A hook on the request, called before the model call. It may block the call or rewrite the request (redact a
 * secret, add an instruction).
 *
 * @example
 * ```ts
 * const noKeys: InputGuardrail = {
 *   name: 'no-api-keys',
 *   check: (request) => (JSON.stringify(request.messages).match(/sk-[A-Za-z0-9]{20,}/) ? { action: 'block', reason: 'the request holds an API key' } : undefined),
 * };
 * ```
 */
export interface InputGuardrail {
  /** Names the guardrail in errors and in the record of rewrites. */
  name: string;
  /**
   * Judges the request (as rewritten by the guardrails before it). Throwing blocks the call.
   */
  check(request: ChatRequest<unknown>): GuardrailVerdict<ChatRequest<unknown>> | Promise<GuardrailVerdict<ChatRequest<unknown>>>;
}

/**
 * A hook on the model's reply, called before the engine reads it (so before any action runs). It may block the
 * reply or rewrite it (drop a tool call, change an argument).
 *
 * @example
 * ```ts
 * const noShell: OutputGuardrail = {
 *   name: 'no-shell',
 *   check: (reply) => (reply.content.includes('run_shell') ? { action: 'block', reason: 'shell commands are not allowed' } : undefined),
 * };
 * ```
 */
export interface OutputGuardrail {
  /** Names the guardrail in errors and in the record of rewrites. */
  name: string;
  /**
   * Judges the reply (as rewritten by the guardrails before it), given the request that was sent. Throwing blocks
   * the reply.
   */
  check(
    response: ChatResponse<unknown>,
    request: ChatRequest<unknown>,
  ): GuardrailVerdict<ChatResponse<unknown>> | Promise<GuardrailVerdict<ChatResponse<unknown>>>;
}

/** One rewrite a guardrail made, recorded in the reply's `providerMetadata.guardrails`. */
export interface GuardrailRewrite {
  guardrail: string;
  stage: 'input' | 'output';
  reason: string;
}

/** Options of {@link withGuardrails}. */
export interface GuardrailOptions {
  /** Run in order on the request before the model call; the first block stops the call. */
  input?: readonly InputGuardrail[];
  /** Run in order on the reply; the first block rejects the completion. */
  output?: readonly OutputGuardrail[];
}

/**
 * Wraps a model so every completion passes its guardrails: the input guardrails see the request before the call,
 * the output guardrails see the reply before the caller does. A block rejects the completion with
 * {@link GuardrailBlockedError} (`GUARDRAIL_BLOCKED`, naming the guardrail and its reason), so the step fails and
 * no action of that reply runs; a rewrite goes on with the new request or reply and is listed in the reply's
 * `providerMetadata.guardrails`. A guardrail that throws blocks too (fails closed). The wrapper keeps the model's
 * provider, id and features.
 *
 * @example
 * ```ts
 * const model = withGuardrails(openai, { input: [noKeys], output: [noShell] });
 * ```
 */
export function withGuardrails(model: ChatModel, options: GuardrailOptions): ChatModel {
  const input = options.input ?? [];
  const output = options.output ?? [];
  if (input.length === 0 && output.length === 0) return model;
  const run = async <V>(
    name: string,
    stage: 'input' | 'output',
    check: () => GuardrailVerdict<V> | Promise<GuardrailVerdict<V>>,
  ): Promise<GuardrailVerdict<V>> => {
    try {
      return await check();
    } catch (error) {
      throw new GuardrailBlockedError(name, stage, `the guardrail failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
  };
  const guarded: ChatModel = {
    provider: model.provider,
    modelId: model.modelId,
    ...(model.features ? { features: model.features } : {}),
    async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
      const rewrites: GuardrailRewrite[] = [];
      let req = request as ChatRequest<unknown>;
      for (const g of input) {
        const verdict = await run(g.name, 'input', () => g.check(req));
        if (verdict?.action === 'block') throw new GuardrailBlockedError(g.name, 'input', verdict.reason);
        if (verdict?.action === 'rewrite') {
          req = verdict.value;
          rewrites.push({ guardrail: g.name, stage: 'input', reason: verdict.reason });
        }
      }
      let res = (await model.complete(req as ChatRequest<T>)) as ChatResponse<unknown>;
      for (const g of output) {
        const verdict = await run(g.name, 'output', () => g.check(res, req));
        if (verdict?.action === 'block') throw new GuardrailBlockedError(g.name, 'output', verdict.reason);
        if (verdict?.action === 'rewrite') {
          res = verdict.value;
          rewrites.push({ guardrail: g.name, stage: 'output', reason: verdict.reason });
        }
      }
      if (rewrites.length > 0) res = { ...res, providerMetadata: { ...res.providerMetadata, guardrails: rewrites } };
      return res as ChatResponse<T>;
    },
  };
  return guarded;
}
