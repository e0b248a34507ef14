import { DEFAULT_LOG_ROOT, ProgressSettingsSchema } from '@ufo-ts/core';
import { AgentModelsConfigSchema, ModelConfigSchema } from '@ufo-ts/llm-providers';
import { ToolServersConfigSchema } from '@ufo-ts/dispatchers';
import { PolicySchema } from '@ufo-ts/policy';
import { z } from 'zod';

/** What is saved at each subtask end and round end beside the window screenshot (SAVE_UI_TREE, SAVE_FULL_SCREEN). */
export const CapturesConfigSchema = z
  .strictObject({
    uiTree: z.boolean().default(false).describe("Save the selected window's UI tree as ui_tree_round_{r}[_sub_round_{k}]_final.json (SAVE_UI_TREE)."),
    desktopScreenshot: z.boolean().default(false).describe('Save the whole desktop as desktop_round_{r}[_sub_round_{k}]_final.png (SAVE_FULL_SCREEN).'),
  })
  .describe('Captures at subtask and round ends, beside the window screenshot.');

/** Session settings (the original's MAX_STEP, MAX_ROUND, SLEEP_TIME, SAFE_GUARD, ...). */
export const SessionConfigSchema = z
  .strictObject({
    platform: z.enum(['windows', 'linux']).optional().describe('Target platform (default: this machine).'),
    mode: z.enum(['normal', 'follower', 'batch', 'operator']).default('normal').describe('Run mode.'),
    maxSteps: z.number().int().positive().default(50).describe('Session-wide step cap (MAX_STEP).'),
    maxRounds: z.number().int().positive().default(1).describe('Round cap (MAX_ROUND).'),
    subtaskSettleMs: z.number().int().nonnegative().default(1000).describe('Pause before a subtask-end screenshot, ms (SLEEP_TIME × 1000).'),
    captures: CapturesConfigSchema.default(CapturesConfigSchema.parse({})),
    safeGuard: z.boolean().default(true).describe('Ask before actions marked CONFIRM (SAFE_GUARD).'),
    logRoot: z.string().min(1).default(DEFAULT_LOG_ROOT).describe('Root folder of the session log folders.'),
    checkpoint: z.boolean().default(true).describe('Write checkpoint.json after every transition (for `ufo resume`).'),
    cache: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Folder of the action cache (`ufo run --cache`): a request with a cached run is replayed without the model, and a run that finishes is recorded. Unset: no cache.',
      ),
  })
  .describe('How sessions run.');

/** Reports written at the end of a session. */
export const ReportsConfigSchema = z.strictObject({
  markdown: z.boolean().default(true).describe('Write output.md (LOG_TO_MARKDOWN).'),
  html: z.boolean().default(true).describe('Write the self-contained report.html.'),
});

/** Evaluation settings. */
export const EvaluationConfigSchema = z.strictObject({
  session: z.boolean().default(true).describe('Evaluate each session (EVA_SESSION).'),
  round: z.boolean().default(false).describe('Evaluate each round (EVA_ROUND).'),
  screenshots: z.boolean().default(true).describe('Send the screenshots to the evaluator (EVA_ALL_SCREENSHOTS).'),
  maxScreenshots: z.number().int().positive().default(40).describe('At most this many step screenshots per evaluation.'),
});

/** Experience learnt from successful sessions. */
export const ExperienceConfigSchema = z.strictObject({
  save: z.enum(['always', 'ask', 'auto', 'always_not']).default('always_not').describe('When to summarise a session into experience (SAVE_EXPERIENCE).'),
  path: z.string().min(1).default('experience/experience.json').describe('The JSON store (EXPERIENCE_SAVED_PATH).'),
  retrieve: z.boolean().default(false).describe('Put retrieved experience in the prompts (RAG_EXPERIENCE).'),
  topK: z.number().int().positive().default(3).describe('How many examples per prompt (RAG_EXPERIENCE_RETRIEVED_TOPK).'),
});

/** Demonstrations written by people. */
export const DemonstrationsConfigSchema = z.strictObject({
  path: z.string().min(1).default('demonstrations').describe('Folder of demonstration JSON files (DEMONSTRATION_SAVED_PATH).'),
  retrieve: z.boolean().default(false).describe('Put retrieved demonstrations in the prompts (RAG_DEMONSTRATION).'),
  topK: z.number().int().positive().default(3).describe('How many per prompt (RAG_DEMONSTRATION_RETRIEVED_TOPK).'),
});

/** An OpenAI-compatible embeddings endpoint; when set, retrieval uses embeddings instead of keywords. */
export const EmbeddingConfigSchema = z.strictObject({
  model: z.string().min(1).describe('Embedding model id, e.g. text-embedding-3-small.'),
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .default('https://api.openai.com/v1')
    .describe('API root; POST {baseUrl}/embeddings.'),
  apiKey: z.string().min(1).optional().describe('The key itself; prefer apiKeyEnv.'),
  apiKeyEnv: z.string().min(1).default('OPENAI_API_KEY').describe('Environment variable holding the key (none needed for local servers).'),
  timeoutMs: z.number().int().positive().default(30_000),
});

