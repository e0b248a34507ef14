/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { ScriptedModel, type ScriptedModelOptions } from '@ufo-ts/core/testing';
import { FakeDesktop } from '@ufo-ts/testkit';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../src/console/console-routes.js';
import type { UfoServerOptions } from '../../src/index.js';
import { startInProcessDevice, type InProcessDevice } from '../helpers/in-process-device.js';
import { startInProcessServer, type InProcessServer } from '../helpers/in-process-server.js';

/** Debian's chromium, installed by the project's set-up (scripts/desktop-packages.mjs); never downloaded. */
const CHROMIUM = '/usr/bin/chromium';
const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
/** The agent selects the calculator, holds a sensitive click for approval, then finishes. */
const HELD_CLICK: ScriptedModelOptions['replies'] = [
  linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' }, { thought: 'open the calculator' }),
  linux({ function: 'click_input', arguments: { id: '1' }, status: 'CONFIRM' }, { thought: 'press 1, a sensitive key' }),
  linux([], { status: 'FINISH', result: 'pressed', thought: 'all done' }),
];

let browser: Browser;
let server: InProcessServer | undefined;
let device: InProcessDevice | undefined;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`npm run setup\` (it installs Debian's chromium) or apt-get install chromium`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await device?.stop();
  await server?.close();
  server = undefined;
  device = undefined;
});

async function start(options: Partial<UfoServerOptions> = {}): Promise<InProcessServer> {
  server = await startInProcessServer({
    console: true, // a resumed session continues the script where it stopped (the context says how many steps it had taken)
    createModel: (task) => new ScriptedModel({ replies: HELD_CLICK.slice(task.resumedAtStep ?? 0) }),
    ...options,
  });
  device = await startInProcessDevice(server, 'dev-console');
  return server;
}

describe('the web console in headless Chromium', () => {
  it('is off by default', async () => {
    const s = await startInProcessServer();
    server = s;
    expect((await fetch(`${s.httpUrl}/console/`)).status).toBe(404);
  });

  it('serves a page without the key under a strict CSP; the key is asked for and kept in sessionStorage only', async () => {
    const s = await start();
    const page = await fetch(`${s.httpUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).not.toContain(s.apiKey);
    expect(html).not.toMatch(/<script>|<style>|\son\w+=/);
    const script = await fetch(`${s.httpUrl}/console/console.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).not.toContain(s.apiKey);

    const context = await browser.newContext();
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const requests: string[] = [];
    tab.on('request', (request) => requests.push(request.url()));
    await tab.goto(`${s.httpUrl}/console/`);
    await tab.fill('#api-key', 'not-the-key');
    await tab.click('#key-form button[type=submit]');
    await tab.waitForFunction(() => document.getElementById('key-error')!.textContent!.includes('refused'));
    await tab.fill('#api-key', s.apiKey);
    await tab.click('#key-form button[type=submit]');
    await tab.locator('#devices li', { hasText: 'dev-console' }).waitFor();
    expect(await tab.evaluate(() => sessionStorage.getItem('ufo-console-api-key'))).toBe(s.apiKey);
    expect(await tab.evaluate(() => localStorage.length + document.cookie.length)).toBe(0);
    expect(requests.filter((url) => url.includes(s.apiKey))).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows a task live, its steps and annotated screenshot as they arrive, approves the held action and sees the task finish', async () => {
    const s = await start({ approval: { mode: 'wait' } });
    const context = await browser.newContext();
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await tab.goto(`${s.httpUrl}/console/`);
    await tab.fill('#api-key', s.apiKey);
    await tab.click('#key-form button[type=submit]');
    await tab.locator('#devices li', { hasText: 'dev-console' }).waitFor();

    const dispatched = await s.api('POST', '/api/dispatch', {
      client_id: 'dev-console',
      request: 'press a sensitive key',
      task_name: 'held-click',
      approval: { mode: 'wait' },
    });
    expect(dispatched.status).toBe(200);
    // the task appears from the server-wide stream; open its live view
    await tab.locator('#tasks button[data-task="held-click"]').click();
    await tab.locator('#steps li.step', { hasText: 'open the calculator' }).waitFor();
    // the screenshot arrives by URL and is fetched with the key into a blob
    await tab.waitForFunction(() => {
      const img = document.getElementById('shot') as HTMLImageElement;
      return img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0;
    });
    // the held action is shown with the approve button
    await tab.locator('#waiting-items li', { hasText: 'click_input' }).waitFor();
    await tab.locator('#task-status', { hasText: 'waiting' }).waitFor();
    const stepsBefore = await tab.locator('#steps li.step').count();
    const [approval] = await Promise.all([tab.waitForResponse((r) => r.url().endsWith('/api/tasks/held-click/approve')), tab.click('#approve-button')]);
    expect(approval.status(), await approval.text()).toBe(202);
    await tab
      .locator('#task-status', { hasText: 'completed' })
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        const record = await s.api('GET', '/api/task_result/held-click');
        throw new Error(`the task did not complete: ${await tab.locator('#waiting-error').textContent()} ${JSON.stringify(record.body).slice(0, 2000)}`, {
          cause: error,
        });
      });
    // the step after the approval arrived live
    await tab.locator('#steps li.step', { hasText: 'all done' }).waitFor();
    expect(await tab.locator('#steps li.step').count()).toBeGreaterThan(stepsBefore);
    const result = await s.api('GET', '/api/task_result/held-click');
    expect(result.body).toMatchObject({ status: 'completed', result: { rounds: [{ result: 'pressed' }] } });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows an action the server’s policy held with the rule that held it and its reason', async () => {
    const pressOne = [HELD_CLICK[0]!, linux({ function: 'click_input', arguments: { id: '1' }, status: 'CONTINUE' }, { thought: 'press 1' }), HELD_CLICK[2]!];
    const s = await start({
      createModel: () => new ScriptedModel({ replies: pressOne }),
      actionPolicy: {
        rules: [{ id: 'no-key-one', match: { tool: 'click_input', arguments: { id: '1' } }, decision: 'deny', reason: 'the 1 key is off limits' }],
      },
    });
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${s.httpUrl}/console/`);
    await tab.fill('#api-key', s.apiKey);
    await tab.click('#key-form button[type=submit]');
    await tab.locator('#devices li', { hasText: 'dev-console' }).waitFor();
    const dispatched = await s.api('POST', '/api/dispatch', { client_id: 'dev-console', request: 'press a key', task_name: 'denied-click' });
    expect(dispatched.status).toBe(200);
    await tab.locator('#tasks button[data-task="denied-click"]').click();
    const held = tab.locator('#steps li.step ul.actions li', { hasText: 'click_input' });
    await held.waitFor();
    expect(await held.textContent()).toBe('click_input({"id":"1"}) → failure · denied by policy rule no-key-one: the 1 key is off limits');
    await context.close();
  });
});
