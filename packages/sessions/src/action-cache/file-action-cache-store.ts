import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SessionError } from '../errors.js';
import type { ActionCacheStore } from './action-cache-store.js';
import { CachedRunSchema, type CachedRun } from './cached-run-schema.js';

const ENTRY = /^([0-9a-f]{64})\.json$/;

/**
 * Keeps each cached run as `<key>.json` in a folder (made when first written). A write goes to a temporary file
 * renamed over the entry, so a reader (another process included) sees the old entry or the new one, never a mix.
 *
 * @example
 * ```ts
 * const store = new FileActionCacheStore('.ufo-cache');
 * const run = await store.get(cacheKey(cacheKeyParts(request, { file }, { app: 'soffice', title })));
 * ```
 */
export class FileActionCacheStore implements ActionCacheStore {
  constructor(
    /** The folder of the entries. */
    readonly folder: string,
  ) {}

  async get(key: string): Promise<CachedRun | undefined> {
    if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
    const path = join(this.folder, `${key}.json`);
    return existsSync(path) ? this.read(path) : undefined;
  }

  async put(run: CachedRun): Promise<void> {
    const entry = CachedRunSchema.parse(run);
    mkdirSync(this.folder, { recursive: true });
    const path = join(this.folder, `${entry.key}.json`);
    const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(entry, null, 1)}\n`);
    renameSync(tmp, path);
  }

  async list(): Promise<CachedRun[]> {
    const runs = this.entryFiles().map((file) => this.read(join(this.folder, file)));
    return runs.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  }

  async delete(key: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(key)) return false;
    const path = join(this.folder, `${key}.json`);
    if (!existsSync(path)) return false;
    rmSync(path);
    return true;
  }

  async clear(): Promise<number> {
    const files = this.entryFiles();
    for (const file of files) rmSync(join(this.folder, file), { force: true });
    return files.length;
  }

  private entryFiles(): string[] {
    return existsSync(this.folder) ? readdirSync(this.folder).filter((file) => ENTRY.test(file)) : [];
  }

  private read(path: string): CachedRun {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new SessionError('ACTION_CACHE_INVALID', `the cached run ${path} is not JSON: ${(error as Error).message}`, { cause: error, details: { path } });
    }
    const result = CachedRunSchema.safeParse(parsed);
    if (!result.success)
      throw new SessionError(
        'ACTION_CACHE_INVALID',
        `the cached run ${path} is not a cached run: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        { cause: result.error, details: { path } },
      );
    const fileKey = ENTRY.exec(path.slice(path.lastIndexOf('/') + 1))?.[1];
    if (fileKey !== result.data.key)
      throw new SessionError('ACTION_CACHE_INVALID', `the cached run ${path} holds the key ${result.data.key}, not its file's`, { details: { path } });
    return result.data;
  }
}
