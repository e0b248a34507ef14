/**
 * The providers' computer-use tools, by the `type` their request entry carries: which provider has each, and the
 * `anthropic-beta` header it needs (the dated Anthropic versions are betas; the toolset and OpenAI's tools are not).
 *
 * @example
 * ```ts
 * COMPUTER_TOOLS.computer_20251124; // { provider: 'anthropic', beta: 'computer-use-2025-11-24' }
 * ```
 */
export const COMPUTER_TOOLS = {
  computer_20250124: { provider: 'anthropic', beta: 'computer-use-2025-01-24' },
  computer_20251124: { provider: 'anthropic', beta: 'computer-use-2025-11-24' },
  computer_toolset_20260801: { provider: 'anthropic' },
  computer_use_preview: { provider: 'openai' },
  computer: { provider: 'openai' },
} as const satisfies Record<string, { provider: 'anthropic' | 'openai'; beta?: string }>;

/**
 * The `type` of a provider's computer-use tool entry: OpenAI's `computer_use_preview` (model `computer-use-preview`)
 * or GA `computer`, Anthropic's `computer_20250124`, `computer_20251124` or `computer_toolset_20260801`.
 *
 * @example
 * ```ts
 * const forced: ComputerToolType = 'computer_20250124'; // capabilities: { computerTool: 'anthropic', computerToolType: forced }
 * ```
 */
export type ComputerToolType = keyof typeof COMPUTER_TOOLS;

/** Every {@link ComputerToolType}. */
export const COMPUTER_TOOL_TYPES = Object.keys(COMPUTER_TOOLS) as [ComputerToolType, ...ComputerToolType[]];

/** The tool a model gets when config gives it `computerTool` without a type: the provider's newest. */
const NEWEST: Record<'anthropic' | 'openai', ComputerToolType> = { anthropic: 'computer_toolset_20260801', openai: 'computer' };

/**
 * The computer tool to put on the wire for a provider: the model's `computerToolType` when it is one of that
 * provider's, else the provider's newest (a model forced to have a computer tool in config, without a type).
 *
 * @example
 * ```ts
 * computerToolFor('anthropic', { computerToolType: 'computer_20251124' }); // { type: 'computer_20251124', beta: 'computer-use-2025-11-24' }
 * computerToolFor('openai', {}); // { type: 'computer' }
 * ```
 */
export function computerToolFor(
  provider: 'openai' | 'anthropic',
  capabilities: { computerToolType?: ComputerToolType | undefined },
): { type: ComputerToolType; beta?: string } {
  const own = capabilities.computerToolType;
  const type = own && COMPUTER_TOOLS[own].provider === provider ? own : NEWEST[provider];
  const tool: { provider: string; beta?: string } = COMPUTER_TOOLS[type];
  return tool.beta ? { type, beta: tool.beta } : { type };
}
