import { AppAgent, Blackboard, HostAgent, type Agent, type BlackboardJSON, type MemoryItem } from '@ufo-ts/agent-fsm';
import type { AgentCheckpoint, SessionCheckpoint } from './checkpoint-schema.js';

/** The state of one agent for a checkpoint; `state` overrides the agent's (the transition's target). */
export function captureAgent(agent: Agent, role: AgentCheckpoint['role'], state?: string): AgentCheckpoint {
  const snapshot = agent.toJSON();
  const out: AgentCheckpoint = {
    name: snapshot.name,
    kind: snapshot.kind,
    role,
    state: state ?? snapshot.state,
    status: snapshot.status,
    memory: snapshot.memory as Array<Record<string, unknown>>,
    pendingQuestions: snapshot.pendingQuestions,
    lastOutcome: agent.lastOutcome,
    steps: agent.steps,
  };
  if (snapshot.pendingConfirmation) out.pendingConfirmation = snapshot.pendingConfirmation;
  if (agent.lastResult !== undefined) out.lastResult = structuredClone(agent.lastResult);
  if (role === 'sub')
    out.assignment =
      agent instanceof AppAgent && agent.kind === 'AppAgent'
        ? { kind: 'window', root: agent.appRoot, process: agent.processName }
        : { kind: 'third_party_agent', agentName: agent.kind };
  if (agent instanceof HostAgent && agent.pendingAssignment) out.pendingAssignment = structuredClone(agent.pendingAssignment);
  return out;
}

/** Puts an agent back into a checkpointed state: state, status, memory, pending question/confirmation, outcome. */
export function applyAgentCheckpoint(agent: Agent, checkpoint: AgentCheckpoint): void {
  agent.setState(agent.machine.state(checkpoint.state));
  agent.setStatus(checkpoint.status);
  agent.memory.clear();
  for (const item of checkpoint.memory) agent.memory.add(item as MemoryItem);
  agent.pendingQuestions = [...checkpoint.pendingQuestions];
  agent.pendingConfirmation = checkpoint.pendingConfirmation ? structuredClone(checkpoint.pendingConfirmation) : undefined;
  agent.lastOutcome = checkpoint.lastOutcome;
  agent.lastResult = checkpoint.lastResult;
  agent.steps = checkpoint.steps;
  if (agent instanceof HostAgent) agent.pendingAssignment = checkpoint.pendingAssignment ? structuredClone(checkpoint.pendingAssignment) : undefined;
}

/** Replaces a (shared) blackboard's content in place, so every agent holding it sees the restored memory. */
export function restoreBlackboard(board: Blackboard, json: SessionCheckpoint['blackboard']): void {
  const restored = Blackboard.fromJSON(json as BlackboardJSON);
  board.questions = restored.questions;
  board.requests = restored.requests;
  board.trajectories = restored.trajectories;
  board.images = restored.images;
}
