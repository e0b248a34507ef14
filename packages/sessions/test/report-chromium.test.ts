import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { HostSession } from '../src/index.js';
import { app, click, host, reply, selectCalc, TempDirs } from './helpers.js';

const CHROMIUM = '/usr/bin/chromium';
const dirs = new TempDirs();
afterEach(() => dirs.cleanup());

describe.skipIf(!existsSync(CHROMIUM))(`the HTML report in headless Chromium (${CHROMIUM}; install the Debian package chromium to run this)`, () => {
  it('shows every step with its screenshot, the summary and the evaluation', async () => {
    const { dispatcher } = createFakeDesktopDispatcher();
    const outcome = await new HostSession({
      task: 'report',
      logRoot: dirs.make(),
      request: 'What is 12 times 34?',
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      models: {
        HOST_AGENT: new ScriptedModel({
          replies: [
            selectCalc('compute 12×34'),
            app([click('1'), click('2'), click('5')]),
            app([click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
            host('FINISH', { result: '408' }),
            reply({ reason: 'The display shows 408.', sub_scores: [{ name: 'product', evaluation: 'yes' }], complete: 'yes' }),
          ],
        }),
      },
      evaluation: { session: true },
    }).run();
    await dispatcher.close();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(pathToFileURL(outcome.reports.html!).href);
      await expect.poll(() => page.locator('article.step').count()).toBe(4);
      expect(await page.locator('#total-steps').innerText()).toBe('4');
      expect(await page.locator('#evaluation .yes').first().innerText()).toBe('yes');
      const shots = page.locator('article.step img.screenshot');
      expect(await shots.count()).toBe(4);
      for (let i = 0; i < 4; i += 1) {
        const shot = shots.nth(i);
        await shot.scrollIntoViewIfNeeded();
        expect(await shot.isVisible()).toBe(true);
        // decoded by the browser (a broken image has naturalWidth 0) and laid out at a readable size
        expect(
          await shot.evaluate(
            (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth,
          ),
        ).toBeGreaterThan(0);
        expect((await shot.boundingBox())!.width).toBeGreaterThan(100);
      }
      expect(await page.locator('article.step').nth(2).innerText()).toContain('click_input(id="6")');
      await page.screenshot({ path: process.env.UFO_REPORT_SCREENSHOT ?? `${outcome.logFolder}/report.png`, fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
