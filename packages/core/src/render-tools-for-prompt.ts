import type { ToolInfo } from './command.js';

/** Separator between two tool blocks (as in the original's `tool_to_llm_prompt`). */
export const TOOL_BLOCK_SEPARATOR = '\n\n---\n\n';

type JsonSchema = Record<string, unknown>;

/**
 * Renders tools as the prompt's actions section, one block per tool (name, description, parameters with type,
 * required/optional, description and default, and an example call), joined by `---`. Blocks are sorted by tool
 * name, then namespace, so the same tools always give the same text. Pass the action tools (`listTools` with
 * `toolType: 'action'`): data-collection tools are for the engine, not the model.
 *
 * @example
 * ```text
 * Tool name: click_input
 * Description: Click on a control.
 *
 * Parameters:
 * - id (string, required): The annotated id of the control.
 * - button (string, optional): Mouse button. One of: "left", "right". Default: "left"
 *
 * Example usage:
 * click_input(id="", button="left")
 * ```
 */
export function renderToolsForPrompt(tools: readonly ToolInfo[]): string {
  return [...tools]
    .sort((a, b) => compare(a.name, b.name) || compare(a.namespace, b.namespace))
    .map(renderTool)
    .join(TOOL_BLOCK_SEPARATOR);
}

function renderTool(tool: ToolInfo): string {
  const schema = tool.input_schema ?? {};
  const properties = asRecord(schema['properties']) ?? {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
  const lines = [`Tool name: ${tool.name}`, `Description: ${tool.description.trim() || '(no description)'}`, ''];
  const names = Object.keys(properties);
  if (names.length === 0) {
    lines.push('Parameters: none');
  } else {
    lines.push('Parameters:');
    for (const name of names) {
      lines.push(renderParameter(name, asRecord(properties[name]) ?? {}, required.has(name)));
    }
  }
  const example = names
    .filter((name) => required.has(name) || 'default' in (asRecord(properties[name]) ?? {}))
    .map((name) => `${name}=${exampleValue(asRecord(properties[name]) ?? {})}`)
    .join(', ');
  lines.push('', 'Example usage:', `${tool.name}(${example})`);
  return lines.join('\n');
}

function renderParameter(name: string, schema: JsonSchema, required: boolean): string {
  let text = `- ${name} (${typeName(schema)}, ${required ? 'required' : 'optional'})`;
  const details: string[] = [];
  if (typeof schema['description'] === 'string' && schema['description'].trim()) details.push(schema['description'].trim());
  if (Array.isArray(schema['enum'])) details.push(`One of: ${schema['enum'].map((v) => JSON.stringify(v)).join(', ')}.`);
  if ('default' in schema) details.push(`Default: ${JSON.stringify(schema['default'])}`);
  if (details.length > 0) text += `: ${details.join(' ')}`;
  return text;
}

function typeName(schema: JsonSchema): string {
  const type = schema['type'];
  if (Array.isArray(type)) return type.map(String).join(' | ');
  if (type === 'array') {
    const items = asRecord(schema['items']);
    return items ? `array of ${typeName(items)}` : 'array';
  }
  if (typeof type === 'string') return type;
  if ('const' in schema) return JSON.stringify(schema['const']);
  const variants = (schema['anyOf'] ?? schema['oneOf']) as unknown;
  if (Array.isArray(variants)) {
    return [...new Set(variants.map((v) => typeName(asRecord(v) ?? {})))].join(' | ');
  }
  if (Array.isArray(schema['enum'])) return 'enum';
  return 'any';
}

function exampleValue(schema: JsonSchema): string {
  if ('default' in schema) return JSON.stringify(schema['default']);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return JSON.stringify(schema['enum'][0]);
  const type = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  switch (type) {
    case 'string':
      return '""';
    case 'number':
    case 'integer':
      return '0';
    case 'boolean':
      return 'false';
    case 'array':
      return '[]';
    case 'object':
      return '{}';
    default:
      return 'null';
  }
}

function asRecord(value: unknown): JsonSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
