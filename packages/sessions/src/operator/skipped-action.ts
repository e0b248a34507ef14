import { createCommand, type ActionRecord } from '@ufo-ts/core';
import { actionRepresentation } from '@ufo-ts/processor-strategies';

/**
 * The record of an operator action that did not run (no tool for it here, a reply that could not be read): logged
 * like any action, with `skipped` and the reason as its result. `callId` is the model's call id when it gave one.
 */
export function skippedActionRecord(name: string, args: Record<string, unknown>, reason: string, callId?: string): ActionRecord {
  return {
    function: name,
    arguments: args,
    status: 'CONTINUE',
    representation: actionRepresentation(name, args),
    result: { status: 'skipped', error: reason, call_id: callId ?? createCommand(name).call_id },
  };
}
