import {
  errorMessage,
  serializeError,
  writeHtmlReport,
  writeMarkdownReport,
  type EvaluationRecord,
  type RoundOutcome,
  type SessionOutcome,
} from '@ufo-ts/core';
import { HumanInputRequiredError } from '../errors.js';
import { EvaluationAgent, evaluationRecord } from '../evaluation/evaluation-agent.js';
import { ExperienceSummarizer } from '../experience/experience-summarizer.js';
import { experienceText } from '../experience/experience-schema.js';
import { modelFor } from '../runtime/session-models.js';
import type { SessionCheckpoint } from '../checkpoint/checkpoint-schema.js';
import type { ManagedSession } from './managed-session.js';
import type { ManagedSessionOptions, ManagedSessionOutcome, ManagedSessionStatus, SessionCacheOutcome } from './managed-session-options.js';
import type { SessionRuntime } from './session-runtime.js';
import { sessionTrajectory } from './session-trajectory.js';

/** What the end-of-session work reads. */
export interface PostSessionContext {
  session: ManagedSession;
  runtime: SessionRuntime;
  settings: ManagedSessionOptions;
}

/** Judges one round; the record goes to `evaluation.log` and its cost into the context. */
export async function evaluateRound(ctx: PostSessionContext, outcome: RoundOutcome): Promise<EvaluationRecord | undefined> {
  return evaluate(ctx, { level: 'round', round: outcome.id, request: outcome.request });
}

async function evaluate(
  ctx: PostSessionContext,
  where: { level: 'session' | 'round'; round?: number; request: string },
): Promise<EvaluationRecord | undefined> {
  const settings = ctx.settings.evaluation;
  const source = sessionTrajectory(ctx.runtime.logSink);
  if (!settings || !source) return undefined;
  const agent = new EvaluationAgent({
    model: ctx.runtime.model('EVALUATION_AGENT'),
    ...(settings.screenshots !== undefined ? { screenshots: settings.screenshots } : {}),
    ...(settings.maxScreenshots !== undefined ? { maxScreenshots: settings.maxScreenshots } : {}),
  });
  try {
    const result = await agent.evaluate({
      request: where.request,
      trajectory: source.trajectory,
      image: source.image,
      ...(where.round !== undefined ? { rounds: [where.round] } : {}),
    });
    ctx.session.context.addCost(result.cost);
    const record = evaluationRecord(result, { ...where, time: new Date(ctx.runtime.clock.now()) });
    ctx.runtime.logSink.write('evaluation', record as unknown as Record<string, unknown>);
    return record;
  } catch (error) {
    ctx.session.events.emit({ type: 'warning', message: `evaluation failed: ${errorMessage(error)}`, details: { level: where.level } });
    return undefined;
  }
}

/** The session's requests as the evaluator sees them: one request, or a JSON list of all of them. */
function sessionRequest(session: ManagedSession): string {
  const requests = session.results.map((r) => r.request);
  return requests.length === 1 ? requests[0]! : JSON.stringify(requests);
}

async function maybeSaveExperience(ctx: PostSessionContext, evaluation: EvaluationRecord | undefined): Promise<number> {
  const settings = ctx.settings.experience;
  const mode = settings?.save ?? 'always_not';
  if (!settings || mode === 'always_not') return 0;
  if (ctx.session.results.at(-1)?.finalState !== 'FINISH') return 0;
  if (mode === 'auto' && evaluation?.complete !== 'yes') return 0;
  if (mode === 'ask') {
    try {
      const [answer] = await ctx.runtime.interactor.askQuestions(['Save this session as experience for later tasks? (y/N)'], { agent: 'Session' });
      if (!/^\s*y(es)?\s*$/i.test(answer?.answer ?? '')) return 0;
    } catch {
      return 0;
    }
  }
  const source = sessionTrajectory(ctx.runtime.logSink);
  if (!source) return 0;
  try {
    const summary = await new ExperienceSummarizer({ model: ctx.runtime.model('EVALUATION_AGENT'), clock: ctx.runtime.clock }).summarize(source.trajectory);
    ctx.session.context.addCost(summary.cost);
    for (let i = 0; i < summary.unpricedCalls; i += 1) ctx.session.context.addCost(null);
    if (settings.embedding && summary.records.length) {
      const vectors = await settings.embedding.embed(summary.records.map(experienceText));
      summary.records.forEach((r, i) => {
        if (vectors[i]) r.embedding = { model: settings.embedding!.modelId, vector: vectors[i]! };
      });
    }
    settings.store.add(summary.records);
    return summary.records.length;
  } catch (error) {
    ctx.session.events.emit({ type: 'warning', message: `experience not saved: ${errorMessage(error)}` });
    return 0;
  }
}

