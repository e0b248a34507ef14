import { modelToolName, parseJsonReply, type ToolCall } from '@ufo-ts/core';
import { RESPOND_TOOL } from '../schemas/respond-schemas.js';

/** Options of {@link textReplyToToolCalls}. */
export interface TextReplyToToolCallsOptions {
  /** The tool-call ids are `<idPrefix>1`, `<idPrefix>2`... (default `call_`). */
  idPrefix?: string;
  /** The name the model sees for a catalogue tool (default: `modelToolName`, as the strategies map it). */
  modelName?: (catalogueName: string) => string;
}

/**
 * The native tool-mode reply that says what a text-mode reply says: one tool call per action (no-op actions with an
 * empty `function` are dropped), then one `respond` call with the rest of the reply. The `respond` status is the
 * status the text reply produces when its actions succeed: the last action's status, else the reply's top-level
 * status; CONFIRM on any action makes it CONFIRM (in native mode CONFIRM holds every action of the reply, where
 * text mode runs the actions before the first CONFIRM one). Works for both reply shapes (`action` lists and the
 * HostAgent's `function` + `arguments`). Used to run text-mode scripts and cassettes in native tool mode.
 *
 * @example
 * ```ts
 * textReplyToToolCalls({ observation: 'o', thought: 't', action: [{ function: 'click_input', arguments: { id: '1' }, status: 'FINISH' }] });
 * // [{ id: 'call_1', type: 'function', name: 'click_input', arguments: { id: '1' } },
 * //  { id: 'call_2', type: 'function', name: 'respond', arguments: { observation: 'o', thought: 't', status: 'FINISH' } }]
 * ```
 */
export function textReplyToToolCalls(reply: Record<string, unknown>, options: TextReplyToToolCallsOptions = {}): ToolCall[] {
  const modelName = options.modelName ?? ((name: string) => modelToolName(name, (n) => n === RESPOND_TOOL));
  const { action, function: fn, arguments: args, status, ...rest } = reply;
  const actions = actionList(action, fn, args);
  const real = actions.filter((a) => a.function.trim() !== '');
  const respond: Record<string, unknown> = { ...rest };
  const replyStatus = typeof status === 'string' ? status : undefined;
  const resulting = 'function' in reply ? replyStatus : listStatus(actions, real, replyStatus);
  if (resulting !== undefined) respond.status = resulting;
  const prefix = options.idPrefix ?? 'call_';
  const calls: ToolCall[] = real.map((a, i) => ({ id: `${prefix}${i + 1}`, type: 'function', name: modelName(a.function), arguments: a.arguments }));
  calls.push({ id: `${prefix}${calls.length + 1}`, type: 'function', name: RESPOND_TOOL, arguments: respond });
  return calls;
}

interface TextAction {
  function: string;
  arguments: Record<string, unknown>;
  status: string | undefined;
}

function actionList(action: unknown, fn: unknown, args: unknown): TextAction[] {
  if (typeof fn === 'string') return [{ function: fn, arguments: asRecord(args), status: undefined }];
  const list = action == null ? [] : Array.isArray(action) ? action : [action];
  return list.map((a) => {
    const item = asRecord(a);
    return {
      function: typeof item.function === 'string' ? item.function : '',
      arguments: asRecord(item.arguments),
      status: typeof item.status === 'string' ? item.status : undefined,
    };
  });
}

/** The status a text reply with an action list produces when every action succeeds. */
function listStatus(actions: TextAction[], real: TextAction[], replyStatus: string | undefined): string | undefined {
  if (real.length === 0) return replyStatus ?? actions.filter((a) => a.status !== undefined).at(-1)?.status;
  if (real.some((a) => a.status === 'CONFIRM')) return 'CONFIRM';
  if (real.every((a) => a.status === undefined)) return replyStatus;
  return real.at(-1)!.status ?? 'CONTINUE';
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A scripted reply: text, a reply object, or a reply with usage, cost, tool calls or an error. */
type ScriptEntry = string | Record<string, unknown>;

/**
 * Turns a text-mode script (the replies of a `ScriptedModel` or a replay) into the same script in native tool mode:
 * every reply whose text (or object) is a JSON reply becomes a reply of tool calls made by
 * {@link textReplyToToolCalls}, keeping its usage, cost and error; a text that is not JSON stays as it is (an
 * invalid reply in both modes). Call ids are `call_<reply>_<n>`, so a script converts the same way every time.
 *
 * @example
 * ```ts
 * const model = new ScriptedModel({ replies: toNativeReplies(textReplies), features: { toolCalls: true, parallelToolCalls: true, strictSchema: false } });
 * ```
 */
export function toNativeReplies<E extends ScriptEntry>(
  replies: readonly E[],
  options: Omit<TextReplyToToolCallsOptions, 'idPrefix'> = {},
): Array<E | Record<string, unknown>> {
  return replies.map((entry, index) => {
    const idPrefix = `call_${index + 1}_`;
    if (typeof entry === 'string') {
      const reply = jsonObject(entry);
      return reply ? { content: '', toolCalls: textReplyToToolCalls(reply, { ...options, idPrefix }) } : entry;
    }
    if (typeof entry.content !== 'string') {
      if (Array.isArray(entry.toolCalls) || entry.error !== undefined) return entry;
      return { content: '', toolCalls: textReplyToToolCalls(entry, { ...options, idPrefix }) };
    }
    if (Array.isArray(entry.toolCalls) || entry.error !== undefined) return entry;
    const reply = jsonObject(entry.content);
    return reply ? { ...(entry as Record<string, unknown>), content: '', toolCalls: textReplyToToolCalls(reply, { ...options, idPrefix }) } : entry;
  });
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = parseJsonReply(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
