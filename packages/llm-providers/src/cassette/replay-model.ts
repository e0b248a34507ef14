import { readFile } from 'node:fs/promises';
import { parseStructuredReply } from '@ufo-ts/core';
import type { ChatModel, ChatRequest, ChatResponse, ModelFeatures } from '@ufo-ts/core';
import { toFinishReason } from '../tools/finish-reason.js';
import { EndpointConfigError, ModelCallError, ModelRefusalError, ModelReplyInvalidError, ReplayMissError } from '../errors.js';
import { refusalText } from '../refusal-text.js';
import { contentText } from '../message-content.js';
import { computeCost, defaultPrices, lookupPrice, mergePrices, type PriceTable } from '../prices.js';
import { CassetteLineSchema, type CassetteLine, type CassetteResponse } from './cassette-schema.js';
import { canonicalRequest, requestKey } from './request-key.js';
import { decodeWireReply } from './wire-decoding.js';

/** Options of {@link ReplayModel}. */
export interface ReplayModelOptions {
  /** The cassette: JSONL text, or lines already parsed. */
  cassette: string | CassetteLine[];
  /** Model id reported by this model and used in request keys (default: the first recorded request's model, else `replay`). */
  modelId?: string;
  /** Provider id of this model (default `replay`). */
  provider?: string;
  /** When true, a request whose key matches no unused line is a {@link ReplayMissError} instead of taking the next line in order. */
  strict?: boolean;
  /** Prices for wire-format lines (merged over the defaults). */
  prices?: PriceTable;
  /** The features this model claims (default: those recorded with the first line that has them; else none, text only). */
  features?: ModelFeatures;
}

interface Entry {
  line: CassetteLine;
  used: boolean;
}

/**
 * Replays a JSONL cassette deterministically. A request is matched by its key (sha256 of the canonical request),
 * falling back to the next unused line in order; when nothing is left (or, with `strict`, nothing matches) it
 * throws {@link ReplayMissError}. Lines may be recorded by {@link RecordingModel} or written by hand as a
 * provider's real JSON body (`{ wire: { provider, body } }`), decoded with the adapters' own mapping.
 *
 * @example
 * ```ts
 * const model = new ReplayModel({ cassette: readFileSync('fixtures/run.jsonl', 'utf8'), strict: true });
 * ```
 */
