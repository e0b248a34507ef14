import type { ToolInfo } from '@ufo-ts/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LocalCommandDispatcher, renderToolsForPrompt } from '../src/index.js';
import { createToolServer, defineTool } from '../src/server.js';

const clickInput: ToolInfo = {
  name: 'click_input',
  description: 'Click on a UI control element using the mouse.',
  input_schema: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The precise annotated ID of the control.' },
      button: { type: 'string', enum: ['left', 'right', 'middle'], default: 'left', description: 'The mouse button.' },
      double: { type: 'boolean', default: false },
    },
    required: ['id'],
  },
  tool_type: 'action',
  namespace: 'AppUIExecutor',
};
const wait: ToolInfo = {
  name: 'wait',
  description: 'Waits.',
  input_schema: { type: 'object', properties: { seconds: { type: 'number' }, keys: { type: 'array', items: { type: 'string' } } }, required: ['seconds'] },
  tool_type: 'action',
  namespace: 'AppUIExecutor',
};
const summary: ToolInfo = { name: 'summary', description: '', input_schema: { type: 'object', properties: {} }, tool_type: 'action', namespace: 'x' };

describe('renderToolsForPrompt', () => {
  it('renders name, description, parameters and an example call per tool, separated by ---', () => {
    expect(renderToolsForPrompt([clickInput, summary])).toBe(
      [
        'Tool name: click_input',
        'Description: Click on a UI control element using the mouse.',
        '',
        'Parameters:',
        '- id (string, required): The precise annotated ID of the control.',
        '- button (string, optional): The mouse button. One of: "left", "right", "middle". Default: "left"',
        '- double (boolean, optional): Default: false',
        '',
        'Example usage:',
        'click_input(id="", button="left", double=false)',
        '',
        '---',
        '',
        'Tool name: summary',
        'Description: (no description)',
        '',
        'Parameters: none',
        '',
        'Example usage:',
        'summary()',
      ].join('\n'),
    );
  });

  it('gives the same text whatever the input order', () => {
    const once = renderToolsForPrompt([wait, clickInput, summary]);
    expect(renderToolsForPrompt([summary, wait, clickInput])).toBe(once);
    expect(once.indexOf('Tool name: click_input')).toBeLessThan(once.indexOf('Tool name: summary'));
    expect(once.indexOf('Tool name: summary')).toBeLessThan(once.indexOf('Tool name: wait'));
    expect(once).toContain('- keys (array of string, optional)');
  });

  describe('from listTools of a real server', () => {
    let dispatcher: LocalCommandDispatcher | undefined;
    afterEach(() => dispatcher?.close());

    it('renders the action tools of a target (data-collection tools stay out of the prompt)', async () => {
      const tools = [
        defineTool({
          name: 'type_text',
          description: 'Types text into the focused control.',
          input: z.object({ text: z.string().describe('Text to type'), enter: z.boolean().default(false) }),
          handler: () => 'ok',
        }),
        defineTool({ name: 'screenshot', description: 'Captures the screen.', toolType: 'data_collection', input: z.object({}), handler: () => 'data:' }),
      ];
      dispatcher = new LocalCommandDispatcher({
        config: { LinuxAgent: { default: { action: [{ namespace: 'ui', transport: 'in-process', factory: 'ui' }] } } },
        factories: { ui: () => createToolServer({ name: 'ui', tools }) },
      });
      const listed = await dispatcher.listTools({ target: { agent: 'LinuxAgent' }, toolType: 'action' });
      expect(renderToolsForPrompt(listed)).toBe(
        [
          'Tool name: type_text',
          'Description: Types text into the focused control.',
          '',
          'Parameters:',
          '- text (string, required): Text to type',
          '- enter (boolean, optional): Default: false',
          '',
          'Example usage:',
          'type_text(text="", enter=false)',
        ].join('\n'),
      );
    });
  });
});
