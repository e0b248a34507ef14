import { type Context, type DispatchTarget, type SubtaskRecord, errorResult } from '@ufo-ts/core';
import { StateMachine } from '../states/state-machine.js';
import { APP_AGENT_TABLE, FOLLOWER_APP_AGENT_TABLE, HOST_AGENT_TABLE } from '../states/tables.js';
import { Agent, type AgentOptions } from './agent.js';

const APP_MACHINE = new StateMachine('AppAgent', APP_AGENT_TABLE, { host: HOST_AGENT_TABLE });
const FOLLOWER_APP_MACHINE = new StateMachine('AppAgent', FOLLOWER_APP_AGENT_TABLE, { host: HOST_AGENT_TABLE });

/** Options of {@link AppAgent}. */
export interface AppAgentOptions extends AgentOptions {
  /** The HostAgent that assigned the subtask and gets control back. */
  host: Agent;
  /** Application root name (binary), used to route tool servers. */
  appRoot: string;
  /** Process or window name. */
  processName: string;
  /** `follower`: a finished subtask ends the round (plan replay). Default `normal`. */
  mode?: 'normal' | 'follower';
  /** Overrides the kind used for routing (third-party agents use their registered name). */
  kind?: string;
}

/** Acts inside one application window until its subtask ends. */
export class AppAgent extends Agent {
  readonly kind: string;
  readonly machine: StateMachine;
  readonly appRoot: string;
  readonly processName: string;
  /** `follower`: a finished subtask ends the round, so its result is the round's result. */
  readonly mode: 'normal' | 'follower';
  private readonly host: Agent;

  constructor(options: AppAgentOptions) {
    super(options);
    this.host = options.host;
    this.appRoot = options.appRoot;
    this.processName = options.processName;
    this.kind = options.kind ?? 'AppAgent';
    this.mode = options.mode ?? 'normal';
    const base = this.mode === 'follower' ? FOLLOWER_APP_MACHINE : APP_MACHINE;
    this.machine = this.kind === 'AppAgent' ? base : new StateMachine(this.kind, base.table, { host: HOST_AGENT_TABLE });
  }

  override get hostAgent(): Agent {
    return this.host;
  }

  override dispatchTarget(_context: Context): DispatchTarget {
    return { agent: this.kind, root: this.appRoot, process: this.processName };
  }

  override async runArchive(context: Context, status: string): Promise<void> {
    const finalStatus = (this.lastOutcome === 'rejected' ? 'REJECTED' : status) as SubtaskRecord['status'];
    this.archive(context, finalStatus, this.lastResult);
    // In follower mode no host step follows a finished subtask to state the round's result: it is this one.
    if (this.mode === 'follower' && finalStatus === 'FINISH' && this.lastResult !== undefined) context.set('ROUND_RESULT', this.lastResult);
  }

  protected override async onError(context: Context): Promise<void> {
    await super.onError(context);
    this.archive(context, 'ERROR', errorResult(this.lastError));
  }

  private archive(context: Context, status: SubtaskRecord['status'], result: unknown): void {
    const record: SubtaskRecord = { subtask: context.get('SUBTASK'), status, agent: this.name };
    if (result !== undefined) record.result = result;
    context.update('PREVIOUS_SUBTASKS', (list) => [...list, record]);
  }
}
