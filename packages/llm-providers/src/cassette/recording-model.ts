import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';
import type { RecordedCassetteLine } from './cassette-schema.js';
import { canonicalRequest, requestKey } from './request-key.js';

/** Options of {@link RecordingModel}. */
export interface RecordingModelOptions {
  /** The model that answers. */
  model: ChatModel;
  /** The JSONL cassette file each call is appended to (created with its folder if missing). */
  path: string;
}

/**
 * Wraps any {@link ChatModel} and appends each successful call and its reply to a JSONL cassette, one
 * {@link RecordedCassetteLine} per line, for {@link ReplayModel} to replay. Failed calls are not recorded.
 *
 * @example
 * ```ts
 * const model = new RecordingModel({ model: createOpenAIModel({ model: 'gpt-4o', apiKey }), path: 'fixtures/run.jsonl' });
 * ```
 */
export class RecordingModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  /** The wrapped model's features. */
  readonly features?: ModelFeatures;
  private readonly options: RecordingModelOptions;
  private writes: Promise<void> = Promise.resolve();

  constructor(options: RecordingModelOptions) {
    this.options = options;
    this.provider = options.model.provider;
    this.modelId = options.model.modelId;
    if (options.model.features) this.features = options.model.features;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const response = await this.options.model.complete(request);
    const canonical = canonicalRequest(request, this.modelId);
    const line: RecordedCassetteLine = {
      key: requestKey(canonical),
      request: canonical,
      response: {
        content: response.content,
        usage: response.usage,
        cost: response.cost,
        model: response.model,
        provider: response.provider,
        ...(response.toolCalls?.length ? { toolCalls: response.toolCalls } : {}),
        ...(response.finishReason ? { finishReason: response.finishReason } : {}),
        ...(response.refusal !== undefined ? { refusal: response.refusal } : {}),
      },
      ...(this.features ? { features: this.features } : {}),
    };
    const write = this.writes.then(async () => {
      await mkdir(dirname(this.options.path), { recursive: true });
      await appendFile(this.options.path, `${JSON.stringify(line)}\n`, 'utf8');
    });
    this.writes = write.catch(() => undefined);
    await write;
    return response;
  }
}
