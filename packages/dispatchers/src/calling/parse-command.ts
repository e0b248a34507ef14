import { CommandSchema, type Command } from '@ufo-ts/core';

const COMMAND_KEYS = new Set(['tool_name', 'parameters', 'tool_type', 'call_id', 'timeout_ms']);

/**
 * Parses a command with `CommandSchema`, skipping zod for a command that is already exactly what it would return
 * (every field present and of its type, no other keys): the common case on the hot path. Anything else goes to
 * zod, so defaults, stripped keys and messages are zod's.
 */
export function parseCommand(input: unknown): ReturnType<typeof CommandSchema.safeParse> {
  if (isExactCommand(input)) return { success: true, data: input } as ReturnType<typeof CommandSchema.safeParse>;
  return CommandSchema.safeParse(input);
}

function isExactCommand(input: unknown): input is Command {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const c = input as Record<string, unknown>;
  for (const key in c) if (!COMMAND_KEYS.has(key)) return false;
  const parameters = c['parameters'];
  const timeout = c['timeout_ms'];
  return (
    typeof c['tool_name'] === 'string' &&
    c['tool_name'] !== '' &&
    typeof c['call_id'] === 'string' &&
    c['call_id'] !== '' &&
    (c['tool_type'] === 'action' || c['tool_type'] === 'data_collection') &&
    typeof parameters === 'object' &&
    parameters !== null &&
    Object.getPrototypeOf(parameters) === Object.prototype &&
    (timeout === undefined || (typeof timeout === 'number' && Number.isSafeInteger(timeout) && timeout > 0))
  );
}