export class ReplayModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly features?: ModelFeatures;
  private readonly entries: Entry[];
  private readonly models: string[];
  private readonly options: ReplayModelOptions;
  private readonly prices: PriceTable;

  constructor(options: ReplayModelOptions) {
    this.options = options;
    const lines = typeof options.cassette === 'string' ? parseCassette(options.cassette) : options.cassette;
    this.entries = lines.map((line) => ({ line, used: false }));
    const recordedModels = lines.flatMap((line) => (line.request?.model ? [line.request.model] : []));
    this.modelId = options.modelId ?? recordedModels[0] ?? 'replay';
    this.provider = options.provider ?? 'replay';
    this.models = [...new Set([this.modelId, ...recordedModels])];
    this.prices = mergePrices(defaultPrices, options.prices);
    const recorded = lines.flatMap((line) => ('features' in line && line.features ? [line.features] : []));
    const features = options.features ?? recorded[0];
    if (features) this.features = features;
  }

  /** Reads a JSONL cassette file. */
  static async fromFile(path: string, options: Omit<ReplayModelOptions, 'cassette'> = {}): Promise<ReplayModel> {
    return new ReplayModel({ ...options, cassette: await readFile(path, 'utf8') });
  }

  /** Lines not replayed yet. */
  get remaining(): number {
    return this.entries.filter((entry) => !entry.used).length;
  }

  async complete<T = unknown>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
    const started = performance.now();
    if (request.signal?.aborted) {
      throw new ModelCallError(`${this.provider}/${this.modelId} call was aborted`, {
        provider: this.provider,
        model: this.modelId,
        attempts: 0,
        retryable: false,
        aborted: true,
        cause: request.signal.reason,
      });
    }
    const keys = this.models.map((model) => requestKey(canonicalRequest(request, model)));
    let matchedBy: 'key' | 'order' = 'key';
    let index = this.entries.findIndex((entry) => !entry.used && entry.line.key !== undefined && keys.includes(entry.line.key));
    if (index < 0) {
      matchedBy = 'order';
      index = this.entries.findIndex((entry) => !entry.used && (!this.options.strict || entry.line.key === undefined));
    }
    const entry = this.entries[index];
    if (!entry) throw this.miss(request, keys[0]!);
    entry.used = true;
    const response = this.responseOf(entry.line);
    if (response.content) request.onDelta?.(response.content);
    const out: ChatResponse<T> = {
      ...response,
      latencyMs: performance.now() - started,
      providerMetadata: { replay: { line: index + 1, matchedBy } },
    };
    const refusal = refusalText(response);
    if (request.schema && refusal !== undefined) {
      throw new ModelRefusalError(`Replayed line ${index + 1} refused to answer in the schema: ${refusal}`, {
        provider: response.provider,
        model: response.model,
        refusal,
        attempts: [{ content: response.content, issues: [`refused: ${refusal}`] }],
        usage: response.usage,
        cost: response.cost,
      });
    }
    if (request.schema && !(response.toolCalls?.length && !response.content.trim())) {
      const parsed = parseStructuredReply(response.content, request.schema);
      if (!parsed.success) {
        throw new ModelReplyInvalidError(`Replayed line ${index + 1} does not match the schema: ${parsed.issues.join('; ')}`, {
          provider: response.provider,
          model: response.model,
          attempts: [{ content: response.content, issues: parsed.issues }],
          usage: response.usage,
          cost: response.cost,
          cause: parsed.error,
        });
      }
      out.parsed = parsed.value;
    }
    return out;
  }

  private responseOf(line: CassetteLine): CassetteResponse {
    if ('response' in line) return line.response;
    const reply = decodeWireReply(line.wire);
    const model = reply.responseModel ?? this.modelId;
    const response: CassetteResponse = {
      content: reply.content,
      usage: reply.usage,
      cost: computeCost(reply.usage, lookupPrice(this.prices, line.wire.provider, model)),
      model,
      provider: line.wire.provider,
    };
    if (reply.toolCalls?.length) response.toolCalls = reply.toolCalls;
    const finishReason = toFinishReason(reply.finishReason, reply.toolCalls?.length ?? 0);
    if (finishReason) response.finishReason = reply.refusal ? 'refusal' : finishReason;
    if (reply.refusal) response.refusal = reply.refusal;
    return response;
  }

  private miss(request: ChatRequest, key: string): ReplayMissError {
    const last = [...request.messages].reverse().find((message) => message.role === 'user');
    const preview = (last ? contentText(last.content) : '').replace(/\s+/g, ' ').slice(0, 120);
    const used = this.entries.length - this.remaining;
    return new ReplayMissError(
      `No recording for this request (key ${key.slice(0, 12)}…, ${used}/${this.entries.length} lines used` +
        `${this.options.strict ? ', strict matching' : ''}); last user message: ${JSON.stringify(preview)}`,
      { key, details: { linesUsed: used, lines: this.entries.length } },
    );
  }
}

/** Parses JSONL cassette text (blank lines ignored); throws {@link EndpointConfigError} naming the bad line. */
export function parseCassette(text: string): CassetteLine[] {
  const lines: CassetteLine[] = [];
  text.split('\n').forEach((raw, index) => {
    if (!raw.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      throw new EndpointConfigError(`Cassette line ${index + 1} is not JSON`, { cause: error });
    }
    const parsed = CassetteLineSchema.safeParse(json);
    if (!parsed.success) {
      throw new EndpointConfigError(`Cassette line ${index + 1} is neither a recorded nor a wire line`, {
        cause: parsed.error,
      });
    }
    if ('wire' in parsed.data) {
      try {
        decodeWireReply(parsed.data.wire);
      } catch (error) {
        throw new EndpointConfigError(`Cassette line ${index + 1}: the ${parsed.data.wire.provider} wire body is not a valid response body`, { cause: error });
      }
    }
    lines.push(parsed.data);
  });
  return lines;
}
