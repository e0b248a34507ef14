// Test helper: a real AIP device client in the test process, serving a FakeDesktop through a LocalCommandDispatcher.
import { DeviceClient } from '@ufo-ts/aip';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { FakeDesktop } from '@ufo-ts/testkit';

/** A registered in-process device and its desktop. */
export interface InProcessDevice {
  desktop: FakeDesktop;
  stop(): Promise<void>;
}

/** Connects a device with this id to the server and waits until it registered. */
export async function startInProcessDevice(server: { wsUrl: string; apiKey: string }, clientId: string): Promise<InProcessDevice> {
  const desktop = new FakeDesktop();
  const servers = {
    data_collection: [{ namespace: 'fake-desktop', transport: 'in-process' as const, factory: 'desktop' }],
    action: [{ namespace: 'fake-desktop', transport: 'in-process' as const, factory: 'desktop' }],
  };
  const dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { desktop: () => desktop.createServer() } });
  const client = new DeviceClient({
    serverUrl: server.wsUrl,
    apiKey: server.apiKey,
    clientId,
    platform: 'linux',
    dispatcher,
    closeDispatcherOnStop: true,
    backoff: { initialDelayMs: 100, maxDelayMs: 1_000 },
  });
  await client.start();
  return { desktop, stop: () => client.stop() };
}
