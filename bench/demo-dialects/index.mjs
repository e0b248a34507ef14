// The calculator demo in every dialect at both screen sizes (`node index.mjs --dialect X --screen WxH` in
// examples/linux-calculator-demo, one run after another, each on its own Xvfb desktop with gnome-calculator,
// replaying the dialect's hand-written cassette): per run the dialect, the screen, the calculator display the demo
// read back through AT-SPI, whether the run showed everything a dialect run must (dialect-runs.mjs) and its wall time.
// `npm test` runs one size per dialect (examples/linux-calculator-demo/dialects.test.mjs); this is the full matrix.
// Writes bench/results/demo-dialects.json; exits 1 when a run did not pass.
import { checkDesktopAvailability } from '@ufo-ts/platform-linux';
import { DIALECTS } from '../../examples/linux-calculator-demo/dialect-model.mjs';
import { dialectRunProblems, runDialect, SCREENS } from '../../examples/linux-calculator-demo/dialect-runs.mjs';
import { writeResult } from '../stats.mjs';

const availability = checkDesktopAvailability(['gnome-calculator']);
if (!availability.available) {
  process.stderr.write(`skipped: ${availability.reason}\n`);
  writeResult('demo-dialects', { skipped: availability.reason });
  process.exit(0);
}

const runs = [];
const started = performance.now();
for (const dialect of Object.keys(DIALECTS)) {
  for (const screen of SCREENS) {
    const run = await runDialect(dialect, screen);
    const problems = dialectRunProblems(run);
    const entry = { dialect, screen: `${screen.width}x${screen.height}`, display: run.display ?? null, pass: problems.length === 0, seconds: run.seconds };
    runs.push(problems.length ? { ...entry, problems } : entry);
    process.stderr.write(
      `${dialect} ${entry.screen}: ${entry.pass ? 'pass' : `FAIL (${problems.join('; ')})`}, display ${entry.display}, ${entry.seconds} s\n`,
    );
    if (!entry.pass) process.stderr.write(`${run.output}\n`);
  }
}
const passed = runs.filter((run) => run.pass).length;
const file = writeResult('demo-dialects', {
  runs,
  passed,
  total: runs.length,
  seconds: Math.round(performance.now() - started) / 1000,
});
process.stderr.write(`${passed}/${runs.length} runs passed; wrote ${file}\n`);
process.exit(passed === runs.length ? 0 : 1);
