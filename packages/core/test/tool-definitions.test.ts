import { describe, expect, it } from 'vitest';
import { FunctionToolSchema, MODEL_TOOL_NAME, modelToolName, renderToolsForPrompt, toolDefinitionsFor, type ToolInfo } from '../src/index.js';

const tool = (name: string, extra: Partial<ToolInfo> = {}): ToolInfo => ({
  name,
  description: `${name} does it`,
  input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  tool_type: 'action',
  namespace: 'ns',
  ...extra,
});

describe('toolDefinitionsFor', () => {
  it('offers each catalogue tool as a function tool with its description and input schema, in the prompt order', () => {
    const tools = [tool('type_text'), tool('click_input'), tool('click_input', { namespace: 'other' })];
    const set = toolDefinitionsFor(tools);
    expect(set.definitions.map((d) => d.name)).toEqual(['click_input', 'type_text']);
    expect(set.definitions[0]).toEqual({ type: 'function', name: 'click_input', description: 'click_input does it', inputSchema: tools[1]!.input_schema });
    expect(renderToolsForPrompt(tools).indexOf('click_input')).toBeLessThan(renderToolsForPrompt(tools).indexOf('type_text'));
    for (const d of set.definitions) expect(FunctionToolSchema.safeParse(d).success).toBe(true);
  });

  it('maps names a model rejects, and reserved names, to valid names and back', () => {
    const long = `x${'y'.repeat(80)}`;
    const set = toolDefinitionsFor([tool('ui.click'), tool('respond'), tool(long), tool('ui click')], { reserved: ['respond'], strict: true });
    const names = set.definitions.map((d) => d.name);
    for (const name of names) expect(name).toMatch(MODEL_TOOL_NAME);
    expect(new Set(names).size).toBe(4);
    expect(names).not.toContain('respond');
    for (const original of ['ui.click', 'respond', long, 'ui click']) expect(set.catalogueName(set.modelName(original))).toBe(original);
    expect(set.modelName('ui.click')).toMatch(/^ui_click_[0-9a-f]{8}$/);
    expect(set.catalogueName('never_offered')).toBeUndefined();
    expect(set.definitions.every((d) => d.strict === true)).toBe(true);
    expect(toolDefinitionsFor([tool('ui.click')]).definitions).toEqual(toolDefinitionsFor([tool('ui.click')]).definitions.map((d) => ({ ...d })));
  });

  it('completes a schema without a type into an object schema, and keeps a valid free name as it is', () => {
    const set = toolDefinitionsFor([tool('wait', { input_schema: {}, description: '  ' })]);
    expect(set.definitions).toEqual([{ type: 'function', name: 'wait', inputSchema: { type: 'object', properties: {} } }]);
    expect(modelToolName('click_input')).toBe('click_input');
    expect(modelToolName('click_input', (n) => n === 'click_input')).toMatch(/^click_input_[0-9a-f]{8}$/);
  });
});
