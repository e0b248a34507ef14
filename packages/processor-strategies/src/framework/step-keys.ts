import {
  ActionRecordSchema,
  NoProgressResultSchema,
  ProgressRecordSchema,
  ReplyCacheSchema,
  SubtaskRecordSchema,
  TargetInfoSchema,
  ToolCallSchema,
} from '@ufo-ts/core';
import { z } from 'zod';
import { AppResponseSchema, HostResponseSchema } from '../schemas/responses.js';
import { defineStepKey } from './step-key.js';

const targets = z.array(TargetInfoSchema);
const notes = z.array(z.string());

/**
 * The built-in step data: every key the built-in processors start a step with and the built-in strategies read and
 * write. `response`, `appResponse` and `hostResponse` are one entry (`response`) seen through the generic reply
 * schema or an agent's own.
 *
 * @example
 * ```ts
 * const request: string | undefined = step.get(STEP_KEYS.request);
 * step.set(STEP_KEYS.status, 'CONTINUE');
 * ```
 */
export const STEP_KEYS = {
  agentName: defineStepKey('agent_name', z.string(), 'The name of the agent running the step.'),
  agentKind: defineStepKey('agent_kind', z.string(), 'The kind of the agent running the step (HostAgent, AppAgent, LinuxAgent, ...).'),
  state: defineStepKey('state', z.string(), 'The name of the state that runs the step.'),
  sessionStep: defineStepKey('session_step', z.number().int(), 'The step number in the session.'),
  roundStep: defineStepKey('round_step', z.number().int(), 'The step number in the round.'),
  roundNum: defineStepKey('round_num', z.number().int(), 'The round number.'),
  request: defineStepKey('request', z.string(), "The user's request of the round."),
  logFolder: defineStepKey('log_folder', z.string(), "The session's log folder."),
  dispatchTarget: defineStepKey(
    'dispatch_target',
    z.object({ agent: z.string(), root: z.string().optional(), process: z.string().optional() }),
    'Where the step sends its commands (agent kind, application root, process).',
  ),
  previousSubtasks: defineStepKey('previous_subtasks', z.array(SubtaskRecordSchema), "The round's finished subtasks (HostAgent)."),
  subtask: defineStepKey('subtask', z.string(), "The host's subtask the application agent works on."),
  application: defineStepKey('application', z.string(), "The selected application's root name."),
  screenshot: defineStepKey('screenshot', z.string().nullable(), 'The screenshot as a data URL; null when the tool gave no image.'),
  screenshotPath: defineStepKey('screenshot_path', z.string().nullable(), 'Where the screenshot was saved in the log folder.'),
  annotatedScreenshot: defineStepKey(
    'annotated_screenshot',
    z.string().nullable(),
    'The set-of-marks screenshot as a data URL; null when the tool gave no image.',
  ),
  annotatedScreenshotPath: defineStepKey('annotated_screenshot_path', z.string().nullable(), 'Where the set-of-marks screenshot was saved in the log folder.'),
  targets: defineStepKey('targets', targets, "The HostAgent's windows and registered agents."),
  targetsNotes: defineStepKey('targets_notes', notes, "The window-list tool's notes about its list."),
  windows: defineStepKey('windows', targets, "The desktop's windows (LinuxAgent)."),
  windowsNotes: defineStepKey('windows_notes', notes, "The window-list tool's notes about its list."),
  controls: defineStepKey('controls', targets, "The selected window's controls."),
  controlsNotes: defineStepKey('controls_notes', notes, "The control-list tool's notes about its list."),
  response: defineStepKey('response', z.record(z.string(), z.unknown()), "The model's parsed reply."),
  appResponse: defineStepKey('response', AppResponseSchema, "An application-level agent's parsed reply."),
  hostResponse: defineStepKey('response', HostResponseSchema, "The HostAgent's parsed reply."),
  responseText: defineStepKey('response_text', z.string(), "The model's reply text."),
  llmCost: defineStepKey('llm_cost', z.number().nullable(), "What the step's model calls cost in USD; null when a price is unknown."),
  tokens: defineStepKey('tokens', z.object({ input: z.number(), output: z.number() }), "The step's input and output tokens."),
  model: defineStepKey('model', z.string(), 'The model that replied.'),
  replyCache: defineStepKey('reply_cache', ReplyCacheSchema, 'How an action cache answered or stood aside.'),
  toolCalls: defineStepKey('tool_calls', z.array(ToolCallSchema), "The reply's raw tool calls (native tool mode)."),
  actions: defineStepKey('actions', z.array(ActionRecordSchema), 'The actions the step ran or held, with their results.'),
  status: defineStepKey('status', z.string(), 'The status the step produced (the next state).'),
  result: defineStepKey('result', z.unknown(), "The reply's result."),
  selectedTarget: defineStepKey('selected_target', TargetInfoSchema, 'The window or agent the HostAgent selected.'),
  selectedRoot: defineStepKey('selected_root', z.string(), "The selected window's application root."),
  selectedProcess: defineStepKey('selected_process', z.string(), "The selected window's process."),
  memoryItem: defineStepKey('memory_item', z.record(z.string(), z.unknown()), 'The memory item the step added.'),
  progress: defineStepKey('progress', ProgressRecordSchema, "The progress monitor's evidence and assessment."),
  noProgress: defineStepKey('no_progress', NoProgressResultSchema, 'Why the progress monitor ended the round.'),
  finishCheck: defineStepKey(
    'finish_check',
    z.object({ passed: z.boolean(), reason: z.string(), accepted: z.boolean(), round: z.number() }),
    "A FINISH's check: its verdict, whether the FINISH stood, and the round.",
  ),
  error: defineStepKey('error', z.unknown(), 'Why the step failed.'),
} as const;
