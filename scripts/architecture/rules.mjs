// The allowed arrows between @ufo-ts packages (docs/architecture.md). A package may depend only on the packages
// listed for it; anything not listed (a new package) must be added here deliberately.
export const ALLOWED_DEPENDENCIES = {
  core: [],
  'agent-fsm': ['core'],
  'processor-strategies': ['core', 'agent-fsm'],
  'llm-providers': ['core'],
  // any vercel/ai language model as a ChatModel (the AI SDK itself is a peer dependency)
  'ai-sdk': ['core'],
  // policies as data (rules, matching, guardrails); dispatchers enforce them on every command (withPolicy)
  policy: ['core'],
  dispatchers: ['core', 'policy'],
  imaging: ['core'],
  // platform-neutral desktop helpers both platforms share, so neither platform depends on the other
  'desktop-common': ['core'],
  aip: ['core', 'dispatchers'],
  // text read from screenshots (OCR): the TextRecognizer port and its Tesseract adapter
  ocr: ['core', 'imaging'],
  'platform-linux': ['core', 'dispatchers', 'imaging', 'desktop-common', 'ocr'],
  'platform-windows': ['core', 'dispatchers', 'imaging', 'desktop-common'],
  // sessions: a task waiting for a person runs as a checkpointed session and resumes from its checkpoint
  server: ['core', 'agent-fsm', 'processor-strategies', 'dispatchers', 'aip', 'llm-providers', 'sessions', 'policy'],
  cli: ['*'],
  testkit: ['core', 'dispatchers'],
  sessions: ['core', 'agent-fsm', 'processor-strategies', 'imaging'],
  config: ['core', 'llm-providers', 'dispatchers', 'policy'],
  // cluster mode of the server: BullMQ/ioredis stay here, the server only owns the ports (ScaleOut, TaskBackend)
  cluster: ['core', 'aip', 'server', 'sessions'],
  // OpenTelemetry spans of sessions (the OpenTelemetry API is a peer dependency); aip for the trace context it carries
  otel: ['core', 'aip'],
  // the real-app task suite behind `ufo eval`: tasks, checkers, the grounded scripted model and the runner; sessions
  // and llm-providers for computer-use mode (an OperatorSession, replies through the providers' real adapters)
  'task-suite': ['core', 'dispatchers', 'imaging', 'platform-linux', 'processor-strategies', 'sessions', 'llm-providers'],
};

/**
 * Packages that publish one bundle of everything they import (the `ufo` executable): the @ufo-ts packages in the
 * bundle are dev dependencies (installing them again beside the bundle would install everything twice), and count
 * as declared here.
 */
export const BUNDLING_PACKAGES = ['cli'];

/**
 * Entry points the @ufo-ts packages publish for one another (`@ufo-ts/core/internal`, `@ufo-ts/server/internal`): they
 * are not a stable API, so only the packages under `packages/` may import them. The folders listed in
 * `PUBLIC_API_ONLY` (examples, benchmarks, the documentation's snippets) use the public entries, as a user would.
 */
export const INTERNAL_ENTRY = /^@ufo-ts\/[\w-]+\/internal$/;
export const PUBLIC_API_ONLY = ['examples', 'bench', 'docs'];
