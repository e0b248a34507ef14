import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvInstances } from './ajv-instances.js';
import { schemaDialect } from './schema-dialect.js';
import { simpleSchemaAccepts } from './simple-schema-check.js';

/** Outcome of checking a call's arguments against the tool's input schema. */
export type ArgumentCheck =
  | { ok: true }
  | { ok: false; problems: string[] }
  /** The schema could not be compiled; the server validates instead. */
  | { ok: 'unchecked'; reason: string };

/**
 * Validates tool arguments against each tool's input JSON Schema before the call, in the dialect the schema
 * declares (`$schema`; 2020-12 when absent, as MCP 2025-11-25 says), with formats (`ajv-formats`) and all errors,
 * so a bad argument from the model comes back as a failure naming the field instead of reaching the tool.
 * Compiled validators are cached per listed tool object (a restarted server lists new objects). Valid arguments
 * of simple flat schemas are accepted without ajv (see `simpleSchemaAccepts`); ajv is imported and created
 * on first need, one instance per dialect.
 *
 * @example
 * ```ts
 * const validator = new ArgumentValidator();
 * const tool = { name: 'type_text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
 * await validator.check(tool, {}); // { ok: false, problems: ['argument "text" is required'] }
 * ```
 */
export class ArgumentValidator {
  private readonly ajv = new AjvInstances();
  private readonly compiled = new WeakMap<Tool, ValidateFunction | string>();

  /** @param onUncheckable called once per listed tool whose schema cannot be compiled. */
  constructor(private readonly onUncheckable: (tool: string, reason: string) => void = () => undefined) {}

  /**
   * `{ ok: true }` without waiting when the fast check accepts the arguments (a tool whose schema was never
   * compiled, simple flat schema, valid arguments), else undefined: call {@link check}.
   */
  quickAccept(tool: Tool, args: Record<string, unknown>): { ok: true } | undefined {
    return !this.compiled.has(tool) && simpleSchemaAccepts(tool.inputSchema as Record<string, unknown>, args) ? ACCEPTED : undefined;
  }

  /**
   * Checks `args` against `tool.inputSchema`, compiling (and caching) its validator on first use: `ok: true`, the
   * problems found (one line per field), or `unchecked` when the schema cannot be compiled.
   */
  async check(tool: Tool, args: Record<string, unknown>): Promise<ArgumentCheck> {
    if (!this.compiled.has(tool) && simpleSchemaAccepts(tool.inputSchema as Record<string, unknown>, args)) return { ok: true };
    let validate = this.compiled.get(tool);
    if (validate === undefined) {
      validate = await this.compile(tool);
      this.compiled.set(tool, validate);
      if (typeof validate === 'string') this.onUncheckable(tool.name, validate);
    }
    if (typeof validate === 'string') return { ok: 'unchecked', reason: validate };
    if (validate(args)) return { ok: true };
    return { ok: false, problems: (validate.errors ?? []).map(describeProblem) };
  }

  /** Whether an ajv instance was created (false while every call took the fast path). */
  get ajvCreated(): boolean {
    return this.ajv.created;
  }

  private async compile(tool: Tool): Promise<ValidateFunction | string> {
    const { $schema: _declared, ...schema } = tool.inputSchema as Record<string, unknown>;
    const dialect = schemaDialect(tool.inputSchema as Record<string, unknown>);
    if (typeof dialect !== 'string') return `input schema of "${tool.name}" cannot be checked: ${dialect.unsupported}`;
    try {
      return (await this.ajv.get(dialect)).compile(schema);
    } catch (error) {
      return `input schema of "${tool.name}" cannot be compiled as JSON Schema ${dialect}: ${(error as Error).message}`;
    }
  }
}

const ACCEPTED = { ok: true } as const;

/** `/a/b/0` → `a.b[0]` */
function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describeProblem(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `argument "${fieldPath(error.instancePath, String(params['missingProperty']))}" is required`;
    case 'dependentRequired':
      return `argument "${fieldPath(error.instancePath, String(params['missingProperty']))}" is required when "${fieldPath(error.instancePath, String(params['property']))}" is given`;
    case 'additionalProperties':
      return `argument "${fieldPath(error.instancePath, String(params['additionalProperty']))}" is not allowed`;
    case 'type':
      return `argument "${fieldPath(error.instancePath) || '(root)'}" must be ${String(params['type'])} (got ${jsonType(error.data)})`;
    case 'enum':
      return `argument "${fieldPath(error.instancePath)}" must be one of ${JSON.stringify(params['allowedValues'])}`;
    case 'format':
      return `argument "${fieldPath(error.instancePath) || '(root)'}" must be a valid ${String(params['format'])}`;
    case 'false schema':
      return `argument "${fieldPath(error.instancePath) || '(root)'}" is not allowed`;
    default:
      return `argument "${fieldPath(error.instancePath) || '(root)'}" ${error.message ?? 'is invalid'}`;
  }
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}
