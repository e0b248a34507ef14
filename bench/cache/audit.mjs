// The bench's own check of a replay, independent of the action cache's code: each action the replay sent as a cached
// step is compared with the action the recorded run took at that place (read from the recorded run's response.log):
// the same tool on a control of the same role and name (a window of the same title). An action on another control
// is a wrong action; a replay that ended in FINISH while the task's check failed is a wrong outcome. Neither may be
// silent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The step lines of a session's response.log. */
function stepRecords(folder) {
  const file = folder && join(folder, 'response.log');
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((r) => r.type === 'step');
}

/** What an action that succeeded acted on, as its tool reported it. */
function actedOn(action) {
  const r = action.result?.result ?? {};
  return { function: action.function, role: r.role, name: r.name ?? r.title };
}

/** The actions of a recorded run that succeeded, in order: what its cached steps are made from. */
export function recordedActions(folder) {
  return stepRecords(folder).flatMap((r) => r.actions.filter((a) => a.result?.status === 'success').map(actedOn));
}

/**
 * Compares a replay's cached actions with the recorded ones. Returns the wrong actions (a cached step that ran on
 * another control than the recorded run's), the cached actions checked, and the typed reasons the replay gave.
 */
export function auditReplay(recorded, replayFolder) {
  const wrong = [];
  let checked = 0;
  const reasons = [];
  for (const record of stepRecords(replayFolder)) {
    if (record.cache?.reason) reasons.push(record.cache.reason);
    if (record.cache?.outcome !== 'hit' || record.cache.step === undefined) continue;
    record.actions.forEach((action, k) => {
      if (action.result?.status !== 'success') return;
      const expected = recorded[record.cache.step + k];
      const got = actedOn(action);
      checked += 1;
      const same =
        expected && expected.function === got.function && (expected.name === undefined || (expected.role === got.role && expected.name === got.name));
      if (!same) wrong.push({ step: record.cache.step + k, expected: expected ?? null, got });
    });
  }
  return { checked, wrong, reasons };
}
