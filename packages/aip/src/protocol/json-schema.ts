import { CommandSchema, ResultSchema } from '@ufo-ts/core';
import { z } from 'zod';
import { ClientMessageSchema } from './client-messages.js';
import { DeviceInfoSchema } from './device-info.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './limits.js';
import { AIP_PROTOCOL_VERSION } from './protocol-version.js';
import { ServerMessageSchema } from './server-messages.js';

/**
 * JSON Schema (draft 2020-12) of every AIP message, generated from the zod schemas, for clients written in other
 * languages. `ClientMessage` describes what a server accepts (input shape: fields with defaults are optional);
 * `ServerMessage` what a server sends (output shape: defaults filled in). The same document ships with the package
 * as `@ufo-ts/aip/schema.json`.
 */
export function aipJsonSchema(): Record<string, unknown> {
  const input = (schema: z.ZodType) => strip(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }));
  const output = (schema: z.ZodType) => strip(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://ufo-ts.dev/aip/${AIP_PROTOCOL_VERSION}/schema.json`,
    title: 'AIP (Agent Interaction Protocol) messages',
    description: 'One JSON object per WebSocket text frame. A connection starts with a client "register" message carrying protocol_version.',
    'x-protocol-version': AIP_PROTOCOL_VERSION,
    'x-max-message-bytes': DEFAULT_MAX_MESSAGE_BYTES,
    $defs: {
      ClientMessage: input(ClientMessageSchema),
      ServerMessage: output(ServerMessageSchema),
      DeviceInfo: input(DeviceInfoSchema),
      Command: input(CommandSchema),
      Result: input(ResultSchema),
    },
  };
}

function strip(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _drop, ...rest } = schema;
  return rest;
}
