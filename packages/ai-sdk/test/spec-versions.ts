/**
 * The AI SDK language model specifications the adapter takes, for suites that run once per version:
 *
 * - `v3` (`LanguageModelV3`, AI SDK 6): `ai@6`'s `MockLanguageModelV3` (`ai/test`), `@ai-sdk/provider@3`'s
 *   `APICallError`, and the real `@ai-sdk/openai` 3.x.
 * - `v4` (`LanguageModelV4`, AI SDK 7): `ai@7`'s `MockLanguageModelV4` (`ai/test`, installed as `ai-v7`),
 *   `@ai-sdk/provider@4`'s `APICallError` (`@ai-sdk/provider-v4`) and the real `@ai-sdk/openai` 4.x (`@ai-sdk/openai-v4`).
 *
 * `ai@7`, `@ai-sdk/provider@4` and `@ai-sdk/openai@4` declare `engines.node` `>=22`; on an older Node the v4 suites
 * are skipped (the reason is in the suite's title and printed once) instead of running packages on a Node they do
 * not support. The packages are imported in `load()`, so a skipped version is never imported.
 *
 * The expected prompt parts below are written from each version's declarations, not from the adapter's code:
 * `LanguageModelV3FilePart.data` is base64 text or a `URL` and tool-result images are `image-data` / `image-url`
 * items; `LanguageModelV4FilePart.data` is `SharedV4FileData` (`{ type: 'data' }` or `{ type: 'url' }`) and
 * tool-result images are `file` items carrying the same.
 */
import { createRequire } from 'node:module';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider-v4';
import type { AiSdkLanguageModel } from '../src/index.js';

const require = createRequire(import.meta.url);

/** The call options a mock recorded (either version). */
export type RecordedCall = LanguageModelV3CallOptions | LanguageModelV4CallOptions;

/** An AI SDK mock language model of either version, with the calls it received. */
export interface MockModel extends AiSdkLanguageModel {
  doGenerateCalls: RecordedCall[];
  doStreamCalls: RecordedCall[];
}

/** What the mock's constructor takes: a result, a list of results, or a function (shapes as in the SDK's types). */
export interface MockOptions {
  modelId?: string;
  doGenerate?: unknown;
  doStream?: unknown;
}

/** The fields of `APICallError`'s constructor the tests use (the same in both versions). */
export interface ApiCallErrorOptions {
  message: string;
  url: string;
  requestBodyValues: unknown;
  statusCode?: number;
  isRetryable?: boolean;
}

/** One version's packages, loaded. */
export interface SpecPackages {
  mock(options?: MockOptions): MockModel;
  simulateReadableStream<T>(options: { chunks: T[] }): ReadableStream<T>;
  apiCallError(options: ApiCallErrorOptions): Error;
  /** The class `apiCallError` builds, for `toBeInstanceOf`. */
  ApiCallError: abstract new (...args: never[]) => Error;
  /** The real `@ai-sdk/openai` of this version: `createOpenAI({ baseURL, apiKey }).chat(modelId)`. */
  openaiChat(baseURL: string, modelId: string): AiSdkLanguageModel;
}

/** One specification version under test. */
export interface SpecVersion {
  version: 'v3' | 'v4';
  /** Suite title: the version and the packages behind it (and the reason when skipped). */
  title: string;
  /** Why this version's suites are skipped on this Node, or `undefined` when they run. */
  skip: string | undefined;
  load(): Promise<SpecPackages>;
  /** How a user image travels in this version's prompt (`file` part). */
  userImage(data: string | URL, mediaType: string): Record<string, unknown>;
  /** How an image travels inside a tool result's `content` output. */
  toolResultImage(data: string | URL, mediaType: string): Record<string, unknown>;
}

function packageInfo(specifier: string): { label: string; nodeRange: string | undefined } {
  const json = require(`${specifier}/package.json`) as { name: string; version: string; engines?: { node?: string } };
  return { label: `${json.name}@${json.version}`, nodeRange: json.engines?.node };
}

/** The reason to skip when any of the packages declares a `>=N` Node range this Node does not meet. */
function engineSkip(specifiers: string[]): { labels: string[]; skip: string | undefined } {
  const infos = specifiers.map(packageInfo);
  const current = Number(process.versions.node.split('.')[0]);
  const needs = infos.map((info) => Number(/^>=\s*(\d+)/.exec(info.nodeRange ?? '')?.[1] ?? 0));
  const required = Math.max(...needs);
  const labels = infos.map((info) => info.label);
  if (current >= required) return { labels, skip: undefined };
  return {
    labels,
    skip: `skipped: ${labels.join(', ')} declare engines.node ">=${required}" and this is Node ${process.versions.node}; run the tests on Node ${required} or newer for the v4 suites`,
  };
}

const v3Packages = engineSkip(['ai', '@ai-sdk/provider', '@ai-sdk/openai']);
const v4Packages = engineSkip(['ai-v7', '@ai-sdk/provider-v4', '@ai-sdk/openai-v4']);

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const V3: SpecVersion = {
  version: 'v3',
  title: `LanguageModelV3 (${v3Packages.labels.join(', ')})`,
  skip: v3Packages.skip,
  load: once(async () => {
    const [{ MockLanguageModelV3, simulateReadableStream }, { APICallError }, { createOpenAI }] = await Promise.all([
      import('ai/test'),
      import('@ai-sdk/provider'),
      import('@ai-sdk/openai'),
    ]);
    return {
      mock: (options) => new MockLanguageModelV3(options as ConstructorParameters<typeof MockLanguageModelV3>[0]) as unknown as MockModel,
      simulateReadableStream: (options) => simulateReadableStream(options),
      apiCallError: (options) => new APICallError(options),
      ApiCallError: APICallError,
      openaiChat: (baseURL, modelId) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat(modelId),
    };
  }),
  userImage: (data, mediaType) => ({ type: 'file', mediaType, data }),
  toolResultImage: (data, mediaType) => (data instanceof URL ? { type: 'image-url', url: data.toString() } : { type: 'image-data', data, mediaType }),
};

export const V4: SpecVersion = {
  version: 'v4',
  title: `LanguageModelV4 (${v4Packages.labels.join(', ')})${v4Packages.skip ? ` [${v4Packages.skip}]` : ''}`,
  skip: v4Packages.skip,
  load: once(async () => {
    const [{ MockLanguageModelV4, simulateReadableStream }, { APICallError }, { createOpenAI }] = await Promise.all([
      import('ai-v7/test'),
      import('@ai-sdk/provider-v4'),
      import('@ai-sdk/openai-v4'),
    ]);
    return {
      mock: (options) => new MockLanguageModelV4(options as ConstructorParameters<typeof MockLanguageModelV4>[0]) as unknown as MockModel,
      simulateReadableStream: (options) => simulateReadableStream(options),
      apiCallError: (options) => new APICallError(options),
      ApiCallError: APICallError,
      openaiChat: (baseURL, modelId) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat(modelId),
    };
  }),
  userImage: (data, mediaType) => ({ type: 'file', mediaType, data: data instanceof URL ? { type: 'url', url: data } : { type: 'data', data } }),
  toolResultImage: (data, mediaType) => ({ type: 'file', mediaType, data: data instanceof URL ? { type: 'url', url: data } : { type: 'data', data } }),
};

/** Both versions, oldest first. */
export const SPEC_VERSIONS: readonly SpecVersion[] = [V3, V4];

for (const spec of SPEC_VERSIONS) {
  if (spec.skip) console.warn(`[@ufo-ts/ai-sdk tests] ${spec.version} suites ${spec.skip}.`);
}
