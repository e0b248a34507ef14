import { describeReplyIssues, parseJsonReply, type ModelToolSet, type ToolCall } from '@ufo-ts/core';
import type { z } from 'zod';
import { RESPOND_TOOL } from '../schemas/respond-schemas.js';

/**
 * Where a text-mode reply puts its actions: `action` (one action or a list, each `{ function, arguments, status }`,
 * the application-level agents) or `function` + `arguments` (one tool per step, the HostAgent).
 */
export type ActionShape = 'list' | 'single';

/** What {@link replyFromToolCalls} reads a model's tool calls with. */
export interface ToolReplyReading {
  /** The action tools offered, with the model's names mapped back to the catalogue's. */
  tools: ModelToolSet;
  /** The text-mode reply schema; the result is validated with it, so the pipeline gets the same `response`. */
  schema: z.ZodType;
  shape: ActionShape;
}

/** The reply read from tool calls, or the problems a re-ask quotes. */
export type ToolReplyResult = { success: true; value: unknown } | { success: false; issues: string[] };

/**
 * Turns a native tool-mode reply into the value a text-mode reply would have parsed to: each action tool call is
 * an action, in order (`function` = the catalogue name, `arguments` = the call's arguments); the `respond` call's
 * arguments give the rest (status, observation, thought, plan...). Without action calls, actions written inside
 * `respond` are taken as they are. Without a `respond` call, a JSON reply text
 * (strict structured output) stands in for it. With the `list` shape, `status: CONFIRM` holds every action of the
 * reply for approval (the first action carries CONFIRM); with the `single` shape, a second action call is a
 * problem (the HostAgent runs one tool per step). A reply with no tool call and no usable text,
 * several `respond` calls or arguments the schema rejects give the problems to re-ask with. A tool name that was
 * not offered is passed on as it is (the dispatcher's TOOL_UNKNOWN failure then reaches the model, as in text mode).
 *
 * @example
 * ```ts
 * const read = replyFromToolCalls(reply.toolCalls ?? [], reply.content, { tools, schema: AppResponseSchema, shape: 'list' });
 * if (read.success) step.set(STEP_KEYS.appResponse, read.value);
 * ```
 */
export function replyFromToolCalls(calls: readonly ToolCall[], content: string, reading: ToolReplyReading): ToolReplyResult {
  const issues: string[] = [];
  const respond = calls.filter((c) => c.name === RESPOND_TOOL);
  const actions = calls.filter((c) => c.name !== RESPOND_TOOL);
  // A name that was not offered goes to the dispatcher as it is: its TOOL_UNKNOWN failure reaches the model as the
  // action's result, as in text mode.
  const named = actions.map((call) => ({ call, tool: reading.tools.catalogueName(call.name) ?? call.name }));
  for (const { call } of named) if (call.type !== 'function') issues.push(`the ${call.type} tool was not offered; call the function tools`);
  if (respond.length > 1) issues.push(`call ${RESPOND_TOOL} once per reply, not ${respond.length} times`);
  if (reading.shape === 'single' && actions.length > 1)
    issues.push(
      `call at most one tool besides ${RESPOND_TOOL} per reply (this agent runs one tool per step); you called ${actions.map((c) => c.name).join(', ')}`,
    );
  let rest: Record<string, unknown> | undefined = respond[0]?.arguments;
  if (!rest && content.trim()) rest = textAsRespond(content);
  if (!rest) {
    issues.push(
      calls.length === 0
        ? `the reply has no tool call: call the action tools and ${RESPOND_TOOL}, or ${RESPOND_TOOL} alone when no action is needed`
        : `call ${RESPOND_TOOL} with your observation, thought and status along with the action calls`,
    );
  }
  if (issues.length) return { success: false, issues };
  const value = reading.shape === 'list' ? listReply(rest!, named) : singleReply(rest!, named);
  const parsed = reading.schema.safeParse(value);
  if (parsed.success) return { success: true, value: parsed.data };
  return { success: false, issues: describeReplyIssues(parsed.error.issues, value).map((issue) => rename(issue, reading.shape)) };
}

function listReply(rest: Record<string, unknown>, named: Array<{ call: ToolCall; tool: string }>): Record<string, unknown> {
  // Without action calls, actions written inside respond (or the structured-output JSON) are taken as they are.
  if (named.length === 0 && rest.action !== undefined) return { ...rest };
  const action: Array<Record<string, unknown>> = named.map(({ call, tool }) => ({ function: tool, arguments: call.arguments }));
  const value: Record<string, unknown> = { ...rest, action };
  if (rest.status === 'CONFIRM') {
    // CONFIRM is an action's status in a text reply: it holds that action and the ones after it (a no-op action
    // when there is none, which asks for approval of nothing, as in text mode).
    delete value.status;
    if (action.length === 0) action.push({ function: '', arguments: {} });
    action[0]!.status = 'CONFIRM';
  }
  return value;
}

function singleReply(rest: Record<string, unknown>, named: Array<{ call: ToolCall; tool: string }>): Record<string, unknown> {
  const first = named[0];
  if (!first) return typeof rest.function === 'string' ? { ...rest } : { ...rest, function: '', arguments: {} };
  return { ...rest, function: first.tool, arguments: first.call.arguments };
}

function textAsRespond(content: string): Record<string, unknown> | undefined {
  try {
    const value = parseJsonReply(content);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Names a problem of the assembled reply after what the model sent (`respond.status`, `click_input` arguments). */
function rename(issue: string, shape: ActionShape): string {
  if (shape === 'list' && /^action\.\d+\.status/.test(issue)) return issue.replace(/^action\.\d+\.status/, `${RESPOND_TOOL}.status`);
  if (/^(action|function|arguments)\b/.test(issue)) return `action call: ${issue}`;
  return `${RESPOND_TOOL}.${issue}`;
}
