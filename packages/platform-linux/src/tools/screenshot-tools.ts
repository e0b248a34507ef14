import { defineTool } from '@ufo-ts/dispatchers/server';
import { z } from 'zod';
import { captureAnnotated, captureDesktop, captureSelectedWindow, toScreenshot } from '../desktop/screenshots.js';
import { sleep } from '../util/wait.js';
import type { LinuxToolContext } from './tool-context.js';

const SETTLE = z
  .number()
  .int()
  .min(0)
  .max(5000)
  .default(0)
  .describe('Wait this many milliseconds first (GTK 4 apps repaint shortly after their accessible text changes).');

/**
 * Screenshots: desktop, selected window, and the set-of-marks annotated window. Each result's images are `image`
 * content blocks (what any MCP host shows its model) beside the structured data, which keeps them as data URLs
 * (what the LinuxAgent's data collection reads).
 */
export function screenshotTools(ctx: LinuxToolContext) {
  return [
    defineTool({
      name: 'capture_desktop_screenshot',
      description: 'Screenshot of the whole screen: {image: "data:image/png;base64,…", width, height}.',
      toolType: 'data_collection',
      imageFields: ['image'],
      input: z.object({ all_screens: z.boolean().default(true).describe('Kept for compatibility; there is one screen.'), settle_ms: SETTLE }),
      handler: async ({ settle_ms }) => {
        if (settle_ms) await sleep(settle_ms);
        return toScreenshot((await captureDesktop(ctx.session)).pixels);
      },
    }),
    defineTool({
      name: 'capture_window_screenshot',
      description:
        'Screenshot of the selected window as shown on screen: {image: "data:image/png;base64,…", width, height}. Fails when no window is selected or it was closed.',
      toolType: 'data_collection',
      imageFields: ['image'],
      input: z.object({ settle_ms: SETTLE }),
      handler: async ({ settle_ms }) => {
        if (settle_ms) await sleep(settle_ms);
        const capture = await captureSelectedWindow(ctx.session);
        return { ...(await toScreenshot(capture.pixels)), window: capture.window };
      },
    }),
    defineTool({
      name: 'capture_annotated_screenshot',
      description:
        'Screenshot of the selected window with a numbered box over each listed control (set-of-marks), and the control list {id, name, type, rect [l, t, r, b]} whose ids the boxes show. With include_clean also the clean image (clean_image).',
      toolType: 'data_collection',
      imageFields: ['image', 'clean_image'],
      input: z.object({
        include_clean: z.boolean().default(false).describe('Also return the clean screenshot as clean_image.'),
        screen: z.boolean().default(false).describe('Capture the whole screen instead of the window.'),
        roles: z.array(z.string()).default([]).describe('Only controls with these AT-SPI roles.'),
        settle_ms: SETTLE,
      }),
      handler: async ({ include_clean, screen, roles, settle_ms }) => {
        if (settle_ms) await sleep(settle_ms);
        return captureAnnotated(ctx.session, { includeClean: include_clean, screen, roles: roles.length ? roles : undefined });
      },
    }),
  ];
}
