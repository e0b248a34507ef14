import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { UfoError, type UfoErrorCode } from '../errors.js';
import { parseTrajectory } from './parse-trajectory.js';
import type { Trajectory } from './trajectory-types.js';

/**
 * Reads a session's log folder (`response.log`, `evaluation.log`, screenshots) into a {@link Trajectory}.
 * Throws `TRAJECTORY_NOT_FOUND` when the folder has no `response.log`.
 */
export function readTrajectory(folder: string): Trajectory {
  const responsePath = join(folder, 'response.log');
  if (!existsSync(responsePath)) {
    throw new UfoError<UfoErrorCode>('TRAJECTORY_NOT_FOUND', `No response.log in ${folder}: is it a session's log folder?`);
  }
  const evaluationPath = join(folder, 'evaluation.log');
  return parseTrajectory({
    folder,
    responseLog: readFileSync(responsePath, 'utf8'),
    evaluationLog: existsSync(evaluationPath) ? readFileSync(evaluationPath, 'utf8') : '',
    files: readdirSync(folder),
  });
}

/** The absolute path of a trajectory file (a bare name is resolved against the folder), or undefined if missing. */
export function trajectoryFilePath(trajectory: Pick<Trajectory, 'folder'>, file: string | undefined): string | undefined {
  if (!file) return undefined;
  const path = isAbsolute(file) || !trajectory.folder ? file : join(trajectory.folder, file);
  return existsSync(path) ? path : undefined;
}
