import type { Agent, StepOutcome, StepProcessor } from '@ufo-ts/agent-fsm';
import type { Context, StepRunOptions } from '@ufo-ts/core';
import { StepStatusError, StrategyDependencyError, StrategyFailedError, StrategyProvidesError } from './errors.js';
import type { Middleware, StepSummary } from './middleware.js';
import { PHASES, type Phase } from './phases.js';
import { StepContext } from './step-context.js';
import type { Strategy } from './strategy.js';

/** Options of {@link ProcessorTemplate}. */
export interface ProcessorOptions<A extends Agent> {
  /** A name for errors and logs. */
  name: string;
  /** At most one strategy per phase; use a ComposedStrategy for several. */
  strategies: Partial<Record<Phase, Strategy<A>>>;
  middleware?: Middleware<A>[];
  /** Keys present in every step's initial local data (besides `initialData`'s). */
  initialKeys?: readonly string[];
  /** Builds the step's initial local data. */
  initialData?: (agent: A, context: Context) => Record<string, unknown>;
  /** Promotes step results to the global context once the phases ran (also after a failure). */
  finalize?: (agent: A, step: StepContext) => void;
}

/** Keys every step starts with. */
export const COMMON_INITIAL_KEYS = [
  'agent_name',
  'agent_kind',
  'state',
  'session_step',
  'round_step',
  'round_num',
  'request',
  'log_folder',
  'dispatch_target',
] as const;

/**
 * The step pipeline (its six phases, in {@link PHASES} order) with real dependency checks. Building it validates the strategy
 * chain and throws {@link StrategyDependencyError} naming the strategy and the missing key. Running it never
 * throws: a failure ends the step with status ERROR (fail-fast) or skips the remaining phases (soft), and in
 * both cases finalisation and `afterProcess` still run, so every step is counted and logged.
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
    validateChain(this.chain.map(([, s]) => s), [...COMMON_INITIAL_KEYS, ...(options.initialKeys ?? [])]);
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
        const missing = strategy.provides.filter((key) => data[key] === undefined && !step.has(key));
        step.merge(data);
        step.phaseResults.push({ phase, strategy: strategy.name, success: true, keys: Object.keys(data), durationMs: clock.monotonic() - t0 });
        if (missing.length) throw new StrategyProvidesError(strategy.name, missing);
      } catch (cause) {
        const wrapped = cause instanceof StrategyProvidesError ? cause : new StrategyFailedError(strategy.name, phase, { cause });
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
    if (fatal) step.set('status', 'ERROR');
    else if (step.get('status') === undefined) step.set('status', error ? 'ERROR' : 'CONTINUE');
    const produced = String(step.get('status'));
    if (!agent.machine.find(produced)) {
      error ??= new StepStatusError(agent.kind, produced, agent.machine.stateNames);
      step.set('status', 'ERROR');
    }
    if (error !== undefined) step.set('error', error);
    try {
      this.options.finalize?.(agent, step);
    } catch (e) {
      error ??= e;
      step.set('status', 'ERROR');
      step.set('error', e);
    }
    const status = String(step.get('status'));
    const summary: StepSummary = { status, durationMs: clock.monotonic() - started };
    if (error !== undefined) summary.error = error;
    if (failedPhase) summary.failedPhase = failedPhase;
    for (const m of [...middleware].reverse()) await safely(() => m.afterProcess?.(agent, step, summary));
    return error !== undefined && status === 'ERROR' ? { status, error } : { status };
  }
}

function commonInitialData(agent: Agent, context: Context): Record<string, unknown> {
  return {
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
}

/** Throws when a strategy depends on a key that neither the initial data nor an earlier strategy provides. */
export function validateChain(strategies: readonly Strategy<never>[], initialKeys: readonly string[]): void {
  const available = new Set(initialKeys);
  for (const strategy of strategies) {
    for (const key of strategy.dependsOn) {
      if (!available.has(key)) {
        throw new StrategyDependencyError(
          strategy.name,
          key,
          `Strategy "${strategy.name}" depends on "${key}", which no earlier strategy provides and the step does not start with`,
        );
      }
    }
    for (const key of strategy.provides) available.add(key);
  }
}

async function safely(fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch {
    // middleware failures must not change the step's outcome
  }
}
