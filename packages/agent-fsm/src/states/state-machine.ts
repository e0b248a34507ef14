import type { Context, RoundAgent, RoundState, StepRunOptions } from '@ufo-ts/core';
import type { HandlerOutcome, StateRow, StateTable } from './state-table.js';
import { transition, validateStateTable, type RelatedTables } from './transition.js';

/** The handlers a table-driven state calls on its agent. Implemented by {@link Agent}. */
export interface StateHost extends RoundAgent {
  readonly machine: StateMachine;
  /** The host agent (AppAgent and third-party agents), if any. */
  readonly hostAgent?: StateHost | undefined;
  /** The active sub-agent (HostAgent), if any. */
  readonly activeSubAgent?: StateHost | undefined;
  /** The outcome of the last handle, used by branching rows. */
  lastOutcome: HandlerOutcome;
  /** The `process` handler: runs one step through the agent's processor and takes the status it reports. */
  runProcess(context: Context, options?: StepRunOptions): Promise<void>;
  /** The `assign` handler: hands the current subtask to an agent (`assigned`) or reports that it could not (`failed`). */
  runAssign(context: Context): Promise<HandlerOutcome>;
  /** The `ask` handler: asks the pending questions through the Interactor and puts the answers on the blackboard. */
  runAsk(context: Context): Promise<void>;
  /** The `confirm` handler: asks about the held sensitive actions and runs the approved ones (`approved`/`rejected`). */
  runConfirm(context: Context, options?: StepRunOptions): Promise<HandlerOutcome>;
  /** The `archive` handler: records the finished subtask with its `status`. */
  runArchive(context: Context, status: string): Promise<void>;
  /** Sets the status the next transition reads. */
  setStatus(status: string): void;
  /** Reports a problem (an unknown status) without failing. */
  warn(message: string): void;
}

/** One state of a {@link StateMachine}: reads its row, nothing else. */
export class TableState implements RoundState {
  constructor(
    readonly machine: StateMachine,
    readonly name: string,
    readonly row: StateRow,
  ) {}

  get agentKind(): string {
    return this.machine.kind;
  }

  /** Runs the row's handler (`process`, `assign`, `ask`, `confirm`, `archive`) for `agent`. */
  async handle(agent: RoundAgent, context: Context, options: StepRunOptions = {}): Promise<void> {
    const host = agent as StateHost;
    switch (this.row.handle) {
      case 'process':
        await host.runProcess(context, options);
        host.lastOutcome = 'done';
        return;
      case 'assign':
        host.lastOutcome = await host.runAssign(context);
        return;
      case 'ask':
        await host.runAsk(context);
        host.setStatus('CONTINUE');
        host.lastOutcome = 'done';
        return;
      case 'confirm':
        host.lastOutcome = await host.runConfirm(context, options);
        return;
      case 'archive':
        await host.runArchive(context, this.name);
        host.lastOutcome = 'done';
        return;
      case 'none':
        host.lastOutcome = 'done';
        return;
    }
  }

  nextState(agent: RoundAgent): RoundState {
    const host = agent as StateHost;
    const target = transition(this.machine.table, this.name, { status: host.status, outcome: host.lastOutcome });
    if (target.unknownStatus !== undefined) {
      host.warn(`${host.name} produced unknown status "${target.unknownStatus}"; going to ERROR`);
      host.setStatus('ERROR');
    }
    if (target.scope === 'host') return host.hostAgent ? host.hostAgent.machine.state(target.state) : this.machine.state('ERROR');
    if (target.scope === 'sub') {
      return host.activeSubAgent && host.lastOutcome === 'assigned' ? host.activeSubAgent.machine.state(target.state) : this.machine.state('ERROR');
    }
    return this.machine.state(target.state);
  }

  nextAgent(agent: RoundAgent): RoundAgent {
    const host = agent as StateHost;
    if (this.row.agent === 'host') return host.hostAgent ?? host;
    if (this.row.agent === 'sub') return host.lastOutcome === 'assigned' && host.activeSubAgent ? host.activeSubAgent : host;
    return host;
  }

  isRoundEnd(): boolean {
    return this.row.roundEnd;
  }

  isSubtaskEnd(): boolean {
    return this.row.subtaskEnd;
  }
}

/** A state machine built from a {@link StateTable}. States are created once and shared by the machine's agents. */
export class StateMachine {
  private readonly states = new Map<string, TableState>();

  /**
   * @param kind Agent kind, e.g. `AppAgent`.
   * @param table The rows; checked now ({@link validateStateTable}), so a bad target fails here.
   * @param related The tables `host:` and `sub:` targets point into, to check those targets too.
   * @throws AgentError `STATE_TABLE_INVALID`.
   */
  constructor(
    readonly kind: string,
    readonly table: StateTable<string>,
    related: RelatedTables = {},
  ) {
    validateStateTable(kind, table, related);
    for (const [name, stateRow] of Object.entries(table)) this.states.set(name, new TableState(this, name, stateRow));
  }

  /** The state called `name`; throws for a name the table does not have. */
  state(name: string): TableState {
    const state = this.states.get(name);
    if (!state) throw new Error(`${this.kind} has no state ${name}`);
    return state;
  }

  /** The state called `name`, or undefined. */
  find(name: string): TableState | undefined {
    return this.states.get(name);
  }

  /** All state names, in table order. */
  get stateNames(): string[] {
    return [...this.states.keys()];
  }
}