/** Batch runs. */
export const BatchConfigSchema = z.strictObject({
  concurrency: z.number().int().positive().default(1).describe('Sessions running at once.'),
  statusFile: z.string().min(1).optional().describe('Status file (TASK_STATUS_FILE; default <folder>/tasks_status.json).'),
});

/**
 * Core's {@link ProgressSettingsSchema}, with its `limits` strict like every other object of the configuration (a
 * misspelt limit is reported, not dropped). The fields, their defaults and bounds are core's.
 */
const ProgressSettingsOfConfig = ProgressSettingsSchema.extend({ limits: ProgressSettingsSchema.shape.limits.unwrap().strict().prefault({}) });

/** Per-agent settings: how models are asked, what they see, the progress monitor and batch validation. */
export const AgentSettingsSchema = z.strictObject({
  toolMode: z
    .enum(['text', 'native', 'auto'])
    .default('text')
    .describe(
      'How agents ask their models: text (tools in the prompt, a JSON reply), native (tool calls), auto (native where the model makes several tool calls per reply).',
    ),
  host: z.strictObject({ visual: z.boolean().default(true).describe('Send the desktop screenshot (HOST_AGENT.VISUAL_MODE).') }).default({ visual: true }),
  app: z
    .strictObject({
      visual: z.boolean().default(true).describe('Send screenshots (APP_AGENT.VISUAL_MODE).'),
      annotate: z.boolean().default(true).describe('Send the set-of-marks screenshot.'),
    })
    .default({ visual: true, annotate: true }),
  progress: ProgressSettingsOfConfig.prefault({}).describe(
    'The progress monitor of the application agents (ProgressSettingsSchema of @ufo-ts/core): mode off | warn | enforce (default warn: the next prompt says what did not change and why; enforce: then a fresh listing and screenshot, then onStuck), onStuck fail | ask (default fail: end the round as FAIL NO_PROGRESS; ask: ask the user), limits: steps without progress per detection before the last rung (repeated_no_effect 3, no_effect_streak 4, cycle 6, same_screen 6).',
  ),
  validateBatches: z
    .boolean()
    .default(true)
    .describe(
      'Check each action of a multi-action reply after the first against a fresh control listing before it runs, and stop the batch at the first whose target changed.',
    ),
});

/** The operator (computer-use) agent. */
export const OperatorConfigSchema = z.strictObject({
  model: ModelConfigSchema.optional().describe('Its model (OPERATOR); default: APP_AGENT, then HOST_AGENT.'),
  agentKind: z.string().min(1).default('OperatorAgent').describe('Agent kind its tool servers are configured under.'),
});

/** The whole ufo-ts configuration (one YAML file, or several merged in order). */
export const UfoConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path or URL of this JSON Schema, for editors.'),
    agents: AgentModelsConfigSchema.optional().describe('The models by role: HOST_AGENT, APP_AGENT, LINUX_AGENT, EVALUATION_AGENT, BACKUP.'),
    toolServers: ToolServersConfigSchema.optional().describe('Tool servers by agent kind and application root (the original mcp.yaml).'),
    session: SessionConfigSchema.default(SessionConfigSchema.parse({})),
    reports: ReportsConfigSchema.default(ReportsConfigSchema.parse({})),
    evaluation: EvaluationConfigSchema.default(EvaluationConfigSchema.parse({})),
    experience: ExperienceConfigSchema.default(ExperienceConfigSchema.parse({})),
    demonstrations: DemonstrationsConfigSchema.default(DemonstrationsConfigSchema.parse({})),
    embedding: EmbeddingConfigSchema.optional(),
    batch: BatchConfigSchema.default(BatchConfigSchema.parse({})),
    agent: AgentSettingsSchema.default(AgentSettingsSchema.parse({})),
    operator: OperatorConfigSchema.default(OperatorConfigSchema.parse({})),
    policy: PolicySchema.optional().describe(
      'What the agents may do (@ufo-ts/policy): rules on the tool, its arguments, the target control, the app or window and the kind of action (password_input, file_dialog, delete, send), each deciding allow, confirm or deny with a reason; order first-match (default) or deny-overrides; default decision for actions no rule matches. Enforced on every command the session dispatches; `ufo run --policy FILE` sets it from a file.',
    ),
  })
  .describe('ufo-ts configuration');
/** A validated configuration, defaults applied. */
export type UfoConfig = z.infer<typeof UfoConfigSchema>;
/** A configuration as written (before defaults). */
export type UfoConfigInput = z.input<typeof UfoConfigSchema>;

/** The JSON Schema of the configuration (input side: defaults are optional), for editors and `$schema`. */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(UfoConfigSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
