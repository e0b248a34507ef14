import type { Agent, StepOutcome, StepProcessor } from '@ufo-ts/agent-fsm';
import { describeReplyIssues, type Context, type StepRunOptions } from '@ufo-ts/core';
import { StepStatusError, StepValueError, StrategyDependencyError, StrategyFailedError, StrategyProvidesError } from './errors.js';
import type { Middleware, StepSummary } from './middleware.js';
import { PHASES, type Phase } from './phases.js';
import { StepContext, type StepOutput } from './step-context.js';
import type { StepKey, StepValues } from './step-key.js';
import { STEP_KEYS } from './step-keys.js';
import type { Strategy } from './strategy.js';

/** Options of {@link ProcessorTemplate}. */
export interface ProcessorOptions<A extends Agent> {
  /** A name for errors and logs. */
  name: string;
  /** At most one strategy per phase; use a ComposedStrategy for several. */
  strategies: Partial<Record<Phase, Strategy<A>>>;
  middleware?: Middleware<A>[];
  /** Keys `initialData` fills in every step (besides {@link COMMON_INITIAL_KEYS}). */
  initialKeys?: readonly StepKey[];
  /** Builds the step's initial data, by key name. */
  initialData?: (agent: A, context: Context) => StepOutput;
  /** Promotes step results to the global context once the phases ran (also after a failure). */
  finalize?: (agent: A, step: StepContext) => void;
}

const COMMON_KEYS = [
  STEP_KEYS.agentName,
  STEP_KEYS.agentKind,
  STEP_KEYS.state,
  STEP_KEYS.sessionStep,
  STEP_KEYS.roundStep,
  STEP_KEYS.roundNum,
  STEP_KEYS.request,
  STEP_KEYS.logFolder,
  STEP_KEYS.dispatchTarget,
] as const;

/** Keys every step starts with. */
export const COMMON_INITIAL_KEYS: readonly StepKey[] = COMMON_KEYS;

/**
 * The step pipeline (its six phases, in {@link PHASES} order) with real dependency checks. Building it validates the strategy
 * chain and throws {@link StrategyDependencyError} naming the strategy and the missing key. After each strategy it checks
 * that every key the strategy provides is present ({@link StrategyProvidesError}) and matches the key's schema
 * ({@link StepValueError}). Running it never throws: a failure ends the step with status ERROR (fail-fast) or skips
 * the remaining phases (soft), and in both cases finalisation and `afterProcess` still run, so every step is counted
 * and logged.
 *
 * @example
 * ```ts
 * const processor = new ProcessorTemplate({
 *   name: 'MyProcessor',
 *   strategies: { DATA_COLLECTION: myDataStrategy, LLM_INTERACTION: myLlmStrategy, ACTION_EXECUTION: myActionStrategy },
 *   middleware: [loggingMiddleware()],
 * });
 * const { status } = await processor.process(agent, context);
 * ```
 */
export class ProcessorTemplate<A extends Agent = Agent> implements StepProcessor {
  readonly name: string;
  private readonly chain: Array<[Phase, Strategy<A>]>;
  private readonly options: ProcessorOptions<A>;

  constructor(options: ProcessorOptions<A>) {
    this.options = options;
    this.name = options.name;
    this.chain = PHASES.filter((p) => options.strategies[p]).map((p) => [p, options.strategies[p]!]);
    for (const [phase, strategy] of this.chain) {
      if (strategy.phase !== phase) {
        throw new StrategyDependencyError(strategy.name, phase, `Strategy "${strategy.name}" is for ${strategy.phase}, not ${phase}`);
      }
    }
    validateChain(
      this.chain.map(([, s]) => s),
      [...COMMON_INITIAL_KEYS, ...(options.initialKeys ?? [])],
    );
  }

