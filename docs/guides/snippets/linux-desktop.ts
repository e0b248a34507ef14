// Getting started: the same LinuxAgent on a real Linux desktop (a private Xvfb with D-Bus, AT-SPI and a window
// manager) through the platform-linux MCP tool servers. Type-checked by the docs test; it needs the desktop
// packages (Xvfb, AT-SPI2, gnome-calculator), so the docs test does not run it: examples/linux-calculator-demo
// (`npm run demo`) runs the same wiring.
// #region linux-desktop
import { EventBus, FileLogSink, ProgrammaticInteractor, Session, type ChatModel, type SessionOutcome } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer, readCalculatorDisplay, startDesktop } from '@ufo-ts/platform-linux';
import { createLinuxAgent } from '@ufo-ts/processor-strategies';

/** Opens gnome-calculator on a private desktop, lets a LinuxAgent on `model` do `request`, reads the display. */
export async function runOnLinuxDesktop(model: ChatModel, request: string): Promise<{ outcome: SessionOutcome; display: string }> {
  const desktop = await startDesktop(); // or drive your own $DISPLAY
  try {
    await desktop.launchApp('gnome-calculator').waitForFrame();
    const linux = await createLinuxToolServer({ desktop }); // see, click, type (AT-SPI2 and X11)
    const servers = [{ namespace: 'linux', transport: 'in-process' as const, factory: 'linux' }];
    const dispatcher = new LocalCommandDispatcher({
      config: { LinuxAgent: { default: { data_collection: servers, action: servers } } },
      factories: { linux: () => linux.createServer() },
    });
    const events = new EventBus();
    events.subscribe((e) => {
      if (e.type === 'step-end') console.log(`step ${e.step}: ${e.agent} → ${e.status}`);
    });
    const interactor = new ProgrammaticInteractor();
    const logSink = new FileLogSink({ logRoot: 'logs', task: 'calculator' });
    const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink });
    const session = new Session({ task: 'calculator', request, logSink, dispatcher, interactor, events, maxSteps: 15, startAgent: () => agent });
    const outcome = await session.run();
    await dispatcher.close();
    await linux.close();
    return { outcome, display: await readCalculatorDisplay(desktop) };
  } finally {
    await desktop.stop();
  }
}
// #endregion linux-desktop