function writeReports(ctx: PostSessionContext): ManagedSessionOutcome['reports'] {
  const folder = ctx.runtime.logSink.folder;
  const settings = ctx.settings.reports;
  if (!folder || settings === false) return {};
  const out: ManagedSessionOutcome['reports'] = {};
  try {
    if (settings?.markdown ?? true) out.markdown = writeMarkdownReport(folder);
    if (settings?.html ?? true) out.html = writeHtmlReport(folder);
  } catch (error) {
    ctx.session.events.emit({ type: 'warning', message: `report not written: ${errorMessage(error)}` });
  }
  return out;
}

/**
 * The end of a session: the session evaluation and experience (only when it completed), the final checkpoint,
 * the reports, then the log sink and (if owned) the dispatcher are closed.
 */
export async function finishSession(
  ctx: PostSessionContext & { failure: unknown; status: ManagedSessionStatus; roundEvaluations: EvaluationRecord[] },
): Promise<ManagedSessionOutcome> {
  const { session, runtime, settings } = ctx;
  const evaluations = [...ctx.roundEvaluations];
  let experienceSaved = 0;
  if (ctx.status === 'completed' && session.results.length > 0) {
    const evaluation =
      settings.evaluation && (settings.evaluation.session ?? true) ? await evaluate(ctx, { level: 'session', request: sessionRequest(session) }) : undefined;
    if (evaluation) evaluations.push(evaluation);
    experienceSaved = await maybeSaveExperience(ctx, evaluation);
  }
  let status = ctx.status;
  let failure = ctx.failure;
  let checkpoint: SessionCheckpoint | undefined;
  try {
    checkpoint = await session.finalCheckpoint(status, failure);
  } catch (error) {
    // the final status could not be recorded: the session failed, unless it already had
    if (status !== 'failed') {
      status = 'failed';
      failure = error;
    }
  }
  const cache = await saveCachedRun(ctx, status);
  const waiting = status === 'waiting' ? (checkpoint?.waitingFor ?? (failure instanceof HumanInputRequiredError ? failure.request : undefined)) : undefined;
  const reports = writeReports(ctx);
  await runtime.logSink.release();
  await runtime.journal?.close();
  if (settings.closeDispatcher) await settings.dispatcher.close().catch(() => undefined);
  const context = session.context;
  const base: SessionOutcome = {
    id: session.id,
    rounds: [...session.results],
    cost: context.get('SESSION_COST'),
    unpricedCalls: context.get('UNPRICED_CALLS'),
    steps: context.get('SESSION_STEP'),
    error: session.results.at(-1)?.finalState === 'ERROR',
    logFolder: runtime.logSink.folder,
  };
  return {
    ...base,
    task: session.task,
    kind: session.kind,
    status,
    ...(waiting ? { waitingFor: waiting } : {}),
    ...(status === 'failed' ? { failure: serializeError(failure) } : {}),
    evaluations,
    experienceSaved,
    reports,
    ...(session.checkpointPath ? { checkpoint: session.checkpointPath } : {}),
    ...(cache ? { cache } : {}),
  };
}

/**
 * The action cache's part of the end: the run is recorded when its last round ended in FINISH and the cache's check
 * (when given) passed. A failed recording is reported, never the session's failure.
 */
async function saveCachedRun(ctx: PostSessionContext, status: ManagedSessionStatus): Promise<SessionCacheOutcome | undefined> {
  const settings = ctx.settings.actionCache;
  const model = ctx.runtime.cacheModel;
  if (!settings || !model) return undefined;
  const use = settings.cache.use(model);
  const outcome: SessionCacheOutcome = { ...use, key: settings.lookup.key, saved: false };
  const finished = status === 'completed' && ctx.session.results.at(-1)?.finalState === 'FINISH';
  const source = finished ? sessionTrajectory(ctx.runtime.logSink) : undefined;
  try {
    if (!finished) outcome.notSaved = `the session ended ${status} without FINISH`;
    else if (!source) outcome.notSaved = 'the session kept no response.log to record';
    else if (settings.check && !(await settings.check())) outcome.notSaved = "the run's check did not pass";
    else {
      await settings.cache.save(
        settings.lookup,
        source.trajectory.steps.map((s) => s.record),
        model,
      );
      outcome.saved = true;
    }
  } catch (error) {
    outcome.notSaved = `recording failed: ${errorMessage(error)}`;
    ctx.session.events.emit({ type: 'warning', message: `action cache: ${outcome.notSaved}` });
  }
  return outcome;
}
