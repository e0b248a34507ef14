import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  anthropicCapabilities,
  compatibleCapabilities,
  openAICapabilities,
  openAICompatiblePresets,
  type ModelCapabilities,
  type OpenAICompatiblePresetName,
} from '../src/index.js';

const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md'), 'utf8');

function tableRows(): string[][] {
  const start = readme.indexOf('<!-- capability-table:start -->');
  const end = readme.indexOf('<!-- capability-table:end -->');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
}

function capabilitiesOf(provider: string, model: string): ModelCapabilities {
  switch (provider) {
    case 'openai':
    case 'azure-openai':
      return openAICapabilities(model);
    case 'openai (responses)':
      return openAICapabilities(model, { api: 'responses' });
    case 'anthropic':
      return anthropicCapabilities(model);
    default: {
      const preset = openAICompatiblePresets[provider as OpenAICompatiblePresetName];
      if (!preset) throw new Error(`The README's capability table names an unknown provider ${JSON.stringify(provider)}`);
      return compatibleCapabilities(model, preset.capabilities);
    }
  }
}

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

describe('the README capability table', () => {
  it('agrees with the capability functions, row by row', () => {
    const rows = tableRows();
    expect(rows.length).toBeGreaterThan(10);
    for (const [provider, model, tools, parallel, strict, images, computer, streaming] of rows) {
      const c = capabilitiesOf(provider!, model!);
      expect({ provider, model, tools, parallel, strict, images, computer, streaming }).toEqual({
        provider,
        model,
        tools: yesNo(c.tools),
        parallel: yesNo(c.tools && c.parallelTools),
        strict: yesNo(c.strictSchema),
        images: yesNo(c.vision && c.arrayContent),
        computer: (c.computerTool && c.computerToolType) || 'no',
        streaming: yesNo(c.streaming),
      });
    }
  });

  it('covers every provider and every OpenAI-compatible preset', () => {
    const providers = new Set(tableRows().map((row) => row[0]));
    for (const name of ['openai', 'openai (responses)', 'azure-openai', 'anthropic', ...Object.keys(openAICompatiblePresets)]) {
      expect(providers, name).toContain(name);
    }
  });
});
