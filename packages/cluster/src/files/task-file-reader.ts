import { lstat, readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { isInsideFolder } from '@ufo-ts/core';
import { SCREENSHOT_FILE_PATTERN } from '@ufo-ts/server';
import { LOG_FOLDER_OWNER_FILE, taskLogFolderName } from '@ufo-ts/server/internal';

/** Options of {@link readOwnTaskFile}. */
export interface TaskFileReadRequest {
  /** This node's log root; nothing outside it is read. */
  logRoot: string;
  taskName: string;
  sessionId: string;
  /** A plain file name matching `SCREENSHOT_FILE_PATTERN`. */
  file: string;
  /** Largest file returned, in bytes. */
  maxBytes: number;
}

/** The bytes of a task file, or why it is not returned. */
export type TaskFileReadOutcome = { found: true; bytes: Buffer } | { found: false; reason: string };

/**
 * Reads a file of a session's log folder under this node's log root. The folder is derived from the task name and
 * session id (never taken from a message), must carry the session's owner marker, and the file must be a regular
 * file (not a link) with a screenshot name directly inside it and at most `maxBytes` long.
 * @example
 * ```ts
 * const outcome = await readOwnTaskFile({ logRoot: 'logs', taskName: 'calc', sessionId: 's-1', file: 'step_1.png', maxBytes: 4 << 20 });
 * if (outcome.found) send(outcome.bytes);
 * ```
 */
export async function readOwnTaskFile(request: TaskFileReadRequest): Promise<TaskFileReadOutcome> {
  const { file, sessionId } = request;
  if (!SCREENSHOT_FILE_PATTERN.test(file)) return { found: false, reason: 'not a screenshot file name' };
  const root = resolve(request.logRoot);
  const folder = join(root, taskLogFolderName(request.taskName, sessionId));
  const path = join(folder, file);
  const rel = relative(folder, path);
  if (!isInsideFolder(root, folder) || rel !== file || isAbsolute(rel)) return { found: false, reason: 'outside the task folder' };
  const owner = await readFile(join(folder, LOG_FOLDER_OWNER_FILE), 'utf8').catch(() => undefined);
  if (owner !== sessionId) return { found: false, reason: 'no log folder of this session here' };
  const stats = await lstat(path).catch(() => undefined);
  if (!stats?.isFile()) return { found: false, reason: 'no such file' };
  if (stats.size > request.maxBytes) return { found: false, reason: `larger than ${request.maxBytes} bytes` };
  const bytes = await readFile(path).catch(() => undefined);
  if (!bytes) return { found: false, reason: 'unreadable' };
  if (bytes.length > request.maxBytes) return { found: false, reason: `larger than ${request.maxBytes} bytes` };
  return { found: true, bytes };
}
