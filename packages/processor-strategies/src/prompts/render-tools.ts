import type { ToolInfo } from '@ufo-ts/core';

/**
 * Renders action tools for the prompt's actions section (inventory §7.2): name, description and arguments with
 * types and descriptions, sorted by name so the prompt is stable.
 */
export function renderToolsForPrompt(tools: readonly ToolInfo[]): string {
  if (tools.length === 0) return '(no tools available)';
  return [...tools]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((tool) => {
      const schema = tool.input_schema as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
      const required = new Set(schema.required ?? []);
      const params = Object.entries(schema.properties ?? {}).map(([name, prop]) => {
        const type = describeType(prop);
        const desc = typeof prop.description === 'string' ? `: ${prop.description}` : '';
        return `    - ${name} (${type}${required.has(name) ? ', required' : ''})${desc}`;
      });
      return [`- ${tool.name}: ${tool.description || '(no description)'}`, ...params].join('\n');
    })
    .join('\n');
}

function describeType(prop: Record<string, unknown>): string {
  if (Array.isArray(prop.enum)) return `one of ${prop.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (typeof prop.type === 'string') return prop.type;
  if (Array.isArray(prop.type)) return prop.type.join(' | ');
  if (Array.isArray(prop.anyOf)) return (prop.anyOf as Record<string, unknown>[]).map(describeType).join(' | ');
  return 'any';
}
