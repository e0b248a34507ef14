// What the data-collection benches share: Linux tool calls through an in-process tool server and the real
// dispatcher, and one DATA_COLLECTION step as a LinuxAgent makes it.
import { createCommand } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer } from '@ufo-ts/platform-linux';

/** A Linux tool server on `desktop` (options as `createLinuxToolServer`'s, shell off): `run(tool, args, type)` and `close()`. */
export async function toolsOn(desktop, options = {}) {
  const linux = await createLinuxToolServer({ desktop, shell: false, ...options });
  const servers = {
    data_collection: [{ namespace: 'linux', transport: 'in-process', factory: 'linux' }],
    action: [{ namespace: 'linux', transport: 'in-process', factory: 'linux' }],
  };
  const dispatcher = new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { linux: () => linux.createServer() } });
  const run = async (tool, args = {}, type = 'data_collection') => {
    const [result] = await dispatcher.execute([createCommand(tool, args, type)], { target: { agent: 'LinuxAgent' } });
    if (result.status !== 'success') throw new Error(`${tool}: ${result.error}`);
    return result.result;
  };
  return { run, close: async () => (await dispatcher.close(), await linux.close()) };
}

/** One DATA_COLLECTION: the agent's three calls in its order, with each one's time and the listing. */
export async function step(run) {
  const t0 = performance.now();
  await run('capture_window_screenshot');
  const t1 = performance.now();
  const listing = await run('get_app_window_controls_target_info');
  const t2 = performance.now();
  await run('capture_annotated_screenshot');
  const t3 = performance.now();
  return {
    total: t3 - t0,
    screenshot: t1 - t0,
    listing: t2 - t1,
    annotated: t3 - t2,
    controls: listing.controls.length,
    notes: listing.notes ?? [],
    listing_result: listing,
  };
}
