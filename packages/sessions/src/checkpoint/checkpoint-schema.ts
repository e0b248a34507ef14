import { ActionRecordSchema, CommandSchema } from '@ufo-ts/core';
import { z } from 'zod';

/** Which kind of agent assignment re-creates a sub-agent on resume. */
export const AssignmentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('window'), root: z.string(), process: z.string(), title: z.string().optional() }),
  z.object({ kind: z.literal('third_party_agent'), agentName: z.string() }),
]);

/** One agent's restorable state: `AgentSnapshot` plus what the next handle reads (outcome, result, assignment). */
export const AgentCheckpointSchema = z.object({
  name: z.string(),
  kind: z.string(),
  /** `host` (HostAgent), `sub` (an agent the host assigned), `main` (a single-tier agent). */
  role: z.enum(['host', 'sub', 'main']),
  state: z.string(),
  status: z.string(),
  memory: z.array(z.record(z.string(), z.unknown())),
  pendingQuestions: z.array(z.string()).default([]),
  pendingConfirmation: z.object({ actions: z.array(ActionRecordSchema), commands: z.array(CommandSchema), reason: z.string().optional() }).optional(),
  lastOutcome: z.enum(['done', 'approved', 'rejected', 'assigned', 'failed']).default('done'),
  lastResult: z.unknown().optional(),
  steps: z.number().int().nonnegative().default(0),
  /** How the host created this sub-agent. */
  assignment: AssignmentSchema.optional(),
  /** The HostAgent's selection waiting for its ASSIGN state. */
  pendingAssignment: AssignmentSchema.optional(),
});
/** The data {@link AgentCheckpointSchema} validates. */
export type AgentCheckpoint = z.infer<typeof AgentCheckpointSchema>;

/** What a waiting session needs from a person. */
export const WaitingForSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('confirmation'),
    agent: z.string(),
    actions: z.array(z.object({ function: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) })),
    reason: z.string().optional(),
  }),
  z.object({ kind: z.literal('questions'), agent: z.string(), questions: z.array(z.string()) }),
]);
/** The data {@link WaitingForSchema} validates. */
export type WaitingFor = z.infer<typeof WaitingForSchema>;

/** Where a session is: status values of a checkpoint. */
export const CheckpointStatusSchema = z.enum(['running', 'waiting', 'completed', 'incomplete', 'error', 'cancelled', 'failed']);
/** The data {@link CheckpointStatusSchema} validates. */
export type CheckpointStatus = z.infer<typeof CheckpointStatusSchema>;

/**
 * `checkpoint.json`: everything needed to continue a session after a crash, a cancel or a wait for a person:
 * the context, the finished rounds, the position in the current round (agent and state to handle next), each
 * agent's state, memory, pending question or confirmation, and the shared blackboard. Written after every
 * transition, atomically.
 */
export const SessionCheckpointSchema = z.object({
  version: z.literal(1),
  /** The session type that wrote it (decides how to rebuild the agents). */
  kind: z.enum(['host', 'follower', 'linux', 'operator']),
  task: z.string(),
  sessionId: z.string(),
  mode: z.string(),
  platform: z.string().optional(),
  status: CheckpointStatusSchema,
  savedAt: z.string(),
  context: z.record(z.string(), z.unknown()),
  rounds: z.array(z.object({ request: z.string(), result: z.unknown().optional(), finalState: z.string() })),
  /** The agent and state that handle next in the current round; null between rounds. */
  position: z.object({ round: z.number().int().nonnegative(), request: z.string(), agent: z.string(), state: z.string() }).nullable(),
  agents: z.array(AgentCheckpointSchema),
  /** Name of the HostAgent's active sub-agent. */
  activeSubAgent: z.string().optional(),
  blackboard: z.object({
    questions: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
    requests: z.array(z.object({ key: z.string(), request: z.string() })).default([]),
    trajectories: z.array(z.record(z.string(), z.unknown())).default([]),
    images: z.array(z.object({ metadata: z.record(z.string(), z.unknown()), dataUrl: z.string().optional(), path: z.string().optional() })).default([]),
  }),
  waitingFor: WaitingForSchema.optional(),
  /**
   * How many states the session has handled (each one a step of the action journal): the journal index of the
   * step that handles `position` next. A resume replays that step's journaled replies and results.
   */
  journalStep: z.number().int().nonnegative().optional(),
  /**
   * Lines of `response.log` and `request.log` when the checkpoint was written. A resume cuts the logs back to
   * them, so the step that runs again writes its lines once.
   */
  logLines: z.object({ response: z.number().int().nonnegative(), request: z.number().int().nonnegative() }).optional(),
  /** Session-type data (the follower plan, the operator's platform mapping, ...). */
  extra: z.record(z.string(), z.unknown()).default({}),
  error: z.object({ name: z.string(), message: z.string(), code: z.string().optional() }).optional(),
});
/** The data {@link SessionCheckpointSchema} validates. */
export type SessionCheckpoint = z.infer<typeof SessionCheckpointSchema>;
/** What {@link SessionCheckpointSchema} accepts, before its defaults are applied (use this type for hand-written input). */
export type SessionCheckpointInput = z.input<typeof SessionCheckpointSchema>;
