export { AGENT_ERROR_CODES, AgentError, type AgentErrorCode } from './errors.js';
export { row, type HandlerOutcome, type NextTarget, type StateHandler, type StateRow, type StateTable } from './states/state-table.js';
export {
  APP_AGENT_TABLE,
  AppStatusSchema,
  FOLLOWER_APP_AGENT_TABLE,
  HOST_AGENT_TABLE,
  HostStatusSchema,
  LINUX_AGENT_TABLE,
  LinuxStatusSchema,
  type AppStatus,
  type HostStatus,
  type LinuxStatus,
} from './states/tables.js';
export {
  parseTarget,
  transition,
  validateStateTable,
  type RelatedTables,
  type TransitionInput,
  type TransitionScope,
  type TransitionTarget,
} from './states/transition.js';
export { StateMachine, TableState, type StateHost } from './states/state-machine.js';
export { Blackboard, type BlackboardImage, type BlackboardJSON } from './memory/blackboard.js';
export { StepMemory, type MemoryItem } from './memory/step-memory.js';
export {
  Agent,
  type AgentOptions,
  type AgentServices,
  type AgentSnapshot,
  type PendingConfirmation,
  type StepOutcome,
  type StepProcessor,
} from './agents/agent.js';
export { AppAgent, type AppAgentOptions } from './agents/app-agent.js';
export { HostAgent, type AppAgentSpec, type Assignment, type HostAgentOptions } from './agents/host-agent.js';
export { LinuxAgent } from './agents/linux-agent.js';
export { AgentRegistry, type AgentRegistration, type ThirdPartyAgentContext } from './agents/agent-registry.js';
