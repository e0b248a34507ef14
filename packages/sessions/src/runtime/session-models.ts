import type { ChatModel } from '@ufo-ts/core';
import { SessionError } from '../errors.js';

/** Agent roles that get a model (the names `@ufo-ts/llm-providers`' `createAgentModels` returns, plus OPERATOR). */
export type SessionModelRole = 'HOST_AGENT' | 'APP_AGENT' | 'LINUX_AGENT' | 'OPERATOR' | 'EVALUATION_AGENT' | 'BACKUP';

/** The models of a session by role; `createAgentModels(config)` output fits as is. */
export type SessionModels = Partial<Record<SessionModelRole, ChatModel>>;

const BORROWS: Record<Exclude<SessionModelRole, 'BACKUP'>, SessionModelRole[]> = {
  HOST_AGENT: ['APP_AGENT', 'LINUX_AGENT'],
  APP_AGENT: ['HOST_AGENT'],
  LINUX_AGENT: ['HOST_AGENT', 'APP_AGENT'],
  OPERATOR: ['APP_AGENT', 'HOST_AGENT', 'LINUX_AGENT'],
  EVALUATION_AGENT: ['APP_AGENT', 'HOST_AGENT', 'LINUX_AGENT'],
};

/** The model of a role, borrowing another role's as UFO does; throws `SESSION_OPTIONS_INVALID` when none is set. */
export function modelFor(models: SessionModels, role: Exclude<SessionModelRole, 'BACKUP'>): ChatModel {
  const found = [role, ...BORROWS[role]].map((r) => models[r]).find(Boolean);
  if (!found) {
    throw new SessionError('SESSION_OPTIONS_INVALID', `No model for ${role}: configure ${[role, ...BORROWS[role]].join(' or ')}`);
  }
  return found;
}
