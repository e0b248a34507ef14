import { UfoError } from '@ufo-ts/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolServer, defineTool } from '../src/server.js';
import { command, dispatcherFactory, runOne } from './helpers/dispatcher-setup.js';

const dispatchers = dispatcherFactory();
afterEach(() => dispatchers.closeAll());

const server = () =>
  createToolServer({
    name: 'win',
    tools: [
      defineTool({
        name: 'stale',
        description: 'x',
        input: z.object({}),
        handler: () => {
          throw new UfoError('CONTROL_ID_STALE', 'control 7 is gone');
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
      defineTool({ name: 'count', description: 'x', input: z.object({ n: z.number() }), handler: ({ n }) => n }),
    ],
  });
const config = { AppAgent: { default: { action: [{ namespace: 'win', transport: 'in-process' as const, factory: 'win' }] } } };
const target = { agent: 'AppAgent' };

describe('the code of a failure Result', () => {
  it("is the tool's own code when the tool reported one, with the error text unchanged", async () => {
    const dispatcher = dispatchers.create({ config, factories: { win: server } });
    const result = await runOne(dispatcher, command('stale', {}), target);
    expect(result).toMatchObject({ status: 'failure', code: 'CONTROL_ID_STALE', error: 'TOOL_FAILED: CONTROL_ID_STALE: control 7 is gone' });
  });

  it("is the dispatcher's code otherwise", async () => {
    const dispatcher = dispatchers.create({ config, factories: { win: server } });
    expect(await runOne(dispatcher, command('plain', {}), target)).toMatchObject({ code: 'TOOL_FAILED', error: 'TOOL_FAILED: no code here' });
    expect((await runOne(dispatcher, command('count', { n: 'x' }), target)).code).toBe('TOOL_ARGUMENTS_INVALID');
    expect((await runOne(dispatcher, command('nothing', {}), target)).code).toBe('TOOL_UNKNOWN');
  });

  it('is COMMAND_SKIPPED on the commands skipped after a failure, and absent on success', async () => {
    const dispatcher = dispatchers.create({ config, factories: { win: server } });
    const results = await dispatcher.execute([command('count', { n: 1 }), command('plain', {}), command('count', { n: 2 })], { target, stopOnFailure: true });
    expect(results.map((r) => r.code)).toEqual([undefined, 'TOOL_FAILED', 'COMMAND_SKIPPED']);
  });

  it('is DISPATCHER_CLOSED once the dispatcher is closed', async () => {
    const dispatcher = dispatchers.create({ config, factories: { win: server } });
    await dispatcher.close();
    expect((await runOne(dispatcher, command('count', { n: 1 }), target)).code).toBe('DISPATCHER_CLOSED');
  });
});
