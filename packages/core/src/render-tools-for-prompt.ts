import type { ToolInfo } from './command.js';
import { describeParameters } from './tool-schema/describe-parameters.js';
import { exampleArguments } from './tool-schema/example-value.js';
import { asSchema } from './tool-schema/json-schema-node.js';

export { exampleArguments, exampleValue } from './tool-schema/example-value.js';

/** Separator between two tool blocks (as in the original's `tool_to_llm_prompt`). */
export const TOOL_BLOCK_SEPARATOR = '\n\n---\n\n';

/**
 * Renders tools as the prompt's actions section, one block per tool (name, description, parameters and an example
 * call), joined by `---`. Parameters come from the full input schema: type (`array of object`, tuples, unions,
 * `$ref`/`$defs` followed), required or optional, description, enum values, constraints (bounds, lengths, item
 * counts, pattern, format, dependent fields) and default, with the fields of nested objects (also inside arrays)
 * indented under their parameter. The example call passes the required parameters and those with a default,
 * with values valid against the schema by construction ({@link exampleArguments}). Blocks are sorted by tool
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
  const schema = asSchema(tool.input_schema) ?? {};
  const lines = [`Tool name: ${tool.name}`, `Description: ${tool.description.trim() || '(no description)'}`, ''];
  const parameters = describeParameters(schema);
  if (parameters.length === 0) lines.push('Parameters: none');
  else lines.push('Parameters:', ...parameters);
  const example = Object.entries(exampleArguments(schema))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(', ');
  lines.push('', 'Example usage:', `${tool.name}(${example})`);
  return lines.join('\n');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
