import type { ChatModel } from '@ufo-ts/core';
import type { SessionCheckpoint } from '@ufo-ts/sessions';

/** What a cluster model factory is told about the task it serves. */
export interface ClusterTaskContext {
  sessionId: string;
  taskName: string;
  request: string;
  clientId: string;
  platform: string;
  /** `api` or `device:<client id>`. */
  owner: string;
  /** The node whose worker runs the session. */
  nodeId: string;
  /** The checkpoint the session continues from, when a worker picked it up after another one stopped. */
  resumeFrom?: SessionCheckpoint;
}

/** Creates the model of one session run (called again, with `resumeFrom`, when another worker resumes it). */
export type ClusterModelFactory = (task: ClusterTaskContext) => ChatModel | Promise<ChatModel>;
