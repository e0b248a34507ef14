import { ConfirmationRecordSchema, StepRecordSchema } from '@ufo-ts/core';
import { z } from 'zod';

/**
 * The events of the live stream (`GET /api/events`, `GET /api/tasks/{task_name}/events`): what the engine reports
 * while a task runs (steps with their full log record, state transitions, tool calls, model calls with tokens and
 * cost, screenshots as URLs), what the server reports (tasks started, waiting, finished; devices connected and
 * disconnected) and the stream's own control events (`stream-gap`, `subscriber-dropped`).
 *
 * Every event has `type` and `time` (ISO 8601); task events also have `task_name`. Screenshots never travel
 * inline: a `screenshot` event names a URL under `/api/tasks/{task_name}/screenshots/{file}` that needs the API key.
 */
const base = { time: z.string() };
const task = { ...base, task_name: z.string() };

/** A task waits in the cluster's queue for a worker (cluster mode; a single server starts tasks at once). */
export const TaskQueuedEventSchema = z.object({ type: z.literal('task-queued'), ...task, session_id: z.string(), client_id: z.string(), owner: z.string() });
/** A task began running on a device. */
export const TaskStartedEventSchema = z.object({ type: z.literal('task-started'), ...task, session_id: z.string(), client_id: z.string(), owner: z.string() });
/** A task ended (`completed`, `failed` or `cancelled`), with the reason when it did not complete. */
export const TaskFinishedEventSchema = z.object({
  type: z.literal('task-finished'),
  ...task,
  session_id: z.string(),
  client_id: z.string(),
  status: z.string(),
  error: z.string().optional(),
});
/** A task paused for a person: a held action to approve or reject, or questions to answer (see its record's `waiting`). */
export const TaskWaitingEventSchema = z.object({
  type: z.literal('task-waiting'),
  ...task,
  session_id: z.string(),
  client_id: z.string(),
  /** `confirmation` (approve or reject the held action) or `questions` (answer them). */
  kind: z.string(),
  /** Id of the held action or question; an answer names it. */
  pending_id: z.string(),
});
/** A waiting task got its decision (`approve`, `reject` or `answer`) and runs again. */
export const TaskResumedEventSchema = z.object({
  type: z.literal('task-resumed'),
  ...task,
  session_id: z.string(),
  client_id: z.string(),
  pending_id: z.string(),
  decision: z.string(),
});
/** A device registered with this server (or the cluster). */
export const DeviceConnectedEventSchema = z.object({ type: z.literal('device-connected'), ...base, client_id: z.string(), platform: z.string() });
/** A device's connection closed. */
export const DeviceDisconnectedEventSchema = z.object({
  type: z.literal('device-disconnected'),
  ...base,
  client_id: z.string(),
  code: z.number(),
  reason: z.string(),
});

/** The session of a task started (engine `session-start`). */
export const SessionStartedEventSchema = z.object({ type: z.literal('session-started'), ...task, session_id: z.string() });
/** The session of a task ended (engine `session-end`), with its rounds and total cost in USD. */
export const SessionEndedEventSchema = z.object({
  type: z.literal('session-ended'),
  ...task,
  session_id: z.string(),
  rounds: z.number(),
  cost: z.number(),
  error: z.string().optional(),
});
/** A round (one request) started. */
export const RoundStartedEventSchema = z.object({ type: z.literal('round-started'), ...task, round: z.number(), request: z.string() });
/** A round ended in a final state (`FINISH`, `FAIL`, `ERROR`, `MAX_STEP`, `CANCELLED`, …). */
export const RoundEndedEventSchema = z.object({
  type: z.literal('round-ended'),
  ...task,
  round: z.number(),
  state: z.string(),
  result: z.unknown().optional(),
});
/** An agent began a step. */
export const StepStartedEventSchema = z.object({
  type: z.literal('step-started'),
  ...task,
  agent: z.string(),
  state: z.string(),
  step: z.number(),
  round: z.number(),
});
/**
 * A step's full record, as `response.log` holds it (observation, thought, plan, actions with results, status, cost,
 * tokens, timings), except that `screenshots` holds file names: fetch them from `screenshot_urls`.
 */
