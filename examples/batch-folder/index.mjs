// @ts-check
// A batch: one session per request file of a folder, two at a time. The status file records each outcome, so the
// second run skips the finished tasks and only runs the one that was fixed in between.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { SessionFactory } from '@ufo-ts/sessions';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

const folder = mkdtempSync(join(tmpdir(), 'ufo-batch-example-'));
try {
  writeFileSync(join(folder, 'calculator.json'), JSON.stringify({ request: 'open the calculator' }));
  writeFileSync(join(folder, 'mail.json'), JSON.stringify({ request: 'open the mail client' }));
  writeFileSync(join(folder, 'broken.json'), JSON.stringify({ requets: 'a typo' }));
  const finish = { observation: 'desktop', thought: 'it is open', status: 'FINISH', result: 'open' };
  const factory = (/** @type {number} */ replies) =>
    new SessionFactory({
      models: { HOST_AGENT: new ScriptedModel({ replies: Array(replies).fill(finish) }) },
      dispatcher: () => createFakeDesktopDispatcher().dispatcher, // one desktop per task: they run side by side
      interactor: new ProgrammaticInteractor(),
      logRoot: 'logs',
      defaults: { reports: false },
    });
  const first = await factory(2).createBatch({ folder, platform: 'windows', concurrency: 2 }).run();
  say(`first run: ${first.ran.map((r) => `${r.file} → ${r.result.outcome?.status ?? r.result.error?.code}`).join(', ')}`);
  writeFileSync(join(folder, 'broken.json'), JSON.stringify({ request: 'open the file manager' }));
  const second = await factory(1).createBatch({ folder, platform: 'windows', concurrency: 2 }).run();
  say(`second run: ran ${second.ran.map((r) => r.file).join(', ')}; skipped ${second.skipped.join(', ')}`);
  const status = JSON.parse(readFileSync(second.statusFile, 'utf8'));
  say(`status file: ${JSON.stringify(Object.fromEntries(Object.entries(status).map(([k, v]) => [k, v.status])))}`);
  if (second.ran.length !== 1 || second.skipped.length !== 2 || Object.values(status).some((v) => !v.finished)) {
    console.error('batch-folder example failed');
    process.exit(1);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
