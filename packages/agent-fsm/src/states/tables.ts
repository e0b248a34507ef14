import { z } from 'zod';
import { row, type StateTable } from './state-table.js';

/** The statuses a HostAgent's reply may carry (its states). */
export const HostStatusSchema = z.enum(['CONTINUE', 'ASSIGN', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM', 'ERROR']);
/** A HostAgent status. */
export type HostStatus = z.infer<typeof HostStatusSchema>;
/** The statuses an AppAgent's reply may carry (its states). */
export const AppStatusSchema = z.enum(['CONTINUE', 'SCREENSHOT', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM', 'ERROR']);
/** An AppAgent status. */
export type AppStatus = z.infer<typeof AppStatusSchema>;
/** The statuses a LinuxAgent's reply may carry (its states). */
export const LinuxStatusSchema = z.enum(['CONTINUE', 'FINISH', 'FAIL', 'PENDING', 'CONFIRM', 'ERROR']);
/** A LinuxAgent status. */
export type LinuxStatus = z.infer<typeof LinuxStatusSchema>;

const END = { roundEnd: true };

/** HostAgent: plans, assigns subtasks to application agents, finishes the round. */
export const HOST_AGENT_TABLE: StateTable<HostStatus> = {
  //          handle      next                                                   agent   flags
  CONTINUE: row('process', 'status'),
  ASSIGN: row('assign', { assigned: 'sub:CONTINUE', failed: 'ERROR' }, 'sub'),
  PENDING: row('ask', 'CONTINUE'),
  CONFIRM: row('confirm', { approved: 'CONTINUE', rejected: 'CONTINUE' }),
  FINISH: row('none', 'FINISH', 'self', END),
  FAIL: row('none', 'FINISH', 'self', END),
  ERROR: row('none', 'FINISH', 'self', END),
};

/** AppAgent: acts inside one application until its subtask is finished, failed or rejected. */
export const APP_AGENT_TABLE: StateTable<AppStatus> = {
  CONTINUE: row('process', 'status'),
  SCREENSHOT: row('process', 'status'),
  PENDING: row('ask', 'CONTINUE'),
  CONFIRM: row('confirm', { approved: 'CONTINUE', rejected: 'FINISH' }),
  FINISH: row('archive', 'host:CONTINUE', 'host', { subtaskEnd: true }),
  FAIL: row('archive', 'host:CONTINUE', 'host', { subtaskEnd: true }),
  ERROR: row('none', 'host:ERROR', 'host', { roundEnd: true, subtaskEnd: true }),
};

/** AppAgent in follower mode: a finished plan step ends the round instead of going back to the host's planning. */
export const FOLLOWER_APP_AGENT_TABLE: StateTable<AppStatus> = {
  ...APP_AGENT_TABLE,
  FINISH: row('archive', 'host:FINISH', 'host', { subtaskEnd: true }),
};

/** LinuxAgent, single tier, with the same human-in-the-loop states as the others. */
export const LINUX_AGENT_TABLE: StateTable<LinuxStatus> = {
  CONTINUE: row('process', 'status'),
  PENDING: row('ask', 'CONTINUE'),
  CONFIRM: row('confirm', { approved: 'CONTINUE', rejected: 'CONTINUE' }),
  FINISH: row('none', 'FINISH', 'self', { roundEnd: true, subtaskEnd: true }),
  FAIL: row('none', 'FINISH', 'self', { roundEnd: true, subtaskEnd: true }),
  ERROR: row('none', 'FINISH', 'self', { roundEnd: true, subtaskEnd: true }),
};
