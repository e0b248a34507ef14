import { AgentError } from '../errors.js';
import type { Agent, AgentServices, StepProcessor } from './agent.js';
import type { Blackboard } from '../memory/blackboard.js';

/** What a registered agent's factory receives when the HostAgent picks it. */
export interface ThirdPartyAgentContext extends AgentServices {
  /** The registered name. */
  name: string;
  host: Agent;
  blackboard: Blackboard;
  /** The processor the host was configured with for this agent, if any. */
  processor?: StepProcessor;
}

/** A third-party agent's registration. */
export interface AgentRegistration {
  /** Shown to the HostAgent's model as what this agent can do. */
  description: string;
  /** Builds the agent; it must hand control back to `host` (extend AppAgent with `kind: name`). */
  factory: (context: ThirdPartyAgentContext) => Agent;
  /** Platforms it works on (default: all); the host only offers agents for its platform. */
  platforms?: string[];
}

/**
 * Third-party agents by name (no global registry as in the original): created per session and passed to the
 * HostAgent, which offers them to its model like applications.
 */
export class AgentRegistry {
  private readonly entries = new Map<string, AgentRegistration>();

  /**
   * Registers an agent under `name` (replacing one of the same name); throws `AGENT_MISCONFIGURED` without a name or a factory.
   * Returns the registry, so calls chain.
   */
  register(name: string, registration: AgentRegistration): this {
    if (!name.trim()) throw new AgentError('AGENT_MISCONFIGURED', 'An agent needs a non-empty name');
    if (typeof registration?.factory !== 'function') {
      throw new AgentError('AGENT_MISCONFIGURED', `Agent "${name}" was registered without a factory function`);
    }
    this.entries.set(name, registration);
    return this;
  }

  /** Whether an agent is registered under `name`. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Registered agents available on a platform. */
  list(platform?: string): Array<{ name: string; description: string }> {
    return [...this.entries]
      .filter(([, r]) => !platform || !r.platforms || r.platforms.includes(platform))
      .map(([name, r]) => ({ name, description: r.description }));
  }

  /** Creates a registered agent; unknown names and failing factories are {@link AgentError}s. */
  create(name: string, context: Omit<ThirdPartyAgentContext, 'name'>): Agent {
    const registration = this.entries.get(name);
    if (!registration) {
      throw new AgentError('AGENT_UNKNOWN', `No agent named "${name}" is registered (registered: ${[...this.entries.keys()].join(', ') || 'none'})`);
    }
    let agent: Agent;
    try {
      agent = registration.factory({ ...context, name });
    } catch (error) {
      throw new AgentError('AGENT_MISCONFIGURED', `Agent "${name}" could not be created: ${String(error)}`, {
        cause: error,
      });
    }
    if (!agent || typeof agent.handle !== 'function' || agent.hostAgent !== context.host) {
      throw new AgentError('AGENT_MISCONFIGURED', `Agent "${name}"'s factory must return an agent whose host is the HostAgent that created it`);
    }
    return agent;
  }
}
