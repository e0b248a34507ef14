import { describe, expect, it } from 'vitest';
import { fromUfoConfig, ORIGINAL_KEY_MAP, UfoConfigSchema } from '../src/index.js';

const SAMPLES: Record<string, unknown> = {
  API_TYPE: 'openai',
  API_MODEL: 'gpt-4o',
  API_BASE: 'https://api.openai.com/v1/chat/completions',
  API_KEY: 'k',
  API_VERSION: '2024-02-01',
  API_DEPLOYMENT_ID: 'dep',
  USE_RESPONSES: true,
  VISUAL_MODE: false,
  MAX_TOKENS: 2000,
  TEMPERATURE: 0,
  TIMEOUT: 60,
  MAX_RETRY: 3,
  JSON_PARSING_RETRY: 2,
  MAX_STEP: 30,
  MAX_ROUND: 2,
  SLEEP_TIME: 1,
  SAFE_GUARD: true,
  SAVE_UI_TREE: true,
  SAVE_FULL_SCREEN: true,
  LOG_TO_MARKDOWN: true,
  EVA_SESSION: true,
  EVA_ROUND: true,
  EVA_ALL_SCREENSHOTS: false,
  SAVE_EXPERIENCE: 'ask',
  EXPERIENCE_SAVED_PATH: 'vectordb/experience',
  RAG_EXPERIENCE: true,
  RAG_EXPERIENCE_RETRIEVED_TOPK: 5,
  DEMONSTRATION_SAVED_PATH: 'demos',
  RAG_DEMONSTRATION: true,
  RAG_DEMONSTRATION_RETRIEVED_TOPK: 2,
  TASK_STATUS_FILE: 'status.json',
  mcp: { HostAgent: { default: { action: [{ namespace: 'HostUIExecutor', type: 'local' }] } } },
};

function get(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((here, key) => (here && typeof here === 'object' ? (here as Record<string, unknown>)[key] : undefined), value);
}

describe('ORIGINAL_KEY_MAP', () => {
  it('every key with a target is converted to that target, and the result is a valid configuration', () => {
    const original: Record<string, any> = {};
    for (const { original: key } of ORIGINAL_KEY_MAP) {
      const [head, field] = key.split('.');
      if (field) (original[head!] ??= {})[field] = SAMPLES[field];
      else if (key in SAMPLES) original[key] = SAMPLES[key];
    }
    const { config, problems } = fromUfoConfig(original);
    expect(problems).toEqual([]);
    for (const mapping of ORIGINAL_KEY_MAP.filter((m) => m.ours)) {
      const path = mapping.ours.replace('agents.*', 'agents.HOST_AGENT');
      expect({ key: mapping.original, value: get(config, path) }).not.toEqual({ key: mapping.original, value: undefined });
    }
    expect(get(config, 'agents.HOST_AGENT.baseUrl')).toBe('https://api.openai.com/v1');
    expect(get(config, 'agents.HOST_AGENT.timeoutMs')).toBe(60_000);
    expect(UfoConfigSchema.safeParse(config).success).toBe(true);
  });
});