export const StepEventSchema = z.object({
  type: z.literal('step'),
  ...task,
  record: StepRecordSchema,
  /** The step's screenshots by kind (`screenshot`, `annotated_screenshot`, …) as authenticated URLs. */
  screenshot_urls: z.record(z.string(), z.string()).default({}),
});
/** An agent finished a step with a status and the step's model cost. */
export const StepEndedEventSchema = z.object({
  type: z.literal('step-ended'),
  ...task,
  agent: z.string(),
  state: z.string(),
  step: z.number(),
  round: z.number(),
  status: z.string(),
  cost: z.number(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
});
/** The agent state machine moved from one state to another. */
export const TransitionEventSchema = z.object({
  type: z.literal('transition'),
  ...task,
  agent: z.string(),
  next_agent: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.string(),
  round: z.number(),
});
/** A model call of a step: the model, tokens in and out, its cost in USD and how long it took. */
export const ModelCallEventSchema = z.object({
  type: z.literal('model-call'),
  ...task,
  agent: z.string(),
  step: z.number(),
  round: z.number(),
  model: z.string().optional(),
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  cost: z.number().nullable(),
  duration_ms: z.number().optional(),
});
/** A tool (command) ran on the device: its name and result status. */
export const ToolCallEventSchema = z.object({
  type: z.literal('tool-call'),
  ...task,
  agent: z.string(),
  tool: z.string(),
  status: z.string(),
  error: z.string().optional(),
});
/** A running tool reported progress. */
export const ToolProgressEventSchema = z.object({
  type: z.literal('tool-progress'),
  ...task,
  agent: z.string(),
  tool: z.string(),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});
/** A screenshot was saved: fetch it from `url` with the API key. */
export const ScreenshotEventSchema = z.object({
  type: z.literal('screenshot'),
  ...task,
  /** File name in the task's log folder (e.g. `action_step2_annotated.png`). */
  file: z.string(),
  /** `annotated` (numbered control boxes), `clean`, or `other` (e.g. a round's final screenshot). */
  kind: z.enum(['annotated', 'clean', 'other']),
  /** The session step it belongs to, when its name says. */
  step: z.number().optional(),
  bytes: z.number(),
  url: z.string(),
});
/** An agent asked the user questions. */
export const QuestionEventSchema = z.object({ type: z.literal('question'), ...task, agent: z.string(), questions: z.array(z.string()) });
/** A sensitive action was approved or rejected. */
export const ConfirmationEventSchema = z.object({ type: z.literal('confirmation'), ...task, agent: z.string(), function: z.string(), approved: z.boolean() });
/** The confirmation record `response.log` holds for a CONFIRM decision (the held actions and the answer). */
export const ConfirmationRecordEventSchema = z.object({ type: z.literal('confirmation-record'), ...task, record: ConfirmationRecordSchema });
/**
 * The engine's progress monitor found a step without progress: what it detected, the likely cause and the rung it
 * took (`warn`, `reperceive`, `ask`, `fail`: `fail` ends the round with `NO_PROGRESS`).
 */
export const NoProgressEventSchema = z.object({
  type: z.literal('no-progress'),
  ...task,
  agent: z.string(),
  step: z.number(),
  detection: z.string(),
  cause: z.string(),
  level: z.string(),
  stalled_steps: z.number(),
  message: z.string(),
});
/** A FINISH was verified by the session's finish check: passed or not, and whether it stood or went back to the model. */
export const FinishCheckEventSchema = z.object({
  type: z.literal('finish-check'),
  ...task,
  agent: z.string(),
  step: z.number(),
  passed: z.boolean(),
  accepted: z.boolean(),
  reason: z.string(),
});
/** Something odd but not fatal happened in the engine. */
export const WarningEventSchema = z.object({ type: z.literal('warning'), ...task, message: z.string(), details: z.record(z.string(), z.unknown()).optional() });

/**
 * The subscriber resumed (`Last-Event-ID`) from further back than the buffers reach: events between `after_id` and
 * the next event were lost to it. The stream continues with the oldest event still kept.
 */
export const StreamGapEventSchema = z.object({
  type: z.literal('stream-gap'),
  ...base,
  /** The `Last-Event-ID` the subscriber gave. */
  after_id: z.string(),
  /** Id of the first event the subscriber gets after the gap (absent when nothing is buffered). */
  resumes_at: z.string().optional(),
  reason: z.string(),
});
/** The server is closing this subscription (the subscriber read too slowly, or the server is stopping). */
export const SubscriberDroppedEventSchema = z.object({ type: z.literal('subscriber-dropped'), ...base, reason: z.string() });

/** Every event of the live stream (a discriminated union on `type`). */
export const StreamEventSchema = z.discriminatedUnion('type', [
  TaskQueuedEventSchema,
  TaskStartedEventSchema,
  TaskFinishedEventSchema,
  TaskWaitingEventSchema,
  TaskResumedEventSchema,
  DeviceConnectedEventSchema,
  DeviceDisconnectedEventSchema,
  SessionStartedEventSchema,
  SessionEndedEventSchema,
  RoundStartedEventSchema,
  RoundEndedEventSchema,
  StepStartedEventSchema,
  StepEventSchema,
  StepEndedEventSchema,
  TransitionEventSchema,
  ModelCallEventSchema,
  ToolCallEventSchema,
  ToolProgressEventSchema,
  ScreenshotEventSchema,
  QuestionEventSchema,
  ConfirmationEventSchema,
  ConfirmationRecordEventSchema,
  NoProgressEventSchema,
  FinishCheckEventSchema,
  WarningEventSchema,
  StreamGapEventSchema,
  SubscriberDroppedEventSchema,
]);
/** One event of the live stream. */
export type StreamEvent = z.infer<typeof StreamEventSchema>;
/** The `type` of every stream event. */
export type StreamEventType = StreamEvent['type'];
/** The event types of the stream, in the schema's order. */
export const STREAM_EVENT_TYPES: readonly StreamEventType[] = StreamEventSchema.options.map((option) => option.shape.type.value);

/**
 * An event as the buses carry it: its id (`<ms>-<seq>`, increasing), the event, and who may see it (`audience`:
 * the id of the API key that owns the task; absent for events every key may see).
 */
export const StreamRecordSchema = z.object({
  id: z.string().regex(/^\d+-\d+$/),
  event: StreamEventSchema,
  audience: z.string().optional(),
});
/** An event with its stream id and audience. */
export type StreamRecord = z.infer<typeof StreamRecordSchema>;
/** An event before a bus gave it an id. */
export type StreamRecordInput = Omit<StreamRecord, 'id'>;
