import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolServer, defineTool, encodeToolResult } from '../src/server.js';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const screenshot = { image: `data:image/png;base64,${PNG}`, width: 1, height: 1 };

describe('image fields of tool results', () => {
  it('become image content blocks before the text, which names them instead of repeating the base64', () => {
    expect(encodeToolResult('shot', screenshot, ['image', 'clean_image'])).toEqual({
      content: [
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'text', text: '{"image":"(image: content 0)","width":1,"height":1}' },
      ],
      structuredContent: screenshot,
    });
    expect(encodeToolResult('shot', { image: 'not a data url' }, ['image']).content).toEqual([{ type: 'text', text: '{"image":"not a data url"}' }]);
  });

  const dispatchers = dispatcherFactory();
  afterAll(() => dispatchers.closeAll());

  it('reach an MCP client as image blocks while the dispatcher still returns the structured data', async () => {
    const tool = defineTool({ name: 'shot', description: 'A screenshot.', input: z.object({}), imageFields: ['image'], handler: () => screenshot });
    const server = createToolServer({ name: 's', tools: [tool] });
    const dispatcher = dispatchers.create({
      config: { A: { default: { action: [{ namespace: 's', transport: 'in-process', factory: 's' }] } } },
      factories: { s: () => server },
    });
    expect(await runOne(dispatcher, command('shot'), { agent: 'A' })).toMatchObject({ status: 'success', result: screenshot });
  });
});
