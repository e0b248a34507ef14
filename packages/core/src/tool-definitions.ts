import type { ToolInfo } from './command.js';
import type { FunctionTool } from './ports/chat-model.js';

/** What a tool name sent to a model may look like (OpenAI's and Anthropic's rule). */
export const MODEL_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Options of {@link toolDefinitionsFor}. */
export interface ToolDefinitionsOptions {
  /** Names the caller adds tools under itself (e.g. `respond`); a catalogue tool with such a name is renamed. */
  reserved?: readonly string[];
  /** Sets `strict` on every definition (the provider constrains arguments to the schema exactly). */
  strict?: boolean;
}

/**
 * The function tools a model is offered for a tool catalogue, and the two-way map between the names the model
 * sees and the catalogue's names. A model only accepts names matching {@link MODEL_TOOL_NAME}: a name that does
 * not (a dot, a space, more than 64 characters) or that is reserved is turned into a valid one with a short hash
 * of the original, and {@link ModelToolSet.catalogueName} maps it back.
 */
export interface ModelToolSet {
  /** One definition per distinct tool name, sorted by name (the order of {@link renderToolsForPrompt}). */
  definitions: FunctionTool[];
  /** The name the model sees for a catalogue tool name. */
  modelName(catalogueName: string): string;
  /** The catalogue name of a tool the model called, or undefined for a name that was not offered. */
  catalogueName(modelName: string): string | undefined;
}

/**
 * Builds the function tools for a model from the dispatcher's catalogue (the same `ToolInfo` list that
 * {@link renderToolsForPrompt} renders in text mode): the tool's description and its JSON input schema.
 * Deterministic: the same catalogue always gives the same definitions and names.
 *
 * @example
 * ```ts
 * const set = toolDefinitionsFor(await dispatcher.listTools({ target, toolType: 'action' }), { reserved: ['respond'] });
 * const reply = await model.complete({ messages, tools: set.definitions, toolChoice: 'required' });
 * const tool = set.catalogueName(reply.toolCalls![0]!.name); // e.g. 'ui.click' for 'ui_click_1f3a9c2b'
 * ```
 */
export function toolDefinitionsFor(tools: readonly ToolInfo[], options: ToolDefinitionsOptions = {}): ModelToolSet {
  const reserved = new Set(options.reserved ?? []);
  const toModel = new Map<string, string>();
  const toCatalogue = new Map<string, string>();
  const definitions: FunctionTool[] = [];
  const sorted = [...tools].sort((a, b) => compare(a.name, b.name) || compare(a.namespace, b.namespace));
  for (const tool of sorted) {
    if (toModel.has(tool.name)) continue;
    const name = modelToolName(tool.name, (n) => reserved.has(n) || toCatalogue.has(n));
    toModel.set(tool.name, name);
    toCatalogue.set(name, tool.name);
    const definition: FunctionTool = { type: 'function', name, inputSchema: objectSchema(tool.input_schema) };
    if (tool.description.trim()) definition.description = tool.description.trim();
    if (options.strict) definition.strict = true;
    definitions.push(definition);
  }
  return {
    definitions,
    modelName: (catalogueName) => toModel.get(catalogueName) ?? modelToolName(catalogueName, (n) => reserved.has(n)),
    catalogueName: (modelName) => toCatalogue.get(modelName),
  };
}

/**
 * A name a model accepts for `name`: the name itself when it is valid and not taken, else its valid characters
 * (others become `_`, at most 55) followed by `_` and eight hex digits of a hash of the whole name.
 *
 * @example
 * ```ts
 * modelToolName('click_input'); // 'click_input'
 * modelToolName('ui.click');    // 'ui_click_' + eight hex digits
 * ```
 */
export function modelToolName(name: string, taken: (candidate: string) => boolean = () => false): string {
  if (MODEL_TOOL_NAME.test(name) && !taken(name)) return name;
  const base = name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 55) || 'tool';
  for (let salt = 0; ; salt += 1) {
    const candidate = `${base}_${fnv1a(salt === 0 ? name : `${name}#${salt}`)}`;
    if (!taken(candidate)) return candidate;
  }
}

function objectSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return schema.type === undefined && schema.properties === undefined ? { type: 'object', properties: {}, ...schema } : schema;
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
