/** One key of the original UFO configuration and where it goes in ours. */
export interface OriginalKeyMapping {
  /** The original key (`config/ufo/*.yaml`), e.g. `HOST_AGENT.API_TYPE`. */
  original: string;
  /** Our key, e.g. `agents.HOST_AGENT.provider`; empty when the key is not used. */
  ours: string;
  /** How the value changes, or why it is not used. */
  note: string;
}

const MODEL_ROLES: Array<[string, string]> = [
  ['HOST_AGENT', 'agents.HOST_AGENT'],
  ['APP_AGENT', 'agents.APP_AGENT'],
  ['EVALUATION_AGENT', 'agents.EVALUATION_AGENT'],
  ['BACKUP_AGENT', 'agents.BACKUP'],
  ['OPERATOR', 'operator.model'],
];

const MODEL_KEYS: Array<[string, string, string]> = [
  ['API_TYPE', 'provider', 'openai → openai; aoai, azure_ad → azure; claude → anthropic; qwen, deepseek, ollama, gemini unchanged'],
  ['API_MODEL', 'model', 'as is'],
  ['API_BASE', 'baseUrl', 'OpenAI: the `/chat/completions` suffix is dropped; Azure: the resource endpoint'],
  ['API_KEY', 'apiKey', 'as is (prefer `apiKeyEnv` with the key in the environment)'],
  ['API_VERSION', 'apiVersion', 'Azure api-version'],
  ['API_DEPLOYMENT_ID', 'deployment', 'Azure deployment'],
  ['USE_RESPONSES', 'api', 'true → `responses`, false → `chat`'],
];

/**
 * The documented mapping from the original UFO configuration keys to ours. `fromUfoConfig` implements it, and a
 * test checks that every row with a target is really converted; `docs/original-keys.md` is generated from it.
 */
export const ORIGINAL_KEY_MAP: readonly OriginalKeyMapping[] = [
  ...MODEL_ROLES.flatMap(([role, ours]) => MODEL_KEYS.map(([key, field, note]) => ({ original: `${role}.${key}`, ours: `${ours}.${field}`, note }))),
  { original: 'HOST_AGENT.VISUAL_MODE', ours: 'agent.host.visual', note: 'as is' },
  { original: 'APP_AGENT.VISUAL_MODE', ours: 'agent.app.visual', note: 'as is' },
  { original: 'MAX_TOKENS', ours: 'agents.*.maxTokens', note: 'applied to every configured model' },
  { original: 'TEMPERATURE', ours: 'agents.*.temperature', note: 'applied to every configured model' },
  { original: 'TIMEOUT', ours: 'agents.*.timeoutMs', note: 'seconds × 1000, applied to every configured model' },
  { original: 'MAX_RETRY', ours: 'agents.*.maxRetries', note: "applied to every configured model (retries are ours, not the SDK's)" },
  { original: 'JSON_PARSING_RETRY', ours: 'agents.*.structuredOutputRetries', note: 'applied to every configured model' },
  { original: 'MAX_STEP', ours: 'session.maxSteps', note: 'as is' },
  { original: 'MAX_ROUND', ours: 'session.maxRounds', note: 'as is' },
  { original: 'SLEEP_TIME', ours: 'session.subtaskSettleMs', note: 'seconds × 1000' },
  { original: 'SAVE_UI_TREE', ours: 'session.captures.uiTree', note: 'as is; saved at subtask and round ends (on Linux the `get_controls` listing)' },
  { original: 'SAVE_FULL_SCREEN', ours: 'session.captures.desktopScreenshot', note: 'as is; saved at subtask and round ends' },
  { original: 'SAFE_GUARD', ours: 'session.safeGuard', note: 'as is; sensitive actions are now held until approved' },
  { original: 'LOG_TO_MARKDOWN', ours: 'reports.markdown', note: 'as is' },
  { original: 'EVA_SESSION', ours: 'evaluation.session', note: 'as is' },
  { original: 'EVA_ROUND', ours: 'evaluation.round', note: 'as is (implemented here; a stub in the original)' },
  { original: 'EVA_ALL_SCREENSHOTS', ours: 'evaluation.screenshots', note: 'as is' },
  { original: 'SAVE_EXPERIENCE', ours: 'experience.save', note: 'always | ask | auto | always_not' },
  { original: 'EXPERIENCE_SAVED_PATH', ours: 'experience.path', note: 'a folder becomes `<folder>/experience.json` (JSON, no FAISS)' },
  { original: 'RAG_EXPERIENCE', ours: 'experience.retrieve', note: 'as is' },
  { original: 'RAG_EXPERIENCE_RETRIEVED_TOPK', ours: 'experience.topK', note: 'as is' },
  { original: 'DEMONSTRATION_SAVED_PATH', ours: 'demonstrations.path', note: 'a folder of demonstration JSON files' },
  { original: 'RAG_DEMONSTRATION', ours: 'demonstrations.retrieve', note: 'as is' },
  { original: 'RAG_DEMONSTRATION_RETRIEVED_TOPK', ours: 'demonstrations.topK', note: 'as is' },
  { original: 'TASK_STATUS_FILE', ours: 'batch.statusFile', note: 'as is' },
  { original: 'mcp', ours: 'toolServers', note: 'the mcp.yaml shape (`type: local | http | stdio`) is rewritten to `transport: in-process | http | stdio`' },
  { original: 'TASK_STATUS', ours: '', note: 'not used: the status file is always written' },
  { original: 'PRICES', ours: '', note: 'not converted: set `prices` per model (USD per 1M tokens, not per 1K)' },
  { original: 'CONTROL_BACKEND', ours: '', note: 'not used: the platform tool servers choose their backend' },
  { original: 'OMNIPARSER', ours: '', note: 'not used' },
  { original: 'PRINT_LOG', ours: '', note: 'not used: the CLI shows progress' },
  { original: 'LOG_LEVEL', ours: '', note: 'not used' },
  { original: 'RAG_OFFLINE_DOCS', ours: '', note: 'not supported' },
  { original: 'RAG_ONLINE_SEARCH', ours: '', note: 'not supported (needs a Bing key)' },
];

/** The mapping as a Markdown table (the content of `docs/original-keys.md`). */
export function renderOriginalKeyTable(): string {
  const rows = ORIGINAL_KEY_MAP.map((m) => `| \`${m.original}\` | ${m.ours ? `\`${m.ours}\`` : '—'} | ${m.note} |`);
  return [
    '# From the original UFO configuration',
    '',
    'ufo-ts reads the original `config/ufo/*.yaml` keys (upper case) and converts them to its own configuration,',
    'with a warning for every key it does not use. This table is generated from `ORIGINAL_KEY_MAP`',
    '(`packages/config/src/original/original-keys.ts`); a test keeps them equal.',
    '',
    '| Original key | ufo-ts key | Conversion |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
