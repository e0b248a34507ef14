import type { Agent, MemoryItem } from '@ufo-ts/agent-fsm';
import type { ProgressRecord, StepEvidence } from '@ufo-ts/core';

/** Steps of history the monitor reads at most: more than any detection's limit, so long sessions cost the same per step. */
const MAX_HISTORY = 64;

/**
 * The progress record a memory item carries. Memory items are written by the engine's own progress check (and
 * restored from checkpoints it wrote), so a shape check suffices.
 */
export function progressOf(item: MemoryItem | undefined): ProgressRecord | undefined {
  const record = item?.['progress'] as Partial<ProgressRecord> | undefined;
  return record && typeof record === 'object' && Array.isArray(record.evidence?.actions) ? (record as ProgressRecord) : undefined;
}

/**
 * The evidence of the agent's earlier steps, oldest first, since the monitor last asked the user or ended a round
 * (after an answer the monitor starts afresh), at most the last 64. Read from the agent's memory, so it survives a
 * checkpoint.
 */
export function progressHistory(agent: Agent): StepEvidence[] {
  const items = agent.memory.all();
  const out: StepEvidence[] = [];
  for (let i = items.length - 1; i >= 0 && out.length < MAX_HISTORY; i -= 1) {
    const record = progressOf(items[i]);
    if (!record) continue;
    const level = record.assessment?.level;
    if (level === 'ask' || level === 'fail') break;
    out.push(record.evidence);
  }
  return out.reverse();
}

/** The monitor's judgement of the agent's latest step, when it made one. */
export function latestAssessment(agent: Agent): ProgressRecord['assessment'] {
  return progressOf(agent.memory.latest())?.assessment;
}
