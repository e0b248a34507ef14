import { endSnapshotFileNames } from '../end-snapshots.js';
import type { EndCaptures, SubtaskCaptures } from './trajectory-types.js';

const SUBTASK_FILE = /^(?:action|desktop)_round_(\d+)_sub_round_(\d+)_final\.png$|^ui_tree_round_(\d+)_sub_round_(\d+)_final\.json$/;

/** The captures of one end (a subtask's, or the round's when `subtask` is omitted) found among the folder's files. */
function capturesAt(files: ReadonlySet<string>, round: number, subtask?: number): EndCaptures {
  const names = endSnapshotFileNames(round, subtask);
  const out: EndCaptures = {};
  for (const kind of ['windowScreenshot', 'uiTree', 'desktopScreenshot'] as const) {
    if (files.has(names[kind])) out[kind] = names[kind];
  }
  return out;
}

/** The end-of-subtask captures of a round, in subtask order, and its end-of-round captures, from the file names. */
export function roundEndCaptures(files: ReadonlySet<string>, round: number): { subtaskCaptures: SubtaskCaptures[]; finalCaptures: EndCaptures } {
  const subtasks = new Set<number>();
  for (const file of files) {
    const match = SUBTASK_FILE.exec(file);
    if (match && Number(match[1] ?? match[3]) === round) subtasks.add(Number(match[2] ?? match[4]));
  }
  return {
    subtaskCaptures: [...subtasks].sort((a, b) => a - b).map((subtask) => ({ subtask, ...capturesAt(files, round, subtask) })),
    finalCaptures: capturesAt(files, round),
  };
}