  async process(agent: A, context: Context, options: StepRunOptions = {}): Promise<StepOutcome> {
    const clock = agent.services.clock;
    const started = clock.monotonic();
    const step = new StepContext(context, { ...commonInitialData(agent, context), ...this.options.initialData?.(agent, context) }, options.signal);
    const middleware = this.options.middleware ?? [];
    let error: unknown;
    let failedPhase: Phase | undefined;
    let fatal = false;
    try {
      for (const m of middleware) await m.beforeProcess?.(agent, step);
    } catch (e) {
      error = e;
      fatal = true;
    }
    for (const [phase, strategy] of fatal ? [] : this.chain) {
      const t0 = clock.monotonic();
      try {
        for (const key of strategy.dependsOn) step.require(key, strategy.name);
        const data = await strategy.execute(agent, step);
        const missing = strategy.provides.filter((key) => data[key.name] === undefined && !step.has(key)).map((key) => key.name);
        step.merge(data);
        step.phaseResults.push({ phase, strategy: strategy.name, success: true, keys: Object.keys(data), durationMs: clock.monotonic() - t0 });
        if (missing.length) throw new StrategyProvidesError(strategy.name, missing);
        checkProvidedValues(strategy, step);
      } catch (cause) {
        const wrapped =
          cause instanceof StrategyProvidesError || cause instanceof StepValueError ? cause : new StrategyFailedError(strategy.name, phase, { cause });
        if (!step.phaseResults.some((r) => r.phase === phase)) {
          step.phaseResults.push({ phase, strategy: strategy.name, success: false, keys: [], durationMs: clock.monotonic() - t0, error: wrapped });
        }
        error = wrapped;
        failedPhase = phase;
        fatal = strategy.failFast;
        for (const m of middleware) await safely(() => m.onError?.(agent, step, wrapped));
        break;
      }
    }
    if (fatal) step.set(STEP_KEYS.status, 'ERROR');
    else if (step.get(STEP_KEYS.status) === undefined) step.set(STEP_KEYS.status, error ? 'ERROR' : 'CONTINUE');
    const produced = String(step.get(STEP_KEYS.status));
    if (!agent.machine.find(produced)) {
      error ??= new StepStatusError(agent.kind, produced, agent.machine.stateNames);
      step.set(STEP_KEYS.status, 'ERROR');
    }
    if (error !== undefined) step.set(STEP_KEYS.error, error);
    try {
      this.options.finalize?.(agent, step);
    } catch (e) {
      error ??= e;
      step.set(STEP_KEYS.status, 'ERROR');
      step.set(STEP_KEYS.error, e);
    }
    const status = String(step.get(STEP_KEYS.status));
    const summary: StepSummary = { status, durationMs: clock.monotonic() - started };
    if (error !== undefined) summary.error = error;
    if (failedPhase) summary.failedPhase = failedPhase;
    for (const m of [...middleware].reverse()) await safely(() => m.afterProcess?.(agent, step, summary));
    return error !== undefined && status === 'ERROR' ? { status, error } : { status };
  }
}

function commonInitialData(agent: Agent, context: Context): StepOutput {
  const data: StepValues<typeof COMMON_KEYS> = {
    agent_name: agent.name,
    agent_kind: agent.kind,
    state: agent.state.name,
    session_step: context.get('SESSION_STEP'),
    round_step: context.currentRoundStep,
    round_num: context.get('CURRENT_ROUND_ID'),
    request: context.get('REQUEST'),
    log_folder: context.get('LOG_PATH'),
    dispatch_target: agent.dispatchTarget(context),
  };
  return data;
}

/** Throws {@link StepValueError} when a value `strategy` provides does not match its key's schema. */
function checkProvidedValues(strategy: Strategy<never>, step: StepContext): void {
  for (const key of strategy.provides) {
    const checked = key.schema.safeParse(step.get(key));
    if (!checked.success) {
      throw new StepValueError(strategy.name, key.name, describeReplyIssues(checked.error.issues, step.get(key)));
    }
  }
}

/** Throws when a strategy depends on a key that neither the initial data nor an earlier strategy provides. */
export function validateChain(strategies: readonly Strategy<never>[], initialKeys: readonly StepKey[]): void {
  const available = new Set(initialKeys.map((key) => key.name));
  for (const strategy of strategies) {
    for (const key of strategy.dependsOn) {
      if (!available.has(key.name)) {
        throw new StrategyDependencyError(
          strategy.name,
          key.name,
          `Strategy "${strategy.name}" depends on "${key.name}", which no earlier strategy provides and the step does not start with`,
        );
      }
    }
    for (const key of strategy.provides) available.add(key.name);
  }
}

async function safely(fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch {
    // middleware failures must not change the step's outcome
  }
}
