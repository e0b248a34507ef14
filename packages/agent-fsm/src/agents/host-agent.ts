import { errorResult, type Context, type DispatchTarget } from '@ufo-ts/core';
import { AgentError } from '../errors.js';
import { Blackboard } from '../memory/blackboard.js';
import type { HandlerOutcome } from '../states/state-table.js';
import { StateMachine } from '../states/state-machine.js';
import { APP_AGENT_TABLE, HOST_AGENT_TABLE } from '../states/tables.js';
import { Agent, type AgentOptions, type StepProcessor } from './agent.js';
import type { AgentRegistry } from './agent-registry.js';

const HOST_MACHINE = new StateMachine('HostAgent', HOST_AGENT_TABLE, { sub: APP_AGENT_TABLE });

/** What the HostAgent's action phase selected: a window (application) or a registered third-party agent. */
export type Assignment = { kind: 'window'; root: string; process: string; title?: string } | { kind: 'third_party_agent'; agentName: string };

/** What the HostAgent passes to the factory of application agents. */
export interface AppAgentSpec {
  host: HostAgent;
  root: string;
  process: string;
  blackboard: Blackboard;
}

/** Options of {@link HostAgent}. */
export interface HostAgentOptions extends Omit<AgentOptions, 'blackboard'> {
  /** Shared memory for the host and its sub-agents (default: a new one). */
  blackboard?: Blackboard;
  /** Builds the AppAgent for a selected window (with its own processor). */
  createAppAgent: (spec: AppAgentSpec) => Agent;
  /** Third-party agents the host may choose like applications. */
  registry?: AgentRegistry;
  /** Processor passed to third-party agents' factories. */
  thirdPartyProcessor?: StepProcessor;
  /** Platform name, used to filter the registry (`windows`, `linux`). */
  platform?: string;
}

/**
 * Plans the request, chooses an application window or a third-party agent for each subtask (ASSIGN), and
 * finishes the round. Sub-agents are reused per (application root, process) so an application keeps its memory
 * when the host assigns it again (the original created a new one each time).
 */
export class HostAgent extends Agent {
  readonly kind = 'HostAgent';
  readonly machine = HOST_MACHINE;
  readonly registry: AgentRegistry | undefined;
  readonly platform: string | undefined;
  /** Set by the action phase; consumed by ASSIGN. */
  pendingAssignment: Assignment | undefined;
  private readonly subAgents = new Map<string, Agent>();
  private active: Agent | undefined;
  private readonly createAppAgent: HostAgentOptions['createAppAgent'];
  private readonly thirdPartyProcessor: StepProcessor | undefined;

  constructor(options: HostAgentOptions) {
    super({ ...options, blackboard: options.blackboard ?? new Blackboard() });
    this.createAppAgent = options.createAppAgent;
    this.registry = options.registry;
    this.platform = options.platform;
    this.thirdPartyProcessor = options.thirdPartyProcessor;
  }

  override get activeSubAgent(): Agent | undefined {
    return this.active;
  }

  /** Sub-agents created so far, by key. */
  get subAgentNames(): string[] {
    return [...this.subAgents.values()].map((a) => a.name);
  }

  override dispatchTarget(_context: Context): DispatchTarget {
    return { agent: this.kind };
  }

  override async runAssign(context: Context): Promise<HandlerOutcome> {
    const assignment = this.pendingAssignment;
    this.pendingAssignment = undefined;
    try {
      if (!assignment) throw new AgentError('AGENT_ASSIGN_FAILED', 'ASSIGN without a selected window or agent');
      const key = assignment.kind === 'window' ? `app::${assignment.root}::${assignment.process}` : `agent::${assignment.agentName}`;
      let agent = this.subAgents.get(key);
      if (!agent) {
        agent = this.createSubAgent(assignment);
        this.subAgents.set(key, agent);
      }
      agent.reset();
      this.active = agent;
      return 'assigned';
    } catch (error) {
      this.status = 'ERROR';
      this.lastError = error;
      context.set('ROUND_RESULT', errorResult(error));
      this.logFailedStep(context, 'ASSIGN', error);
      this.warn(`HostAgent could not assign: ${(error as Error).message}`);
      return 'failed';
    }
  }

  private createSubAgent(assignment: Assignment): Agent {
    if (assignment.kind === 'window') {
      return this.createAppAgent({ host: this, root: assignment.root, process: assignment.process, blackboard: this.blackboard });
    }
    if (!this.registry) {
      throw new AgentError('AGENT_UNKNOWN', `No agent registry: cannot create agent "${assignment.agentName}"`);
    }
    const { model, dispatcher, interactor, events, logSink, clock } = this.services;
    return this.registry.create(assignment.agentName, {
      host: this,
      blackboard: this.blackboard,
      model,
      dispatcher,
      interactor,
      events,
      logSink,
      clock,
      ...(this.thirdPartyProcessor ? { processor: this.thirdPartyProcessor } : {}),
    });
  }
}
