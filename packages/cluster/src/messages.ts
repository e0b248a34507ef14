import { CommandResultsMessageSchema, ServerCommandMessageSchema, ServerMessageSchema } from '@ufo-ts/aip';
import { HumanDecisionSchema, PendingInputSchema, TaskRecordSchema } from '@ufo-ts/server';
import { SessionCheckpointSchema } from '@ufo-ts/sessions';
import { z } from 'zod';
import { ClusterError } from './errors.js';

/** The presence lease of a device: which node and connection hold it (the value of its lease key). */
export const DeviceLeaseSchema = z.object({
  nodeId: z.string(),
  /** Unique per connection: only this connection renews or releases the lease. */
  connectionId: z.string(),
  clientType: z.string(),
  platform: z.string(),
  connectedAt: z.string(),
  deviceInfo: z.unknown().optional(),
});
/** The data {@link DeviceLeaseSchema} validates. */
export type DeviceLease = z.infer<typeof DeviceLeaseSchema>;

/** What travels on a device's sharded channel to the node holding it. */
export const DeviceEnvelopeSchema = z.discriminatedUnion('kind', [
  /** A command: forward down the WebSocket, publish the COMMAND_RESULTS to `replyTo`. The command id is `message.response_id`. */
  z.object({ kind: z.literal('command'), replyTo: z.string(), message: ServerCommandMessageSchema }),
  /** A message with no reply (TASK, TASK_END, CANCEL): forward it. */
  z.object({ kind: z.literal('deliver'), message: ServerMessageSchema }),
  /** Sent by older nodes when a newer connection took a device over; now only reported (a live holder is kept). */
  z.object({ kind: z.literal('takeover'), connectionId: z.string(), nodeId: z.string() }),
  /**
   * A registration of this device's id was refused on another node: the holding node probes its connection and
   * drops it only when nothing arrives from it (a half-open connection after a network drop), so the device's
   * retry succeeds without waiting for the heartbeat timeout.
   */
  z.object({ kind: z.literal('probe'), nodeId: z.string() }),
]);
/** The data {@link DeviceEnvelopeSchema} validates. */
export type DeviceEnvelope = z.infer<typeof DeviceEnvelopeSchema>;
/** What {@link DeviceEnvelopeSchema} accepts before defaults are filled in. */
export type DeviceEnvelopeInput = z.input<typeof DeviceEnvelopeSchema>;

/** What travels on a node's sharded channel: the device's answer to a routed command. */
export const NodeReplySchema = z.object({
  kind: z.literal('results'),
  /** The node that forwarded the command (for logs and tests). */
  via: z.string(),
  message: CommandResultsMessageSchema,
});
/** The data {@link NodeReplySchema} validates. */
export type NodeReply = z.infer<typeof NodeReplySchema>;

/**
 * What travels on a node's task-files channel: another node asks for a file of a task this node ran (a screenshot
 * its worker wrote), and this node's own requests are answered. The file's bytes travel base64-encoded.
 */
export const TaskFileMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file-request'),
    /** Unique per request; the answer carries it back. */
    requestId: z.string().min(1).max(100),
    /** The asking node: the answer goes to its task-files channel. */
    from: z.string().min(1).max(200),
    taskName: z.string().min(1).max(1_000),
    sessionId: z.string().min(1).max(200),
    file: z.string().min(1).max(300),
  }),
  z.object({ kind: z.literal('file-found'), requestId: z.string(), via: z.string(), base64: z.string() }),
  /** The node does not have the file, did not run the task, or refused the name or the size. */
  z.object({ kind: z.literal('file-missing'), requestId: z.string(), via: z.string(), reason: z.string() }),
]);
/** The data {@link TaskFileMessageSchema} validates. */
export type TaskFileMessage = z.infer<typeof TaskFileMessageSchema>;

/** A cancel request broadcast to every node. */
export const CancelBroadcastSchema = z.object({ sessionId: z.string(), reason: z.string() });
/** The data {@link CancelBroadcastSchema} validates. */
export type CancelBroadcast = z.infer<typeof CancelBroadcastSchema>;

/** One time a worker picked up the session (the first run or a resume). */
export const JobAttemptSchema = z.object({
  node: z.string(),
  startedAt: z.string(),
  /** The session step the attempt continued from (0 for the first run). */
  fromStep: z.number().int().nonnegative(),
});

/** The answer recorded for a waiting session's pending id: the decision, who made it, and when. */
export const ClusterAnswerSchema = z.object({
  decision: HumanDecisionSchema,
  /** A person over the HTTP API, or the policy's default at the deadline. */
  by: z.enum(['person', 'timeout']),
  /** The API key that answered (the task's own key for a timeout). */
  key_id: z.string(),
  at: z.string(),
});
/** The data {@link ClusterAnswerSchema} validates. */
export type ClusterAnswer = z.infer<typeof ClusterAnswerSchema>;

/** The data of a session's BullMQ job: the task record and, once a step completed, the session's checkpoint. */
export const SessionJobDataSchema = z.object({
  record: TaskRecordSchema,
  platform: z.string(),
  checkpoint: SessionCheckpointSchema.optional(),
  attempts: z.array(JobAttemptSchema).default([]),
  /**
   * The answer a session that waited resumes with, with what it answered, kept until the session has run past
   * its waiting checkpoint (a worker that picks the job up after a dead one resumes with it too).
   */
  resume: z.object({ pending: PendingInputSchema, answer: ClusterAnswerSchema }).optional(),
});
/** The data {@link SessionJobDataSchema} validates. */
export type SessionJobData = z.infer<typeof SessionJobDataSchema>;

/** A task record as the cluster reports it: the server's record plus where it ran. */
export const ClusterTaskRecordSchema = TaskRecordSchema.extend({
  /** Every node that worked on the session, in order (more than one after a resume). */
  attempts: z.array(JobAttemptSchema).optional(),
});
/** The data {@link ClusterTaskRecordSchema} validates. */
export type ClusterTaskRecord = z.infer<typeof ClusterTaskRecordSchema>;

/** Parses JSON read from Redis with a schema. @throws ClusterError `CLUSTER_MESSAGE_INVALID`. */
export function parseJson<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ClusterError('CLUSTER_MESSAGE_INVALID', `${what} is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new ClusterError('CLUSTER_MESSAGE_INVALID', `${what} is invalid: ${parsed.error.issues[0]?.message ?? 'invalid'}`, { cause: parsed.error });
  return parsed.data;
}
