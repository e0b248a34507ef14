import type { ComputerToolType } from './computer-tools.js';

/** What a row says of its models; a field left out is the provider's default (see `familyTraits`). */
export interface FamilyTraits {
  /** The provider's computer-use tool the model takes; none when left out. */
  computerTool?: ComputerToolType;
  tools?: boolean;
  parallelTools?: boolean;
  /** Strict JSON-schema output (and tools); for OpenAI also whether `json_schema` is supported at all. */
  strictSchema?: boolean;
  reasoning?: boolean;
  vision?: boolean;
  maxContextTokens?: number;
}

/**
 * One row of {@link MODEL_FAMILIES}: a family (`provider:name`) from version `since` on, or only its ids whose
 * variant (what follows the version, e.g. `mini`, `chat-latest`) matches `variant`.
 */
export interface FamilyRow extends FamilyTraits {
  family: string;
  since: string;
  variant?: RegExp;
}

/**
 * Model families and what each version takes. A model gets the row of its family with the highest `since` not
 * above its version (a matching `variant` row before the plain one), so a version newer than every row gets the
 * family's newest row, computer tool included.
 */
export const MODEL_FAMILIES: readonly FamilyRow[] = [
  { family: 'openai:gpt', since: '3.5', vision: false, strictSchema: false },
  { family: 'openai:gpt', since: '3.5', variant: /instruct/, vision: false, strictSchema: false, tools: false },
  { family: 'openai:gpt', since: '4', strictSchema: false },
  { family: 'openai:gpt', since: '4', variant: /^(0314|0613|32k.*)?$/, vision: false, strictSchema: false },
  { family: 'openai:gpt', since: '4', variant: /^turbo/, strictSchema: false, maxContextTokens: 128_000 },
  { family: 'openai:gpt', since: '4', variant: /^o(-|$)/, maxContextTokens: 128_000 },
  { family: 'openai:gpt', since: '4.1', maxContextTokens: 1_047_576 },
  { family: 'openai:gpt', since: '4.5' },
  { family: 'openai:gpt', since: '5', reasoning: true, maxContextTokens: 400_000 },
  { family: 'openai:gpt', since: '5', variant: /chat/, maxContextTokens: 400_000 },
  { family: 'openai:gpt', since: '5.4', computerTool: 'computer', reasoning: true, maxContextTokens: 400_000 },
  { family: 'openai:gpt', since: '5.4', variant: /nano/, reasoning: true, maxContextTokens: 400_000 },
  { family: 'openai:gpt', since: '5.4', variant: /chat|instant/, maxContextTokens: 400_000 },
  { family: 'openai:o', since: '1', reasoning: true, parallelTools: false, maxContextTokens: 200_000 },
  { family: 'openai:o', since: '1', variant: /^(mini|preview)/, reasoning: true, tools: false, strictSchema: false, vision: false, maxContextTokens: 200_000 },
  { family: 'openai:o', since: '3', variant: /^mini/, reasoning: true, parallelTools: false, vision: false, maxContextTokens: 200_000 },
  { family: 'openai:o', since: '4', reasoning: true, parallelTools: false, maxContextTokens: 200_000 },
  { family: 'openai:chatgpt', since: '4', tools: false, strictSchema: false },
  { family: 'openai:computer-use-preview', since: '0', computerTool: 'computer_use_preview', reasoning: true, parallelTools: false, strictSchema: false },
  { family: 'anthropic:sonnet', since: '3.7', computerTool: 'computer_20250124' },
  { family: 'anthropic:opus', since: '4', computerTool: 'computer_20250124' },
  { family: 'anthropic:haiku', since: '4.5', computerTool: 'computer_20250124' },
  { family: 'anthropic:opus', since: '4.5', computerTool: 'computer_20251124' },
  { family: 'anthropic:sonnet', since: '4.6', computerTool: 'computer_20251124' },
  { family: 'anthropic:opus', since: '4.8', computerTool: 'computer_toolset_20260801' },
  { family: 'anthropic:sonnet', since: '5', computerTool: 'computer_toolset_20260801' },
  { family: 'anthropic:fable', since: '5', computerTool: 'computer_toolset_20260801' },
  { family: 'anthropic:mythos', since: '5', computerTool: 'computer_toolset_20260801' },
  { family: 'anthropic:haiku', since: '5.5' },
];
