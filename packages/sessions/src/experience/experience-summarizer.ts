import { createHash } from 'node:crypto';
import { systemClock, type ChatModel, type Clock, type Trajectory, type TrajectoryStep } from '@ufo-ts/core';
import { quoteUntrusted, replyFormatText } from '@ufo-ts/processor-strategies';
import { stepEvidence } from '../evaluation/step-evidence.js';
import { ExperienceSummarySchema, type ExperienceRecord, type ExperienceSummary } from './experience-schema.js';

/** The steps of one subtask, as the summariser sees them. */
export interface SubtaskTrajectory {
  request: string;
  subtask: string;
  application: string;
  agent: string;
  steps: TrajectoryStep[];
}

/**
 * Splits a trajectory into subtasks: consecutive steps of one agent on one subtask (AppAgent, LinuxAgent,
 * third-party, operator). A session where only the HostAgent acted is one subtask: its request.
 */
export function partitionSubtasks(trajectory: Trajectory): SubtaskTrajectory[] {
  const groups: SubtaskTrajectory[] = [];
  for (const step of trajectory.steps) {
    const r = step.record;
    if (r.agent_kind === 'HostAgent') continue;
    const last = groups.at(-1);
    const subtask = r.subtask ?? '';
    if (last && last.agent === r.agent && last.subtask === subtask && last.request === (r.request ?? '')) last.steps.push(step);
    else groups.push({ request: r.request ?? '', subtask, application: r.application ?? '', agent: r.agent, steps: [step] });
  }
  if (groups.length === 0 && trajectory.steps.length) {
    for (const round of trajectory.rounds)
      groups.push({ request: round.request, subtask: round.request, application: '', agent: 'HostAgent', steps: round.steps });
  }
  return groups;
}

const SYSTEM = `You turn one subtask an automation agent just completed into a reusable example for the next time
a similar subtask comes up. Keep what generalises (which controls, which order, what to check), drop what is
specific to this run (ids that change, exact screen positions unless they are stable). Write "tips" as short
advice, and "example" as one condensed step: observation, thought, the actions that worked, and the plan.`;

/** Options of {@link ExperienceSummarizer}. */
export interface ExperienceSummarizerOptions {
  model: ChatModel;
  /** The clock for `createdAt` (default the system clock). */
  clock?: Clock;
}

/** What {@link ExperienceSummarizer.summarize} returns. */
export interface ExperienceSummaryResult {
  records: ExperienceRecord[];
  /** Priced cost of the calls in USD. */
  cost: number;
  /** Calls whose price was unknown. */
  unpricedCalls: number;
}

/**
 * Summarises a successful session into experience records, one model call per subtask (a host-only session
 * works too).
 *
 * @example
 * ```ts
 * const summarizer = new ExperienceSummarizer({ model });
 * const { records, cost } = await summarizer.summarize(readTrajectory(logFolder));
 * ```
 */
export class ExperienceSummarizer {
  constructor(private readonly options: ExperienceSummarizerOptions) {}

  /**
   * Makes one record per subtask of `trajectory` (see {@link partitionSubtasks}), each with the model's tips and
   * example; the calls run one after the other and their cost is summed.
   */
  async summarize(trajectory: Trajectory, options: { signal?: AbortSignal } = {}): Promise<ExperienceSummaryResult> {
    const out: ExperienceSummaryResult = { records: [], cost: 0, unpricedCalls: 0 };
    for (const group of partitionSubtasks(trajectory)) {
      const reply = await this.options.model.complete({
        messages: [
          { role: 'system', content: `${SYSTEM}\n\n${replyFormatText(ExperienceSummarySchema)}` },
          {
            role: 'user',
            content: [
              `<Request:>\n${quoteUntrusted('user_request', group.request)}`,
              `<Subtask:>\n${quoteUntrusted('subtask', group.subtask)}`,
              `<Application:> ${group.application || '(none)'}`,
              `<Steps:>\n${group.steps.map((s) => JSON.stringify(stepEvidence(s))).join('\n')}`,
              '<Your response:>',
            ].join('\n\n'),
          },
        ],
        schema: ExperienceSummarySchema,
        schemaName: 'experience_summary',
        metadata: { agent: 'ExperienceSummarizer' },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (reply.cost === null) out.unpricedCalls += 1;
      else out.cost += reply.cost;
      out.records.push(this.record(group, reply.parsed as ExperienceSummary, trajectory.folder));
    }
    return out;
  }

  private record(group: SubtaskTrajectory, summary: ExperienceSummary, source: string | undefined): ExperienceRecord {
    const id = createHash('sha256')
      .update(`${source ?? ''}\n${group.request}\n${group.subtask}\n${group.agent}\n${group.steps[0]?.index ?? 0}`)
      .digest('hex')
      .slice(0, 16);
    return {
      id,
      kind: 'experience',
      request: group.request,
      subtask: group.subtask,
      application: group.application,
      agent: group.agent,
      tips: summary.tips,
      example: summary.example,
      createdAt: new Date((this.options.clock ?? systemClock).now()).toISOString(),
      ...(source ? { source } : {}),
    };
  }
}
