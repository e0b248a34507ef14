import MiniSearch from 'minisearch';
import { SessionError } from '../errors.js';
import { experienceText, type ExperienceRecord } from './experience-schema.js';

/** Finds the examples most relevant to a query. */
export interface ExampleRetriever {
  /** Resolves with at most `k` records, the most relevant first (none for an empty query or `k <= 0`). */
  retrieve(query: string, k: number, options?: { signal?: AbortSignal }): Promise<ExperienceRecord[]>;
}

/** Turns texts into vectors (an embedding model). Implemented by `@ufo-ts/config`'s OpenAI-compatible client. */
export interface EmbeddingModel {
  /** Model id, stored with cached vectors so a change of model re-embeds. */
  readonly modelId: string;
  /** Resolves with one vector per text, in the order of `texts`. */
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}

const STOP_WORDS = new Set('a an and are as at be by do for from how i in is it me my of on or please the this to what with you your'.split(' '));

/** Lower-cases a term and drops common English words, so "the" or "to" never decide a match. */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

/**
 * Keyword retrieval with MiniSearch (BM25 with prefix and fuzzy matching) over the request, subtask, application
 * and tips: the default, needs no model.
 */
export class KeywordRetriever implements ExampleRetriever {
  private readonly index: MiniSearch<{ id: string; request: string; subtask: string; application: string; tips: string }>;
  private readonly byId: Map<string, ExperienceRecord>;

  constructor(records: readonly ExperienceRecord[]) {
    this.byId = new Map(records.map((r) => [r.id, r]));
    this.index = new MiniSearch({
      fields: ['request', 'subtask', 'application', 'tips'],
      storeFields: [],
      processTerm,
      searchOptions: { boost: { request: 2, subtask: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
    });
    this.index.addAll([...this.byId.values()].map((r) => ({ id: r.id, request: r.request, subtask: r.subtask, application: r.application, tips: r.tips })));
  }

  /** The `k` best keyword matches for `query`, best first (records matching no term are left out). */
  async retrieve(query: string, k: number): Promise<ExperienceRecord[]> {
    if (!query.trim() || k <= 0) return [];
    return this.index
      .search(query)
      .slice(0, k)
      .map((hit) => this.byId.get(String(hit.id)))
      .filter((r): r is ExperienceRecord => r !== undefined);
  }
}

/** Options of {@link EmbeddingRetriever}. */
export interface EmbeddingRetrieverOptions {
  records: readonly ExperienceRecord[];
  model: EmbeddingModel;
  /** Called with the records whose vectors were just computed (to persist them in the store). */
  onEmbedded?: (records: ExperienceRecord[]) => void;
}

/**
 * Embedding retrieval: cosine similarity between the query's vector and each record's (computed once per model
 * and cached on the record). Used when an embedding model is configured.
 */
export class EmbeddingRetriever implements ExampleRetriever {
  private records: ExperienceRecord[];
  private ready: Promise<void> | undefined;

  constructor(private readonly options: EmbeddingRetrieverOptions) {
    this.records = options.records.map((r) => ({ ...r }));
  }

  /**
   * The `k` records most similar to `query`, best first. The first call embeds the records that have no vector for
   * this model (reporting them to `onEmbedded`); each call embeds the query.
   */
  async retrieve(query: string, k: number, options: { signal?: AbortSignal } = {}): Promise<ExperienceRecord[]> {
    if (!query.trim() || k <= 0 || this.records.length === 0) return [];
    this.ready ??= this.embedMissing(options.signal);
    await this.ready;
    const [vector] = await this.embed([query], options.signal);
    return this.records
      .map((record) => ({ record, score: cosine(vector!, record.embedding!.vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map(({ record }) => record);
  }

  private async embedMissing(signal: AbortSignal | undefined): Promise<void> {
    const missing = this.records.filter((r) => r.embedding?.model !== this.options.model.modelId);
    if (missing.length === 0) return;
    const vectors = await this.embed(missing.map(experienceText), signal);
    missing.forEach((record, i) => {
      record.embedding = { model: this.options.model.modelId, vector: vectors[i]! };
    });
    this.options.onEmbedded?.(missing);
  }

  private async embed(texts: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    const vectors = await this.options.model.embed(texts, signal ? { signal } : {});
    if (vectors.length !== texts.length || vectors.some((v) => !Array.isArray(v) || v.length === 0)) {
      throw new SessionError('EMBEDDING_FAILED', `Embedding model ${this.options.model.modelId} returned ${vectors.length} vectors for ${texts.length} texts`);
    }
    return vectors;
  }
}

/** Cosine similarity (0 for a zero vector or mismatched lengths). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Keyword retrieval by default; embedding retrieval when a model is given. */
export function createExampleRetriever(options: {
  records: readonly ExperienceRecord[];
  embedding?: EmbeddingModel;
  onEmbedded?: (records: ExperienceRecord[]) => void;
}): ExampleRetriever {
  return options.embedding
    ? new EmbeddingRetriever({ records: options.records, model: options.embedding, ...(options.onEmbedded ? { onEmbedded: options.onEmbedded } : {}) })
    : new KeywordRetriever(options.records);
}
