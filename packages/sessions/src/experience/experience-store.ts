import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { SessionError } from '../errors.js';
import { ExperienceRecordSchema, type ExperienceRecord } from './experience-schema.js';

const StoreFileSchema = z.object({ version: z.literal(1), records: z.array(ExperienceRecordSchema) });

/** Options of {@link ExperienceStore}. */
export interface ExperienceStoreOptions {
  /** The JSON file, e.g. `experience/experience.json` (created with its folder on the first save). */
  path: string;
}

/**
 * Experience records in one JSON file (`{ version: 1, records: [...] }`): no pickle, no vector database. Saves
 * are atomic (a temporary file renamed over the old one), records are deduplicated by id.
 */
export class ExperienceStore {
  readonly path: string;

  constructor(options: ExperienceStoreOptions) {
    this.path = options.path;
  }

  /** All records (empty when the file does not exist yet). Throws `EXPERIENCE_STORE_INVALID` for a broken file. */
  load(): ExperienceRecord[] {
    if (!existsSync(this.path)) return [];
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (error) {
      throw new SessionError('EXPERIENCE_STORE_INVALID', `${this.path} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const parsed = StoreFileSchema.safeParse(raw);
    if (!parsed.success) {
      throw new SessionError('EXPERIENCE_STORE_INVALID', `${this.path} is not an experience store:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
    }
    return parsed.data.records;
  }

  /** Adds (or replaces, by id) records and saves. */
  add(records: readonly ExperienceRecord[]): void {
    const byId = new Map(this.load().map((r) => [r.id, r]));
    for (const record of records) byId.set(record.id, record);
    this.save([...byId.values()]);
  }

  /** Replaces the whole content. */
  save(records: readonly ExperienceRecord[]): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ version: 1, records }, null, 1)}\n`);
    renameSync(tmp, this.path);
  }
}

/**
 * Reads demonstrations written by people: every `*.json` file of a folder holding one record or a list of records
 * (`request`, `subtask`, `tips`, `example`, ...). Ids default to the file name. Errors name the file.
 */
export function loadDemonstrations(folder: string): ExperienceRecord[] {
  if (!existsSync(folder)) return [];
  const out: ExperienceRecord[] = [];
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const path = join(folder, name);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new SessionError('EXPERIENCE_STORE_INVALID', `${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const items = Array.isArray(raw) ? raw : [raw];
    items.forEach((item, i) => {
      const withDefaults = { kind: 'demonstration', id: `${basename(name, '.json')}${items.length > 1 ? `#${i + 1}` : ''}`, ...(item as object) };
      const parsed = ExperienceRecordSchema.safeParse(withDefaults);
      if (!parsed.success) {
        throw new SessionError(
          'EXPERIENCE_STORE_INVALID',
          `${path}${items.length > 1 ? ` item ${i + 1}` : ''} is not a demonstration:\n${z.prettifyError(parsed.error)}`,
          {
            cause: parsed.error,
          },
        );
      }
      out.push(parsed.data);
    });
  }
  return out;
}
