import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { FakeDesktop } from './fake-desktop.js';

/** A LocalCommandDispatcher wired to a {@link FakeDesktop} over the in-process MCP transport, for every agent kind. */
export function createFakeDesktopDispatcher(desktop = new FakeDesktop()): { desktop: FakeDesktop; dispatcher: LocalCommandDispatcher } {
  const servers = {
    data_collection: [{ namespace: 'fake-desktop', transport: 'in-process' as const, factory: 'fakeDesktop' }],
    action: [{ namespace: 'fake-desktop', transport: 'in-process' as const, factory: 'fakeDesktop' }],
  };
  const dispatcher = new LocalCommandDispatcher({
    config: { HostAgent: { default: servers }, AppAgent: { default: servers }, LinuxAgent: { default: servers } },
    factories: { fakeDesktop: () => desktop.createServer() },
  });
  return { desktop, dispatcher };
}
