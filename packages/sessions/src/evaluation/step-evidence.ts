import { actionResultText, actionText, type TrajectoryStep } from '@ufo-ts/core';

/** The facts of one step a judging or summarising model sees (no images, no timings). */
export function stepEvidence(step: TrajectoryStep): Record<string, unknown> {
  const r = step.record;
  const out: Record<string, unknown> = { step: r.session_step, agent: r.agent, status: r.status };
  if (r.subtask) out.subtask = r.subtask;
  if (r.application) out.application = r.application;
  if (r.observation) out.observation = r.observation;
  if (r.thought) out.thought = r.thought;
  if (r.plan?.length) out.plan = r.plan;
  if (r.actions.length) out.actions = r.actions.map((a) => `${actionText(a)} → ${actionResultText(a)}`);
  for (const c of step.confirmations) out.confirmation = c.approved ? 'approved by the user' : 'rejected by the user (not executed)';
  if (r.comment) out.comment = r.comment;
  if (r.result !== undefined) out.result = r.result;
  if (r.error) out.error = r.error.message;
  return out;
}
