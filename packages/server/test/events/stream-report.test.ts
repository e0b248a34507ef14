import { readTrajectory, renderHtmlReport } from '@ufo-ts/core';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStreamReport, trajectoryFromStreamEvents, type StreamEvent } from '../../src/index.js';
import { startInProcessDevice, type InProcessDevice } from '../helpers/in-process-device.js';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';
import { openSse } from '../helpers/sse-client.js';

let server: InProcessServer | undefined;
let device: InProcessDevice | undefined;
afterEach(async () => {
  await device?.stop();
  await server?.close();
});

describe('the HTML report from a recorded stream', () => {
  it('renders the same report from the task stream (screenshots fetched by URL with the key) as from the log folder', async () => {
    server = await startInProcessServer();
    device = await startInProcessDevice(server, 'dev-report');
    const s = server;
    await s.api('POST', '/api/dispatch', { client_id: 'dev-report', request: 'compute 12 times 34', task_name: 'calc-report' });
    const stream = await openSse(`${s.httpUrl}/api/tasks/calc-report/events`, { 'x-api-key': s.apiKey });
    await stream.waitFor((f) => f.data?.type === 'task-finished', 'the task to finish');
    stream.close();
    const recorded = stream.events() as StreamEvent[];

    // the screenshots, fetched over the authenticated route as a remote client would
    const images = new Map<string, string>();
    for (const event of recorded) {
      if (event.type !== 'screenshot') continue;
      const response = await fetch(`${s.httpUrl}${event.url}`, { headers: { 'x-api-key': s.apiKey } });
      images.set(event.file, `data:image/png;base64,${Buffer.from(await response.arrayBuffer()).toString('base64')}`);
    }
    expect(images.size).toBeGreaterThanOrEqual(2);

    const fromStream = trajectoryFromStreamEvents(recorded, { taskName: 'calc-report' });
    const record = await s.api('GET', '/api/task_result/calc-report');
    const fromFolder = readTrajectory(record.body.log_folder);
    delete fromFolder.folder;
    expect(fromStream.totals).toEqual(fromFolder.totals);
    expect(fromStream.steps.map((step) => step.screenshots)).toEqual(fromFolder.steps.map((step) => step.screenshots));
    expect(fromStream.problems).toEqual([]);

    const options = { generatedAt: new Date(0), image: (file: string) => images.get(file) };
    const html = renderStreamReport(recorded, { ...options, taskName: 'calc-report' });
    expect(html).toBe(renderHtmlReport(fromFolder, options));
    expect(html).toContain('linux thinks');
    expect(html.match(/<article class="step/g)).toHaveLength(2);
    expect(html).toMatch(/<img class="screenshot[^"]*" alt="Step 0[^"]*" src="data:image\/png;base64,/);
    // another task's events are left out
    expect(trajectoryFromStreamEvents(recorded, { taskName: 'other' }).steps).toEqual([]);
  });
});
