import {
  ProgressModeSchema,
  type ChatModel,
  type CommandDispatcher,
  type EventBus,
  type Interactor,
  type ProgressMode,
  type ProgressSettings,
} from '@ufo-ts/core';
import { ConfigError, createEmbeddingModel, createModels, type UfoConfig } from '@ufo-ts/config';
import { withPolicy } from '@ufo-ts/dispatchers';
import { RecordingModel } from '@ufo-ts/llm-providers';
import {
  createExampleRetriever,
  ExperienceStore,
  loadDemonstrations,
  SessionFactory,
  type SessionDefaults,
  type SessionFactoryOptions,
  type SessionModels,
} from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { CliUsageError } from '../errors.js';
import { modelFactoryFromOptions, modelOptionsFromFlags } from '../model-from-options.js';
import type { SessionOptionValues } from './tool-servers.js';

/** The shared options as {@link wireSessions} reads them: {@link SessionOptionValues} and `--progress`. */
export type SessionWiringValues = SessionOptionValues & { progress?: string | undefined };

/** The models: one model for every role from the command line (`--replay`, `--provider`, ...), else the config's. */
export function modelsFrom(values: SessionOptionValues, config: UfoConfig, io: CliIo): SessionModels {
  const fromFlags = values.replay !== undefined || values['model-config'] !== undefined || values.provider !== undefined || values.model !== undefined;
  if (fromFlags) {
    const model = modelFactoryFromOptions(modelOptionsFromFlags(values), io.env).create();
    return { HOST_AGENT: model, APP_AGENT: model, LINUX_AGENT: model, OPERATOR: model, EVALUATION_AGENT: model };
  }
  try {
    return createModels(config, { env: io.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new CliUsageError(`${error.message}\n(or give a model on the command line: --replay, --provider/--model, --model-config)`, { cause: error });
    }
    throw error;
  }
}

/** Wraps every model so its calls are appended to a cassette (for `ufo replay`). One recorder per distinct model. */
export function recordModels(models: SessionModels, cassette: string): SessionModels {
  const wrapped = new Map<ChatModel, ChatModel>();
  const out: SessionModels = {};
  for (const [role, model] of Object.entries(models) as Array<[keyof SessionModels, ChatModel]>) {
    if (!wrapped.has(model)) wrapped.set(model, new RecordingModel({ model, path: cassette }));
    out[role] = wrapped.get(model)!;
  }
  return out;
}

/** Session defaults from the configuration: caps, captures, safe-guard, reports, evaluation, experience and examples. */
export function sessionDefaultsFrom(config: UfoConfig, values: SessionOptionValues, io: CliIo): SessionDefaults {
  const embedding = config.embedding ? createEmbeddingModel({ config: config.embedding, env: io.env }) : undefined;
  const store = new ExperienceStore({ path: config.experience.path });
  const evaluationOn = !values['no-evaluation'] && (config.evaluation.session || config.evaluation.round);
  const defaults: SessionDefaults = {
    maxSteps: config.session.maxSteps,
    maxRounds: config.session.maxRounds,
    subtaskSettleMs: config.session.subtaskSettleMs,
    captures: config.session.captures,
    safeGuard: config.session.safeGuard,
    checkpoint: config.session.checkpoint,
    reports: config.reports,
    evaluation: evaluationOn ? config.evaluation : false,
  };
  if (config.experience.save !== 'always_not') defaults.experience = { save: config.experience.save, store, ...(embedding ? { embedding } : {}) };
  if (config.experience.retrieve || config.demonstrations.retrieve) {
    const records = [
      ...(config.experience.retrieve ? store.load() : []),
      ...(config.demonstrations.retrieve ? loadDemonstrations(config.demonstrations.path) : []),
    ];
    defaults.examples = {
      retriever: createExampleRetriever({
        records,
        ...(embedding ? { embedding, onEmbedded: () => undefined } : {}),
      }),
      topK: Math.max(config.experience.retrieve ? config.experience.topK : 0, config.demonstrations.retrieve ? config.demonstrations.topK : 0),
    };
  }
  return defaults;
}

const TOOL_MODES = ['text', 'native', 'auto'] as const;

/** The agents' tool mode: `--tool-mode` when given (checked), else the configuration's `agent.toolMode`. */
export function toolModeFrom(flag: string | undefined, configured: (typeof TOOL_MODES)[number]): (typeof TOOL_MODES)[number] {
  if (flag === undefined) return configured;
  const mode = TOOL_MODES.find((m) => m === flag);
  if (!mode) throw new CliUsageError(`--tool-mode must be one of ${TOOL_MODES.join(', ')} (got "${flag}")`);
  return mode;
}

/**
 * The progress monitor's settings: the configuration's `agent.progress`, with its mode replaced by `--progress`
 * when given (checked: an unknown mode is a usage error).
 */
export function progressFrom(flag: string | undefined, configured: ProgressSettings): ProgressSettings {
  if (flag === undefined) return configured;
  const mode = ProgressModeSchema.options.find((m): m is ProgressMode => m === flag);
  if (!mode) throw new CliUsageError(`--progress must be one of ${ProgressModeSchema.options.join(', ')} (got "${flag}")`);
  return { ...configured, mode };
}

/**
 * What every application agent's processor (the LinuxAgent, the AppAgents) gets from the configuration and flags:
 * what it sees, how it asks its model, the progress monitor and batch validation.
 */
export function appProcessorOptionsFrom(config: UfoConfig, values: Pick<SessionWiringValues, 'progress' | 'tool-mode'>) {
  return {
    visual: config.agent.app.visual,
    annotate: config.agent.app.annotate,
    toolMode: toolModeFrom(values['tool-mode'], config.agent.toolMode),
    progress: progressFrom(values.progress, config.agent.progress),
    validateBatches: config.agent.validateBatches,
  } satisfies NonNullable<SessionFactoryOptions['linux']>;
}

/** Everything a session command assembles from its options. */
export interface SessionWiring {
  factory: SessionFactory;
  logRoot: string;
}

/** Builds the {@link SessionFactory} a command uses, on the dispatcher of `startToolServers` (the caller closes it). */
export function wireSessions(options: {
  values: SessionWiringValues;
  io: CliIo;
  config: UfoConfig;
  dispatcher: CommandDispatcher;
  models: SessionModels;
  interactor: Interactor;
  events: EventBus;
}): SessionWiring {
  const { values, io, config } = options;
  // every command of every session passes the policy; a held one is put to the session's interactor
  const dispatcher = config.policy ? withPolicy(options.dispatcher, config.policy, { confirm: options.interactor }) : options.dispatcher;
  const logRoot = values['log-root'] ?? config.session.logRoot;
  const app = appProcessorOptionsFrom(config, values);
  const factory = new SessionFactory({
    models: options.models,
    dispatcher,
    interactor: options.interactor,
    events: options.events,
    logRoot,
    defaults: sessionDefaultsFrom(config, values, io),
    host: { host: { visual: config.agent.host.visual, toolMode: app.toolMode }, app },
    linux: app,
    operator: { agentKind: config.operator.agentKind },
  });
  return { factory, logRoot };
}
