import { z } from 'zod';
import type { ChatModel } from '@ufo-ts/core';
import { EndpointConfigError } from '../errors.js';
import { createFallbackModel, type FallbackModelOptions } from '../fallback-model.js';
import { createModelFromConfig, ModelConfigSchema, type CreateModelOptions } from './model-config.js';

/** Agent roles that get a model. `BACKUP` is the fallback of every other role. */
export const AgentModelRoleSchema = z.enum(['HOST_AGENT', 'APP_AGENT', 'LINUX_AGENT', 'EVALUATION_AGENT', 'BACKUP']);
/** The data {@link AgentModelRoleSchema} validates. */
export type AgentModelRole = z.infer<typeof AgentModelRoleSchema>;

/**
 * The models of each agent role. Missing roles borrow another's model: APP_AGENT and LINUX_AGENT use HOST_AGENT's,
 * EVALUATION_AGENT uses APP_AGENT's (then HOST_AGENT's), as UFO does. At least one non-BACKUP role is required.
 */
export const AgentModelsConfigSchema = z
  .object({
    HOST_AGENT: ModelConfigSchema.optional(),
    APP_AGENT: ModelConfigSchema.optional(),
    LINUX_AGENT: ModelConfigSchema.optional(),
    EVALUATION_AGENT: ModelConfigSchema.optional(),
    /** Tried when a role's own model fails (UFO's backup engine). */
    BACKUP: ModelConfigSchema.optional(),
  })
  .strict()
  .refine((config) => config.HOST_AGENT || config.APP_AGENT || config.LINUX_AGENT || config.EVALUATION_AGENT, {
    message: 'configure at least one of HOST_AGENT, APP_AGENT, LINUX_AGENT, EVALUATION_AGENT',
  });
/** The data {@link AgentModelsConfigSchema} validates. */
export type AgentModelsConfig = z.infer<typeof AgentModelsConfigSchema>;
/** What {@link AgentModelsConfigSchema} accepts, before its defaults are applied (use this type for hand-written input). */
export type AgentModelsConfigInput = z.input<typeof AgentModelsConfigSchema>;

/** The role → model map returned by {@link createAgentModels}. */
export type AgentModels = Partial<Record<AgentModelRole, ChatModel>>;

/** Options of {@link createAgentModels}. */
export interface CreateAgentModelsOptions extends CreateModelOptions {
  /** Passed to each role's fallback chain. */
  onFallback?: FallbackModelOptions['onFallback'];
}

const BORROWS: Record<Exclude<AgentModelRole, 'BACKUP'>, AgentModelRole[]> = {
  HOST_AGENT: [],
  APP_AGENT: ['HOST_AGENT'],
  LINUX_AGENT: ['HOST_AGENT'],
  EVALUATION_AGENT: ['APP_AGENT', 'HOST_AGENT'],
};

/**
 * Builds the model of each agent role from config. When `BACKUP` is configured, each role's model is a fallback
 * chain `[role's model, BACKUP]`; `BACKUP` itself is also in the map. Roles left unresolved are absent.
 *
 * @example
 * ```ts
 * const models = createAgentModels({
 *   HOST_AGENT: { provider: 'openai', model: 'gpt-4o' },
 *   APP_AGENT: { provider: 'openai', model: 'gpt-4o-mini' },
 *   BACKUP: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
 * });
 * ```
 */
export function createAgentModels(input: AgentModelsConfigInput, options: CreateAgentModelsOptions = {}): AgentModels {
  const parsed = AgentModelsConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new EndpointConfigError(`Invalid agent models config: ${issues.join('; ')}`, { cause: parsed.error });
  }
  const config = parsed.data;
  const primaries = new Map<AgentModelRole, ChatModel>();
  for (const role of AgentModelRoleSchema.options) {
    const block = config[role];
    if (block) primaries.set(role, createModelFromConfig(block, options));
  }
  const backup = primaries.get('BACKUP');
  const out: AgentModels = {};
  for (const role of Object.keys(BORROWS) as Array<keyof typeof BORROWS>) {
    const source = [role, ...BORROWS[role]].find((candidate) => primaries.has(candidate));
    const primary = source ? primaries.get(source) : undefined;
    if (!primary) continue;
    out[role] = backup
      ? createFallbackModel({
          models: [primary, backup],
          ...(options.onFallback ? { onFallback: options.onFallback } : {}),
        })
      : primary;
  }
  if (backup) out.BACKUP = backup;
  return out;
}
