import { UfoError } from '@ufo-ts/core';
import { z } from 'zod';
import type { ConfigErrorCode } from '../errors.js';
import type { UfoConfig } from '../schema/ufo-config-schema.js';

const EmbeddingsReplySchema = z.object({ data: z.array(z.object({ index: z.number().int(), embedding: z.array(z.number()) })) });

/** Options of {@link createEmbeddingModel}. */
export interface EmbeddingModelOptions {
  /** The `embedding` block of the configuration. */
  config: NonNullable<UfoConfig['embedding']>;
  /** Where the API key named by `config.apiKeyEnv` is read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The `fetch` used for requests (default the global one; tests pass a stub). */
  fetch?: typeof fetch;
}

/**
 * A minimal client of an OpenAI-compatible `POST {baseUrl}/embeddings` endpoint (OpenAI, Azure-compatible
 * gateways, Ollama, vLLM). Structurally an `EmbeddingModel` of `@ufo-ts/sessions`. Failures are
 * `EMBEDDING_FAILED` errors with the status and the server's message.
 *
 * @example
 * ```ts
 * const embedder = createEmbeddingModel({ config: EmbeddingConfigSchema.parse({ model: 'text-embedding-3-small' }) });
 * const [vector] = await embedder.embed(['open the settings window']);
 * ```
 */
export function createEmbeddingModel(options: EmbeddingModelOptions) {
  const { config } = options;
  const env = options.env ?? process.env;
  const key = config.apiKey ?? env[config.apiKeyEnv];
  const doFetch = options.fetch ?? fetch;
  return {
    modelId: config.model,
    /**
     * Embeds `texts` in one request and returns one vector per text, in order (an empty list makes no request).
     * The call is aborted by `call.signal` or after `config.timeoutMs`.
     */
    async embed(texts: readonly string[], call: { signal?: AbortSignal } = {}): Promise<number[][]> {
      if (texts.length === 0) return [];
      const signal = call.signal ? AbortSignal.any([call.signal, AbortSignal.timeout(config.timeoutMs)]) : AbortSignal.timeout(config.timeoutMs);
      let response: Response;
      try {
        response = await doFetch(`${config.baseUrl.replace(/\/+$/, '')}/embeddings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify({ model: config.model, input: texts }),
          signal,
        });
      } catch (error) {
        throw new UfoError<ConfigErrorCode>('EMBEDDING_FAILED', `Embedding request to ${config.baseUrl} failed: ${(error as Error).message}`, { cause: error });
      }
      const text = await response.text();
      if (!response.ok) throw new UfoError<ConfigErrorCode>('EMBEDDING_FAILED', `Embedding request failed with HTTP ${response.status}: ${text.slice(0, 300)}`);
      const parsed = EmbeddingsReplySchema.safeParse(JSON.parse(text));
      if (!parsed.success || parsed.data.data.length !== texts.length) {
        throw new UfoError<ConfigErrorCode>('EMBEDDING_FAILED', `Unexpected embeddings reply from ${config.baseUrl}: ${text.slice(0, 200)}`);
      }
      return [...parsed.data.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
  };
}
