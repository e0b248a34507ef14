// Saves each scene's screenshot and ground truth to a folder (for tuning without a desktop): node bench/ocr/save-scenes.mjs DIR
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startDesktop, encodePng, XInput } from '@ufo-ts/platform-linux';
import { SCENES, screenshot } from './scenes.mjs';

const dir = process.argv[2];
mkdirSync(dir, { recursive: true });
const desktop = await startDesktop();
const ctx = { desktop };
try {
  const input = await XInput.create(await desktop.xDisplay());
  for (const scene of SCENES) {
    if (process.argv[3] && !process.argv.slice(3).includes(scene.name)) continue;
    const s = await scene.setup(ctx);
    await input.move(desktop.width - 1, desktop.height - 1);
    await new Promise((r) => setTimeout(r, 1200));
    const image = await screenshot(ctx);
    const targets = await s.targets(image);
    writeFileSync(join(dir, `${scene.name}.png`), await encodePng(image));
    writeFileSync(join(dir, `${scene.name}.json`), JSON.stringify({ targets, cellTexts: s.cellTexts }, null, 1));
    console.log(scene.name, targets.length, 'targets');
    await s.stop();
    await new Promise((r) => setTimeout(r, 500));
  }
} finally {
  await desktop.stop();
}
