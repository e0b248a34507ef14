import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { FakeDesktop } from '@ufo-ts/testkit';
import { z } from 'zod';

/** A device's LocalCommandDispatcher: the FakeDesktop plus `wait_ms` (abortable) and `big_result` tools. */
export function createDeviceDispatcher(): { dispatcher: LocalCommandDispatcher; desktop: FakeDesktop; toolLog: string[] } {
  const desktop = new FakeDesktop();
  const toolLog: string[] = [];
  const extra = () =>
    createToolServer({
      name: 'extra-tools',
      version: '0.1.0',
      tools: [
        defineTool({
          name: 'wait_ms',
          description: 'Waits, unless aborted.',
          input: z.object({ ms: z.number().int().nonnegative() }),
          handler: ({ ms }, { signal }) =>
            new Promise((resolve, reject) => {
              toolLog.push('wait_ms:start');
              const timer = setTimeout(() => (toolLog.push('wait_ms:done'), resolve({ waited: ms })), ms);
              signal.addEventListener('abort', () => {
                clearTimeout(timer);
                toolLog.push('wait_ms:aborted');
                reject(new Error('aborted'));
              });
            }),
        }),
        defineTool({
          name: 'big_result',
          description: 'Returns a large text.',
          input: z.object({ size: z.number().int().positive() }),
          handler: ({ size }) => ({ text: 'x'.repeat(size) }),
        }),
      ],
    });
  const servers = {
    data_collection: [{ namespace: 'fake-desktop', transport: 'in-process' as const, factory: 'desktop' }],
    action: [
      { namespace: 'fake-desktop', transport: 'in-process' as const, factory: 'desktop' },
      { namespace: 'extra', transport: 'in-process' as const, factory: 'extra' },
    ],
  };
  const dispatcher = new LocalCommandDispatcher({
    config: { LinuxAgent: { default: servers } },
    factories: { desktop: () => desktop.createServer(), extra },
  });
  return { dispatcher, desktop, toolLog };
}
