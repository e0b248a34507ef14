import type { Ajv } from 'ajv';
import { LazyModule } from '@ufo-ts/core/internal';
import type { SchemaDialect } from './schema-dialect.js';

const loadError = (specifier: string, cause: unknown): Error => new Error(`cannot load ${specifier}`, { cause });

/** ajv (draft-07), imported on the first schema the simple check cannot decide (most tool schemas never need it). */
export const ajvModule = new LazyModule('ajv', () => import('ajv'), loadError);
/** ajv's JSON Schema 2019-09 build. */
export const ajv2019Module = new LazyModule('ajv/dist/2019.js', () => import('ajv/dist/2019.js'), loadError);
/** ajv's JSON Schema 2020-12 build. */
export const ajv2020Module = new LazyModule('ajv/dist/2020.js', () => import('ajv/dist/2020.js'), loadError);
/** `ajv-formats` (email, uri, date-time, uuid, ...). */
export const ajvFormatsModule = new LazyModule('ajv-formats', () => import('ajv-formats'), loadError);

/**
 * Options shared by every dialect: all errors, unknown keywords and formats ignored (the server still decides
 * what it does not know), formats checked, nothing logged.
 */
const OPTIONS = { allErrors: true, strict: false, validateFormats: true, verbose: true, logger: false } as const;

/** One ajv instance per dialect, created with `ajv-formats` on first need. */
export class AjvInstances {
  private readonly instances = new Map<SchemaDialect, Promise<Ajv>>();

  /** The instance checking `dialect`. */
  get(dialect: SchemaDialect): Promise<Ajv> {
    let instance = this.instances.get(dialect);
    if (!instance) {
      instance = createAjv(dialect);
      this.instances.set(dialect, instance);
      instance.catch(() => this.instances.delete(dialect));
    }
    return instance;
  }

  /** Whether any instance was created (for tests of the fast path). */
  get created(): boolean {
    return this.instances.size > 0;
  }
}

async function createAjv(dialect: SchemaDialect): Promise<Ajv> {
  const formats = ajvFormatsModule.load();
  let ajv: Ajv;
  switch (dialect) {
    case 'draft-07':
      ajv = new (await ajvModule.load()).Ajv(OPTIONS);
      break;
    case '2019-09':
      ajv = new (await ajv2019Module.load()).Ajv2019(OPTIONS);
      break;
    case '2020-12':
      ajv = new (await ajv2020Module.load()).Ajv2020(OPTIONS);
      break;
  }
  const plugin = (await formats) as unknown as { default: AddFormats & { default?: AddFormats } };
  // The CommonJS module arrives as `{ default: plugin }`, or doubly wrapped when bundled.
  const addFormats = plugin.default.default ?? plugin.default;
  addFormats(ajv);
  return ajv;
}

type AddFormats = (ajv: Ajv) => Ajv;
