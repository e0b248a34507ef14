/**
 * Test helpers of `@ufo-ts/llm-providers`: a local HTTP server that speaks the providers' real wire formats
 * (recorded JSON bodies and SSE streams), and builders for those bodies.
 */
export * from './testing/fixture-server.js';
export * from './testing/wire-fixtures.js';
