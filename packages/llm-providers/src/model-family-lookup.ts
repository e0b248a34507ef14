import { MODEL_FAMILIES, type FamilyRow, type FamilyTraits } from './model-families.js';

/** A model id read as its family (`provider:name`), version (`[major, minor]`) and variant (what follows). */
export interface ModelIdParts {
  family: string;
  version: [number, number];
  variant: string;
}

/**
 * Reads an OpenAI model id, ignoring case and a trailing `-YYYY-MM-DD` snapshot date: `gpt-5.4-mini-2026-03-17` is
 * gpt 5.4 `mini`, `gpt-4o` gpt 4 `o`, `o3-mini` o 3 `mini`, `chatgpt-4o-latest` chatgpt 4 `o-latest`.
 */
export function parseOpenAIModelId(model: string): ModelIdParts | undefined {
  const id = model.toLowerCase().replace(/-\d{4}-\d{2}-\d{2}$/, '');
  if (/^computer-use-preview\b/.test(id)) return { family: 'openai:computer-use-preview', version: [0, 0], variant: '' };
  const match = /^(gpt|chatgpt|o)-?(\d+)(?:\.(\d+))?-?(.*)$/.exec(id);
  if (!match) return undefined;
  return { family: `openai:${match[1]}`, version: [Number(match[2]), Number(match[3] ?? 0)], variant: match[4] ?? '' };
}

/**
 * Reads a Claude model id anywhere in the string (so Bedrock and Vertex ids read too): `claude-opus-4-5-20251101`
 * is opus 4.5, `claude-sonnet-4-20250514` sonnet 4, `claude-3-7-sonnet-latest` sonnet 3.7.
 */
export function parseAnthropicModelId(model: string): ModelIdParts | undefined {
  const match = /claude-(?:(\d+)(?:-(\d)(?!\d))?-([a-z]+)|([a-z]+)-(\d+)(?:-(\d)(?!\d))?)/.exec(model.toLowerCase());
  if (!match) return undefined;
  const [name, major, minor] = match[3] ? [match[3], match[1], match[2]] : [match[4], match[5], match[6]];
  return { family: `anthropic:${name}`, version: [Number(major), Number(minor ?? 0)], variant: '' };
}

function compareVersions(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

function rowVersion(row: FamilyRow): [number, number] {
  const [major, minor] = row.since.split('.');
  return [Number(major), Number(minor ?? 0)];
}

/**
 * What {@link MODEL_FAMILIES} says of a model: the traits of its family's row with the highest `since` not above
 * its version (a matching variant row before the plain one at the same `since`); nothing for an unknown family.
 */
export function familyTraits(parts: ModelIdParts | undefined): FamilyTraits {
  let best: FamilyRow | undefined;
  for (const row of MODEL_FAMILIES) {
    if (!parts || row.family !== parts.family || compareVersions(rowVersion(row), parts.version) > 0) continue;
    if (row.variant && !row.variant.test(parts.variant)) continue;
    const order = best ? compareVersions(rowVersion(row), rowVersion(best)) : 1;
    if (order > 0 || (order === 0 && row.variant && !best?.variant)) best = row;
  }
  if (!best) return {};
  const { family: _family, since: _since, variant: _variant, ...traits } = best;
  return traits;
}
