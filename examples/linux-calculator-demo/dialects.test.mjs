// @ts-check
// Runs the demo (`node index.mjs --dialect X --screen WxH`, what `npm run demo -- --dialect X` runs) once for every
// dialect, one after another (each run starts its own Xvfb desktop), the dialects alternating between the two screen
// sizes so both are exercised; dialect-runs.mjs says what each run must show. The full matrix (every dialect at both
// sizes) is the bench `pnpm bench demo-dialects`. Also checks the placeholder filling on its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from './dialect-model.mjs';
import { dialectRunProblems, runDialect, SCREENS } from './dialect-runs.mjs';
import { fillPlaceholders, toReplySpace } from './screen-grounded-replay.mjs';

describe('npm run demo -- --dialect X shows 408 (the dialects alternate between the two screen sizes)', { concurrency: 1 }, () => {
  Object.keys(DIALECTS).forEach((dialect, index) => {
    const screen = index % 2 === 0 ? SCREENS[0] : SCREENS[1];
    it(`${dialect} on a ${screen.width}x${screen.height} screen`, { timeout: 240_000 }, async () => {
      const run = await runDialect(dialect, screen);
      const problems = dialectRunProblems(run);
      assert.deepEqual(problems, [], `${problems.join('; ')}; the demo's output:\n${run.output}`);
    });
  });
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
    await assert.rejects(
      fillPlaceholders('{"x":"{{x:9}}"}', buttons, 'image-pixels', { width: 1280, height: 720 }, screen),
      /the button "9", which is not on the screen/,
    );
  });
});
