import type { ChatModel, ChatRequest, ChatResponse } from '@ufo-ts/core';

/** Text deltas as an async iterator, and the final response (the same as without streaming). */
export interface CompletionStream<T> extends AsyncIterable<string> {
  /** Resolves with the final response once the model is done; rejects like `complete()`. */
  readonly response: Promise<ChatResponse<T>>;
}

/**
 * Runs `model.complete(request)` with streaming and exposes the text deltas as an async iterator. Iteration
 * ends when the reply is complete and throws if the call fails. Works with any {@link ChatModel}: providers
 * stream over HTTP, others deliver their reply as one delta.
 */
export function streamCompletion<T>(model: ChatModel, request: ChatRequest<T>): CompletionStream<T> {
  const queue: string[] = [];
  let done = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const response = model.complete({
    ...request,
    onDelta: (delta) => {
      request.onDelta?.(delta);
      queue.push(delta);
      notify();
    },
  });
  response.then(
    () => {
      done = true;
      notify();
    },
    (error: unknown) => {
      failure = { error };
      done = true;
      notify();
    },
  );
  return {
    response,
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (queue.length > 0) {
          yield queue.shift()!;
          continue;
        }
        if (done) {
          if (failure) throw failure.error;
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
