import { StateMachine } from '../states/state-machine.js';
import { LINUX_AGENT_TABLE } from '../states/tables.js';
import { Agent, type AgentOptions } from './agent.js';

const LINUX_MACHINE = new StateMachine('LinuxAgent', LINUX_AGENT_TABLE);

/** The single-tier Linux agent: sees the desktop and acts on it (GUI and shell tools) until FINISH or FAIL. */
export class LinuxAgent extends Agent {
  readonly kind = 'LinuxAgent';
  readonly machine = LINUX_MACHINE;

  constructor(options: AgentOptions) {
    super(options);
  }
}
