/**
 * Test helpers of `@ufo-ts/llm-providers`: a local HTTP server that speaks the providers' real wire formats
 * (recorded JSON bodies and SSE streams), and builders for those bodies.
 */
export {
  startFixtureServer,
  type FixtureResponse,
  type FixtureRoute,
  type FixtureServer,
  type FixtureServerOptions,
  type RecordedRequest,
} from './testing/fixture-server.js';
export {
  anthropicErrorBody,
  anthropicMessageBody,
  anthropicMessageSse,
  fixturePaths,
  openAIChatCompletionBody,
  openAIChatCompletionSse,
  openAIErrorBody,
  openAIResponsesBody,
  openAIResponsesSse,
  sseBody,
  type SseEvent,
  type WireReplyOptions,
} from './testing/wire-fixtures.js';
