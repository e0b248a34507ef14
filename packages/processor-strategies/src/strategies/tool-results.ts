import type { Agent } from '@ufo-ts/agent-fsm';
import { createCommand, type Result, type TargetInfo, type ToolType } from '@ufo-ts/core';
import type { StepContext } from '../framework/step-context.js';
import { STEP_KEYS } from '../framework/step-keys.js';

/** Runs one command for the agent's dispatch target and returns its Result (never throws for tool failures). */
export async function runTool(
  agent: Agent,
  step: StepContext,
  tool: string,
  parameters: Record<string, unknown> = {},
  toolType: ToolType = 'data_collection',
): Promise<Result> {
  const command = createCommand(tool, parameters, toolType);
  const [result] = await agent.services.dispatcher.execute([command], {
    target: step.require(STEP_KEYS.dispatchTarget),
    ...(step.signal ? { signal: step.signal } : {}),
  });
  agent.services.events.emit({ type: 'command', agent: agent.name, tool, status: result?.status ?? 'failure', error: result?.error ?? null });
  return result ?? { status: 'failure', error: 'the dispatcher returned no result', call_id: command.call_id };
}

/** Unwraps common result shapes: `{ value }`, `{ items }`, `{ windows }`, `{ controls }`, or an array. */
export function listFromResult(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  if (result && typeof result === 'object') {
    for (const field of ['value', 'items', 'windows', 'controls', 'targets']) {
      const v = (result as Record<string, unknown>)[field];
      if (Array.isArray(v)) return v;
    }
  }
  return [];
}

/**
 * The notes a listing tool adds about its list (`{ notes: [...] }`: a list cut at a budget, rows outside the
 * visible area, text that could not be read from the screen); empty when there are none.
 */
export function notesFromResult(result: unknown): string[] {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return [];
  const notes = (result as Record<string, unknown>).notes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string' && n !== '') : [];
}

const RECT_FIELDS = ['rect', 'control_rect', 'bbox'];

/** Normalises a tool's window/control description into a {@link TargetInfo}. */
export function toTargetInfo(raw: unknown, kind: TargetInfo['kind'], index: number): TargetInfo | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const id = r.id ?? r.label ?? r.control_label ?? index + 1;
  const name = r.name ?? r.title ?? r.control_text ?? r.text ?? '';
  const type = r.type ?? r.role ?? r.control_type;
  const target: TargetInfo = { kind, id: String(id), name: String(name) };
  if (typeof type === 'string') target.type = type;
  for (const field of RECT_FIELDS) {
    const rect = r[field];
    if (Array.isArray(rect) && rect.length === 4 && rect.every((n) => typeof n === 'number')) {
      target.rect = rect as [number, number, number, number];
      break;
    }
    if (rect && typeof rect === 'object' && !Array.isArray(rect)) {
      const { x, y, width, height } = rect as Record<string, number>;
      if ([x, y, width, height].every((n) => typeof n === 'number')) {
        target.rect = [x!, y!, x! + width!, y! + height!];
        break;
      }
    }
  }
  const extra = Object.fromEntries(Object.entries(r).filter(([k]) => !['id', 'name', 'title', 'type', 'role', 'control_type', ...RECT_FIELDS].includes(k)));
  if (Object.keys(extra).length) target.extra = extra;
  return target;
}
