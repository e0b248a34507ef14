// @ts-check
// Runs the demo (`node index.mjs --dialect X --screen WxH`, what `npm run demo -- --dialect X` runs) for every
// dialect at two screen sizes, one after another (each run starts its own Xvfb desktop): each run must exit 0 —
// the demo exits 0 only when the calculator itself shows 408, read through AT-SPI — print that display, and have
// placed its cassette's clicks on a screenshot of the size the engine sends for that dialect and screen
// (1920×1080 is scaled down in every dialect). Also checks the placeholder filling on its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { computerDisplaySize, DEFAULT_MAX_DISPLAY, groundingDialect } from '@ufo-ts/sessions';
import { DIALECTS } from './dialect-model.mjs';
import { fillPlaceholders, toReplySpace } from './screen-grounded-replay.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/**
 * Runs the demo with `args`, without model keys in its environment (so it replays the cassettes).
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runDemo(args) {
  const env = { ...process.env };
  for (const key of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'UFO_BASE_URL', 'UFO_MODEL', 'UFO_SERVER_PRESET']) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['index.mjs', ...args], { cwd: here, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * The size of screenshot the engine sends for `dialect` on `screen`.
 * @param {string} dialect
 * @param {{ width: number, height: number }} screen
 */
function sentSize(dialect, screen) {
  const spec = DIALECTS[dialect];
  if (!spec) throw new Error(`no dialect ${dialect}`);
  return spec.grounding ? groundingDialect(spec.grounding).imageSize(screen, DEFAULT_MAX_DISPLAY) : computerDisplaySize(screen);
}

describe('npm run demo -- --dialect X shows 408 at two screen sizes', { concurrency: 1 }, () => {
  for (const dialect of Object.keys(DIALECTS)) {
    for (const screen of SCREENS) {
      const size = `${screen.width}x${screen.height}`;
      it(`${dialect} on a ${size} screen`, { timeout: 240_000 }, async () => {
        const { code, output } = await runDemo(['--dialect', dialect, '--screen', size]);
        assert.equal(code, 0, `the demo exited ${code}:\n${output}`);
        assert.match(output, /^calculator display: 408$/m);
        assert.match(output, new RegExp(`screen ${screen.width}×${screen.height}`));
        assert.match(output, /WRITTEN BY HAND/);
        const sent = sentSize(dialect, screen);
        const placed = [...output.matchAll(/cassette click placed: reply \d+ on a (\d+)×(\d+) screenshot/g)].map((m) => `${m[1]}×${m[2]}`);
        assert.ok(placed.length > 0, `no cassette click was placed:\n${output}`);
        assert.deepEqual(new Set(placed), new Set([`${sent.width}×${sent.height}`]));
      });
    }
  }
});

describe('cassette placeholders', () => {
  const screen = { width: 1920, height: 1080 };
  const buttons = async () => [{ role: 'push button', name: '7', rect: { x: 900, y: 500, width: 60, height: 40 } }];

  it('puts the button centre in each dialect space for the image sent', () => {
    const centre = { x: 930, y: 520 };
    assert.deepEqual(toReplySpace(centre, 'image-pixels', { width: 1280, height: 720 }, screen), { x: 620, y: 347 });
    assert.deepEqual(toReplySpace(centre, 'relative-1000', { width: 1280, height: 720 }, screen), { x: 484, y: 481 });
    // Qwen2.5-VL answers in pixels of its processor's smart resize of the image sent (1000×600 → 1008×588)
    assert.deepEqual(toReplySpace(centre, 'resized-pixels', { width: 1000, height: 600 }, screen), { x: 488, y: 283 });
  });

  it('fills quoted placeholders as numbers and bare ones as digits', async () => {
    const line = `{"x":"{{x:7}}","y":"{{y:7}}","text":"click(start_box='({{x:7}},{{y:7}})')"}`;
    const { text } = await fillPlaceholders(line, buttons, 'relative-1000', { width: 1280, height: 720 }, screen);
    assert.deepEqual(JSON.parse(text), { x: 484, y: 481, text: "click(start_box='(484,481)')" });
  });

  it('a placeholder naming a button that is not on the screen is an error', async () => {
    await assert.rejects(fillPlaceholders('{"x":"{{x:9}}"}', buttons, 'image-pixels', { width: 1280, height: 720 }, screen), /the button "9", which is not on the screen/);
  });
});
