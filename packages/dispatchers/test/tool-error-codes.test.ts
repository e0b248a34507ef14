import { UfoError } from '@ufo-ts/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolServer, defineTool } from '../src/server.js';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

describe('tool error codes', () => {
  it("carries a tool's own error code into the failure Result so engines can tell failures apart", async () => {
    const server = () =>
      createToolServer({
        name: 'win',
        tools: [
          defineTool({
            name: 'capture',
            description: 'x',
            input: z.object({}),
            handler: () => {
              throw new UfoError('WINDOW_VANISHED', 'the window closed');
            },
          }),
          defineTool({
            name: 'plain',
            description: 'x',
            input: z.object({}),
            handler: () => {
              throw new Error('no code here');
            },
          }),
        ],
      });
    const dispatcher = dispatchers.create({
      config: { AppAgent: { default: { action: [{ namespace: 'win', transport: 'in-process', factory: 'win' }] } } },
      factories: { win: server },
    });
    const target = { agent: 'AppAgent' };
    expect((await runOne(dispatcher, command('capture', {}), target)).error).toBe('TOOL_FAILED: WINDOW_VANISHED: the window closed');
    expect((await runOne(dispatcher, command('plain', {}), target)).error).toBe('TOOL_FAILED: no code here');
  });
});
