import { fromUfoMcpConfig } from '@ufo-ts/dispatchers';

const PROVIDERS: Record<string, string> = {
  openai: 'openai',
  aoai: 'azure',
  azure: 'azure',
  azure_ad: 'azure',
  claude: 'anthropic',
  anthropic: 'anthropic',
  qwen: 'qwen',
  deepseek: 'deepseek',
  ollama: 'ollama',
  gemini: 'gemini',
};

const ROLE_TARGETS: Record<string, string> = { HOST_AGENT: 'HOST_AGENT', APP_AGENT: 'APP_AGENT', EVALUATION_AGENT: 'EVALUATION_AGENT', BACKUP_AGENT: 'BACKUP' };
const MODEL_FIELDS = new Set(['API_TYPE', 'API_MODEL', 'API_BASE', 'API_KEY', 'API_VERSION', 'API_DEPLOYMENT_ID', 'USE_RESPONSES', 'VISUAL_MODE']);
const IGNORED_MODEL_FIELDS = new Set([
  'PROMPT',
  'EXAMPLE_PROMPT',
  'EXAMPLE_PROMPT_AS',
  'API_PROMPT',
  'REASONING_MODEL',
  'AAD_TENANT_ID',
  'AAD_API_SCOPE',
  'AAD_API_SCOPE_BASE',
  'JSON_SCHEMA',
]);

/** Top-level keys that mark a file as the original's format. */
const ORIGINAL_MARKERS = [
  'HOST_AGENT',
  'APP_AGENT',
  'BACKUP_AGENT',
  'EVALUATION_AGENT',
  'MAX_STEP',
  'MAX_ROUND',
  'SAFE_GUARD',
  'SLEEP_TIME',
  'SAVE_UI_TREE',
  'SAVE_FULL_SCREEN',
  'LOG_TO_MARKDOWN',
  'EVA_SESSION',
  'SAVE_EXPERIENCE',
  'mcp',
];

/** True when a configuration object is in the original UFO format (upper-case keys such as `HOST_AGENT`, `MAX_STEP`). */
export function isOriginalUfoConfig(raw: unknown): raw is Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const keys = Object.keys(raw);
  return keys.some((k) => ORIGINAL_MARKERS.includes(k)) && !keys.some((k) => /^[a-z]/.test(k) && k !== 'mcp');
}

/** What {@link fromUfoConfig} produced. */
export interface ConvertedConfig {
  /** Our configuration (input shape, still to be validated). */
  config: Record<string, unknown>;
  /** Keys that were not converted, and why. */
  warnings: string[];
  /** Values that cannot be converted (an unknown API_TYPE), as `[original key, message]`. */
  problems: Array<[string, string]>;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);

/**
 * Converts the original UFO configuration (the merged `config/ufo/*.yaml`: agents, system, mcp, rag) into ours
 * following {@link ORIGINAL_KEY_MAP}. Unused keys become warnings; an unsupported `API_TYPE` becomes a problem.
 */
