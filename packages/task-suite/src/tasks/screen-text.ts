// What a checker reads off the screen when the app keeps its state only in pixels (a calculator that draws its own
// display): a part of the screen, read by the Tesseract command-line program — independently of what the agent saw.
import { captureScreen, encodePngSync, listClientWindows, type XywhRect } from '@ufo-ts/platform-linux';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { TaskWorkspace } from '../task.js';

/** The Tesseract command-line program (Debian's tesseract-ocr). */
export const TESSERACT = '/usr/bin/tesseract';

/** The screen rectangle of the window whose title contains `title`, or undefined when there is none. */
export async function windowRect(ctx: TaskWorkspace, title: string): Promise<XywhRect | undefined> {
  const windows = await listClientWindows(await ctx.desktop.xDisplay());
  return windows.find((w) => w.title.includes(title))?.geometry;
}

/**
 * The text Tesseract reads in a rectangle of the screen (one line per line of text, as `tesseract --psm 6` prints
 * it). The capture goes through a PNG file in the task's folder.
 */
export async function readScreenText(ctx: TaskWorkspace, rect: XywhRect, name = 'screen-read'): Promise<string> {
  const image = await captureScreen(await ctx.desktop.xDisplay(), rect);
  const file = ctx.path(`${name}.png`);
  writeFileSync(file, encodePngSync(image));
  return new Promise((resolve, reject) => {
    execFile(TESSERACT, [file, '-', '--psm', '6'], { timeout: 30_000, encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

/** The numbers in a text, in order (`-12.5`, `84`); a comma between digits is read as a decimal point. */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/-?\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.'));
}
