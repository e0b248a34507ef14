import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { LazyModule } from '@ufo-ts/core';
import { simpleSchemaAccepts } from './simple-schema-check.js';

/** ajv, imported on the first schema the simple check cannot decide (most tool schemas never need it). */
export const ajvModule = new LazyModule('ajv', () => import('ajv'), (specifier, cause) => new Error(`cannot load ${specifier}`, { cause }));

/** Outcome of checking a call's arguments against the tool's input schema. */
export type ArgumentCheck =
  | { ok: true }
  | { ok: false; problems: string[] }
  /** The schema could not be compiled; the server validates instead. */
  | { ok: 'unchecked'; reason: string };

/**
 * Validates tool arguments against each tool's input JSON Schema (ajv, all errors) before the call, so a bad
 * argument from the model comes back as a failure naming the field instead of reaching the tool. Compiled
 * validators are cached per listed tool object (a restarted server lists new objects). Valid arguments of simple
 * flat schemas are accepted without ajv (see {@link simpleSchemaAccepts}); ajv is imported and created on first
 * need (see {@link ajvModule}).
 */
export class ArgumentValidator {
  private ajv: Ajv | undefined;
  private readonly compiled = new WeakMap<Tool, ValidateFunction | string>();

  /** @param onUncheckable called once per listed tool whose schema cannot be compiled. */
  constructor(private readonly onUncheckable: (tool: string, reason: string) => void = () => undefined) {}

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

  private async compile(tool: Tool): Promise<ValidateFunction | string> {
    const { $schema: _ignored, ...schema } = tool.inputSchema as Record<string, unknown>;
    try {
      this.ajv ??= new (await ajvModule.load()).Ajv({ allErrors: true, strict: false, validateFormats: false, verbose: true });
      return this.ajv.compile(schema);
    } catch (error) {
      return `input schema of "${tool.name}" cannot be compiled: ${(error as Error).message}`;
    }
  }
}

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
    case 'additionalProperties':
      return `argument "${fieldPath(error.instancePath, String(params['additionalProperty']))}" is not allowed`;
    case 'type':
      return `argument "${fieldPath(error.instancePath) || '(root)'}" must be ${String(params['type'])} (got ${jsonType(error.data)})`;
    case 'enum':
      return `argument "${fieldPath(error.instancePath)}" must be one of ${JSON.stringify(params['allowedValues'])}`;
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