export function fromUfoConfig(raw: Record<string, unknown>): ConvertedConfig {
  const warnings: string[] = [];
  const problems: Array<[string, string]> = [];
  const out: Record<string, any> = {};
  const set = (path: string, value: unknown) => {
    if (value === undefined) return;
    const keys = path.split('.');
    let here = out;
    for (const key of keys.slice(0, -1)) here = here[key] ??= {};
    here[keys[keys.length - 1]!] = value;
  };
  const models: Array<Record<string, unknown>> = [];
  for (const [key, value] of Object.entries(raw)) {
    const role = ROLE_TARGETS[key] ?? (key === 'OPERATOR' ? 'OPERATOR' : undefined);
    if (role && value && typeof value === 'object') {
      const block = value as Record<string, unknown>;
      const model = convertModel(key, block, problems);
      for (const field of Object.keys(block)) {
        if (!MODEL_FIELDS.has(field))
          warnings.push(`${key}.${field} is not used${IGNORED_MODEL_FIELDS.has(field) ? ' (prompts and examples are built in)' : ''}`);
      }
      if (model) {
        models.push(model);
        if (role === 'OPERATOR') set('operator.model', model);
        else set(`agents.${role}`, model);
      }
      if (block.VISUAL_MODE !== undefined && (key === 'HOST_AGENT' || key === 'APP_AGENT'))
        set(`agent.${key === 'HOST_AGENT' ? 'host' : 'app'}.visual`, block.VISUAL_MODE);
      continue;
    }
    switch (key) {
      case 'MAX_STEP':
        set('session.maxSteps', num(value));
        break;
      case 'MAX_ROUND':
        set('session.maxRounds', num(value));
        break;
      case 'SLEEP_TIME':
        set('session.subtaskSettleMs', typeof num(value) === 'number' ? Math.round((num(value) as number) * 1000) : value);
        break;
      case 'SAFE_GUARD':
        set('session.safeGuard', value);
        break;
      case 'SAVE_UI_TREE':
        set('session.captures.uiTree', value);
        break;
      case 'SAVE_FULL_SCREEN':
        set('session.captures.desktopScreenshot', value);
        break;
      case 'LOG_TO_MARKDOWN':
        set('reports.markdown', value);
        break;
      case 'EVA_SESSION':
        set('evaluation.session', value);
        break;
      case 'EVA_ROUND':
        set('evaluation.round', value);
        break;
      case 'EVA_ALL_SCREENSHOTS':
        set('evaluation.screenshots', value);
        break;
      case 'SAVE_EXPERIENCE':
        set('experience.save', value);
        break;
      case 'EXPERIENCE_SAVED_PATH':
        set('experience.path', typeof value === 'string' && !value.endsWith('.json') ? `${value.replace(/[\\/]+$/, '')}/experience.json` : value);
        break;
      case 'RAG_EXPERIENCE':
        set('experience.retrieve', value);
        break;
      case 'RAG_EXPERIENCE_RETRIEVED_TOPK':
        set('experience.topK', num(value));
        break;
      case 'DEMONSTRATION_SAVED_PATH':
        set('demonstrations.path', value);
        break;
      case 'RAG_DEMONSTRATION':
        set('demonstrations.retrieve', value);
        break;
      case 'RAG_DEMONSTRATION_RETRIEVED_TOPK':
        set('demonstrations.topK', num(value));
        break;
      case 'TASK_STATUS_FILE':
        set('batch.statusFile', value);
        break;
      case 'mcp':
        set('toolServers', fromUfoMcpConfig({ mcp: value }));
        break;
      case 'MAX_TOKENS':
      case 'TEMPERATURE':
      case 'TIMEOUT':
      case 'MAX_RETRY':
      case 'JSON_PARSING_RETRY':
        break; // applied to the models below
      default:
        warnings.push(`${key} is not used${key === 'PRICES' ? ': set `prices` per model (USD per 1M tokens)' : ''}`);
    }
  }
  for (const model of models) {
    if (raw.MAX_TOKENS !== undefined) model.maxTokens = num(raw.MAX_TOKENS);
    if (raw.TEMPERATURE !== undefined) model.temperature = num(raw.TEMPERATURE);
    if (raw.TIMEOUT !== undefined) model.timeoutMs = typeof num(raw.TIMEOUT) === 'number' ? Math.round((num(raw.TIMEOUT) as number) * 1000) : raw.TIMEOUT;
    if (raw.MAX_RETRY !== undefined) model.maxRetries = num(raw.MAX_RETRY);
    if (raw.JSON_PARSING_RETRY !== undefined) model.structuredOutputRetries = num(raw.JSON_PARSING_RETRY);
  }
  return { config: out, warnings, problems };
}

function convertModel(role: string, block: Record<string, unknown>, problems: Array<[string, string]>): Record<string, unknown> | undefined {
  if (block.API_TYPE === undefined && block.API_MODEL === undefined) return undefined;
  const type = String(block.API_TYPE ?? 'openai').toLowerCase();
  const provider = PROVIDERS[type];
  if (!provider) {
    problems.push([`${role}.API_TYPE`, `API_TYPE "${type}" is not supported (use ${Object.keys(PROVIDERS).join(', ')})`]);
    return undefined;
  }
  const model: Record<string, unknown> = { provider };
  if (block.API_MODEL !== undefined) model.model = block.API_MODEL;
  if (typeof block.API_BASE === 'string' && block.API_BASE) model.baseUrl = block.API_BASE.replace(/\/chat\/completions\/?$/, '');
  if (typeof block.API_KEY === 'string' && block.API_KEY) model.apiKey = block.API_KEY;
  if (block.API_VERSION !== undefined) model.apiVersion = String(block.API_VERSION);
  if (block.API_DEPLOYMENT_ID !== undefined) model.deployment = String(block.API_DEPLOYMENT_ID);
  if (block.USE_RESPONSES !== undefined) model.api = block.USE_RESPONSES ? 'responses' : 'chat';
  if (provider === 'azure' && model.model === undefined && model.deployment !== undefined) model.model = model.deployment;
  return model;
}
