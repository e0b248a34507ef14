import type { z } from 'zod';
import type { ToolType } from '@ufo-ts/core';
import { ToolDefinitionError } from '../errors.js';

/** What a tool handler receives besides its arguments. */
export interface ToolHandlerExtra {
  /**
   * Aborted when the client cancels the call (the dispatcher's timeout or AbortSignal), when the tool's own
   * `timeoutMs` elapses, or when the connection closes. Long-running handlers should watch it.
   */
  signal: AbortSignal;
}

/** A tool ready to be registered on a server by {@link createToolServer}. Build it with {@link defineTool}. */
export interface ToolDefinition<I extends z.ZodObject = z.ZodObject> {
  /** Tool name as the model sees it (letters, digits, `_`, `-`, `.`; at most 128 characters). */
  readonly name: string;
  /** What the tool does; rendered into the prompt for action tools. */
  readonly description: string;
  /** Arguments schema; its JSON Schema is published in `tools/list` and arguments are validated against it. */
  readonly input: I;
  /** `action` (the model may call it) or `data_collection` (the engine calls it). */
  readonly toolType: ToolType;
  /** The tool's own timeout: the server aborts the handler after it, and the dispatcher uses it as the default. */
  readonly timeoutMs: number | undefined;
  /** Top-level fields of the returned object that hold image data URLs, sent as `image` content blocks too. */
  readonly imageFields: readonly string[];
  /** Runs the tool. Its return value must be JSON-serialisable; a throw becomes an error result. */
  handler(args: z.output<I>, extra: ToolHandlerExtra): unknown;
}

/** Options of {@link defineTool}. */
export interface DefineToolOptions<I extends z.ZodObject> {
  /** Tool name as the model sees it (letters, digits, `_`, `-`, `.`; at most 128 characters). */
  name: string;
  /** What the tool does, for the model (action tools) or for people (data-collection tools). */
  description: string;
  /** A zod 4 object schema of the arguments, e.g. `z.object({ id: z.string().describe('Control id') })`. */
  input: I;
  /** `action` (default) or `data_collection`. Travels in the tool's `_meta` as `ufo/tool_type`. */
  toolType?: ToolType;
  /** Per-tool timeout in milliseconds (server-side abort, and the dispatcher's default for this tool). */
  timeoutMs?: number;
  /**
   * Top-level fields of the returned object holding image data URLs (`data:image/png;base64,...`), e.g.
   * `['image']`. Each present one also becomes an `image` content block of the result, so any MCP host shows its
   * model a picture; the text content names the block in the field's place instead of repeating the base64, and
   * the structured content keeps the whole value (what the dispatcher returns). Default none.
   */
  imageFields?: readonly string[];
  /**
   * Runs the tool with the parsed arguments. Return any JSON-serialisable value: objects become the result's
   * structured content, other values are wrapped as `{ value }`. Throw to report a failure.
   */
  handler: (args: z.output<I>, extra: ToolHandlerExtra) => unknown;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Declares one MCP tool with a zod input schema and a typed handler.
 *
 * @example
 * ```ts
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Adds two numbers.',
 *   input: z.object({ a: z.number(), b: z.number() }),
 *   handler: ({ a, b }) => ({ sum: a + b }),
 * });
 * ```
 * @throws ToolDefinitionError when the name or timeout is invalid.
 */
export function defineTool<I extends z.ZodObject>(options: DefineToolOptions<I>): ToolDefinition<I> {
  if (!TOOL_NAME.test(options.name)) {
    throw new ToolDefinitionError(`Tool name "${options.name}" is invalid: use 1-128 letters, digits, "_", "-" or "."`);
  }
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    throw new ToolDefinitionError(`Tool "${options.name}": timeoutMs must be a positive number`);
  }
  const handler = options.handler;
  return {
    name: options.name,
    description: options.description,
    input: options.input,
    toolType: options.toolType ?? 'action',
    timeoutMs: options.timeoutMs,
    imageFields: options.imageFields ?? [],
    handler: (args, extra) => handler(args, extra),
  };
}
