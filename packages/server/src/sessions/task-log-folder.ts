import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveLogFolder, sanitizeTaskName, UfoError } from '@ufo-ts/core';

/** The file in a task's log folder naming the session that owns it. */
export const LOG_FOLDER_OWNER_FILE = '.session';

/**
 * The folder name of a task's logs: its cleaned name (readable) and a hash of the exact task name and session id
 * (unique). Task names that clean to the same text (`calc job` from the API, `calc/job` from a device) get
 * different folders, and so does a name reused by a later session.
 */
export function taskLogFolderName(taskName: string, sessionId: string): string {
  const digest = createHash('sha256').update(taskName, 'utf8').update('\u0000').update(sessionId, 'utf8').digest('hex').slice(0, 12);
  return `${sanitizeTaskName(taskName).slice(0, 80)}-${digest}`;
}

/**
 * Creates (or reopens) the log folder of a session under `logRoot` and checks it is the session's own: the first
 * session to create it writes its id into {@link LOG_FOLDER_OWNER_FILE}; any other session is refused, so two
 * tasks never write into one `response.log`. The same session (a resumed one) may reopen it.
 * @returns the folder name, relative to `logRoot`.
 * @throws UfoError `LOG_PATH_INVALID` when the folder belongs to another session.
 */
export function claimTaskLogFolder(logRoot: string, taskName: string, sessionId: string): string {
  const name = taskLogFolderName(taskName, sessionId);
  const marker = join(resolveLogFolder(logRoot, name), LOG_FOLDER_OWNER_FILE);
  try {
    writeFileSync(marker, sessionId, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = readFileSync(marker, 'utf8');
    if (owner !== sessionId) throw new UfoError('LOG_PATH_INVALID', `the log folder ${name} belongs to session "${owner}", not "${sessionId}"`);
  }
  return name;
}
