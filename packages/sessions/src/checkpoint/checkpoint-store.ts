import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SessionError } from '../errors.js';
import { SessionCheckpointSchema, type SessionCheckpoint } from './checkpoint-schema.js';

/** Where checkpoints are kept. */
export interface CheckpointStore {
  /**
   * Replaces the stored checkpoint. Must be atomic: a reader sees the old or the new one, never a mix. The session
   * waits for it (it is part of each transition); a failure (thrown or rejected) ends the session as `failed`.
   */
  save(checkpoint: SessionCheckpoint): void | Promise<void>;
  /** The stored checkpoint, or undefined. */
  load(): SessionCheckpoint | undefined;
}

/** The file name of a session's checkpoint inside its log folder. */
export const CHECKPOINT_FILE = 'checkpoint.json';

/** Keeps `checkpoint.json` in a log folder; each save writes a temporary file and renames it over the old one. */
export class FileCheckpointStore implements CheckpointStore {
  readonly path: string;

  constructor(folder: string) {
    this.path = join(folder, CHECKPOINT_FILE);
  }

  save(checkpoint: SessionCheckpoint): void {
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(checkpoint, null, 1)}\n`);
    renameSync(tmp, this.path);
  }

  load(): SessionCheckpoint | undefined {
    if (!existsSync(this.path)) return undefined;
    return parseCheckpoint(readFileSync(this.path, 'utf8'), this.path);
  }
}

/** Keeps the checkpoint in memory (tests, sessions without a log folder). */
export class MemoryCheckpointStore implements CheckpointStore {
  checkpoint: SessionCheckpoint | undefined;
  /** How many times it was saved. */
  saves = 0;

  save(checkpoint: SessionCheckpoint): void {
    this.checkpoint = structuredClone(checkpoint);
    this.saves += 1;
  }

  load(): SessionCheckpoint | undefined {
    return this.checkpoint ? structuredClone(this.checkpoint) : undefined;
  }
}

/** Parses and validates checkpoint JSON; `where` names the file in errors. */
export function parseCheckpoint(text: string, where = CHECKPOINT_FILE): SessionCheckpoint {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SessionError('CHECKPOINT_INVALID', `${where} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = SessionCheckpointSchema.safeParse(raw);
  if (!parsed.success) {
    throw new SessionError('CHECKPOINT_INVALID', `${where} is not a ufo-ts checkpoint:\n${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Reads the checkpoint of a log folder; throws `CHECKPOINT_MISSING` when there is none. */
export function readCheckpoint(folder: string): SessionCheckpoint {
  const checkpoint = new FileCheckpointStore(folder).load();
  if (!checkpoint) {
    throw new SessionError('CHECKPOINT_MISSING', `No ${CHECKPOINT_FILE} in ${folder}: the session was not checkpointed (or this is not its log folder)`);
  }
  return checkpoint;
}
