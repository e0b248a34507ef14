import type { UfoConfig } from '@ufo-ts/config';

/** What a session command is about to run, as far as it decides which tool servers are needed first. */
export type SessionStart =
  | { platform: 'linux' | 'windows'; mode: 'normal' | 'follower' | 'operator' | 'batch' }
  /** A checkpointed session: its kind (`host`, `linux`, `follower`, `operator`) and the agent it stopped in. */
  | { checkpointKind: string; agent?: string | undefined };

/**
 * The agent kinds whose tool servers a session uses first (the routes `startToolServers` warms up): the HostAgent
 * of two-tier and follower sessions, the LinuxAgent of a Linux session, the operator's configured agent kind, and
 * for a resumed session the agent it stopped in. A batch warms what its plain request files start (a plan file
 * starts a HostAgent). Only a warm-up depends on this: a wrong guess costs start-up time, never behaviour.
 */
export function entryAgents(start: SessionStart, config: UfoConfig): string[] {
  if ('checkpointKind' in start) {
    const byKind = start.checkpointKind === 'linux' ? 'LinuxAgent' : start.checkpointKind === 'operator' ? config.operator.agentKind : 'HostAgent';
    return start.agent && start.agent !== byKind ? [start.agent, byKind] : [byKind];
  }
  switch (start.mode) {
    case 'operator':
      return [config.operator.agentKind];
    case 'follower':
      return ['HostAgent'];
    case 'batch':
    case 'normal':
      return [start.platform === 'linux' ? 'LinuxAgent' : 'HostAgent'];
  }
}
