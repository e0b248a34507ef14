import { open } from 'node:fs/promises';
import { join } from 'node:path';

/** The file in a task's log folder where every answer to a waiting task is recorded, one JSON line each. */
export const ANSWERS_LOG_FILE = 'answers.log';

/**
 * Appends one JSON line to the task's {@link ANSWERS_LOG_FILE} and flushes it to disk before returning, so the
 * record of an answer exists before the session acts on it.
 * @example
 * await appendAnswerLine(folder, { pending_id, decision: 'approve', key_id: 'default', at: new Date(clock.now()).toISOString() });
 */
export async function appendAnswerLine(folder: string, line: Record<string, unknown>): Promise<void> {
  const file = await open(join(folder, ANSWERS_LOG_FILE), 'a');
  try {
    await file.write(`${JSON.stringify(line)}\n`);
    await file.datasync();
  } finally {
    await file.close();
  }
}
