// @ts-check
// One run of the demo in a dialect (`node index.mjs --dialect X --screen WxH`, what `npm run demo -- --dialect X`
// runs) and what such a run must show: exit 0 (the demo exits 0 only when the calculator itself shows 408, read
// through AT-SPI), that display printed, the screen asked for, the hand-written cassette replayed, and its clicks
// placed on a screenshot of the size the engine sends for that dialect and screen (1920×1080 is scaled down in every
// dialect). Shared by dialects.test.mjs (one run per dialect) and bench/demo-dialects (every dialect × screen).
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computerDisplaySize, DEFAULT_MAX_DISPLAY, groundingDialect } from '@ufo-ts/sessions';
import { DIALECTS } from './dialect-model.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The two screen sizes the dialects are checked at: the demo's default and one every dialect scales down. */
export const SCREENS = /** @type {const} */ ([
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]);

/**
 * @typedef {object} DialectRun
 * @property {string} dialect
 * @property {{ width: number, height: number }} screen
 * @property {number | null} code the demo's exit code
 * @property {string} output its stdout and stderr, interleaved
 * @property {string | undefined} display what the calculator showed at the end, as the demo read it back
 * @property {number} seconds from spawn to exit
 */

/**
 * Runs the demo in `dialect` on a `screen`-sized desktop, without model keys in its environment (so it replays
 * the dialect's cassette).
 * @param {string} dialect
 * @param {{ width: number, height: number }} screen
 * @returns {Promise<DialectRun>}
 */
export function runDialect(dialect, screen) {
  const env = { ...process.env };
  for (const key of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'UFO_BASE_URL', 'UFO_MODEL', 'UFO_SERVER_PRESET']) delete env[key];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const args = ['index.mjs', '--dialect', dialect, '--screen', `${screen.width}x${screen.height}`];
    const child = spawn(process.execPath, args, { cwd: here, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const display = /^calculator display: (.*)$/m.exec(output)?.[1];
      resolve({ dialect, screen, code, output, display, seconds: Math.round(performance.now() - started) / 1000 });
    });
  });
}

/**
 * The size of screenshot the engine sends for `dialect` on `screen`.
 * @param {string} dialect
 * @param {{ width: number, height: number }} screen
 */
export function sentSize(dialect, screen) {
  const spec = Object.hasOwn(DIALECTS, dialect) ? DIALECTS[/** @type {keyof typeof DIALECTS} */ (dialect)] : undefined;
  if (!spec) throw new Error(`no dialect ${dialect}`);
  return spec.grounding ? groundingDialect(spec.grounding).imageSize(screen, DEFAULT_MAX_DISPLAY) : computerDisplaySize(screen);
}

/**
 * What `run` fails to show of what a dialect run must show, one sentence each; empty when it passed.
 * @param {DialectRun} run
 * @returns {string[]}
 */
export function dialectRunProblems(run) {
  const { dialect, screen, code, output, display } = run;
  const problems = [];
  if (code !== 0) problems.push(`the demo exited ${code}`);
  if (display !== '408') problems.push(`the calculator display read back is ${JSON.stringify(display)}, not "408"`);
  if (!output.includes(`screen ${screen.width}×${screen.height}`)) problems.push(`the demo did not say it runs on a ${screen.width}×${screen.height} screen`);
  if (!output.includes('WRITTEN BY HAND')) problems.push('the demo did not replay the hand-written cassette');
  const sent = sentSize(dialect, screen);
  const placed = new Set([...output.matchAll(/cassette click placed: reply \d+ on a (\d+)×(\d+) screenshot/g)].map((m) => `${m[1]}×${m[2]}`));
  if (placed.size === 0) problems.push('no cassette click was placed');
  else if (placed.size !== 1 || !placed.has(`${sent.width}×${sent.height}`)) {
    problems.push(`cassette clicks were placed on ${[...placed].join(', ')} screenshots, not on the ${sent.width}×${sent.height} one the engine sends`);
  }
  return problems;
}
