import type { ClusterAnswer, TaskFileMessage } from './messages.js';

/**
 * Names of everything the cluster keeps in Redis. Keys share the hash tag `{<prefix>}`, so on Redis Cluster they
 * live in one slot with BullMQ's queue (whose prefix is the same tag) and multi-key commands work. Channels carry
 * the device or node id as their own hash tag instead, so sharded pub/sub spreads them over the shards.
 */
export class ClusterKeys {
  /** The hash-tagged key prefix (`{ufo}`); BullMQ's queue prefix too. */
  readonly tagged: string;

  /** @param prefix bare prefix (default `ufo`); letters, digits, `-` and `_`. */
  constructor(readonly prefix = 'ufo') {
    this.tagged = `{${prefix}}`;
  }

  /** Presence lease of a device: JSON {@link DeviceLease}, expires unless its node renews it. */
  device(clientId: string): string {
    return `${this.tagged}:device:${clientId}`;
  }

  /** Sorted set of device ids by lease expiry (ms), for listing without SCAN. */
  get devices(): string {
    return `${this.tagged}:devices`;
  }

  /** Hash of device credentials: client id → SHA-256 of the credential bound to that id. */
  get credentials(): string {
    return `${this.tagged}:device-credentials`;
  }

  /** Hash of revoked device credentials: client id → when it was revoked (ms); cleared when one is issued again. */
  get revokedCredentials(): string {
    return `${this.tagged}:revoked-credentials`;
  }

  /** The task a device is busy with (set while its task is queued or runs). */
  busy(clientId: string): string {
    return `${this.tagged}:busy:${clientId}`;
  }

  /** Session id → task name. */
  session(sessionId: string): string {
    return `${this.tagged}:session:${sessionId}`;
  }

  /** List of a session's action-journal entries (JSON), read by whichever worker resumes the session. */
  journal(sessionId: string): string {
    return `${this.tagged}:journal:${sessionId}`;
  }

  /** Hash of the action cache: cache key → JSON cached run (see `RedisActionCacheStore`). */
  get actionCache(): string {
    return `${this.tagged}:action-cache`;
  }

  /** Hash of an API key's spend across the cluster (`cost_usd`, `steps`), shared by every node's budget checks. */
  spend(keyId: string): string {
    return `${this.tagged}:spend:${keyId}`;
  }

  /** Hash of one session's own spend (`cost_usd`, `steps`), read by whichever worker resumes it. */
  sessionSpend(sessionId: string): string {
    return `${this.tagged}:session-spend:${sessionId}`;
  }

  /**
   * The answer taken for a waiting session's pending id (JSON {@link ClusterAnswer}), written once with `SET NX`:
   * of concurrent answers (and the deadline's default decision) exactly one is recorded.
   */
  answer(sessionId: string, pendingId: string): string {
    return `${this.tagged}:answer:${sessionId}:${pendingId}`;
  }

  /** Set while a cancel of the session is pending (a worker that starts or resumes it stops at once). */
  cancel(sessionId: string): string {
    return `${this.tagged}:cancel:${sessionId}`;
  }

  /** Sharded channel of a device: routed commands and messages for it; its holding node subscribes. */
  deviceChannel(clientId: string): string {
    return `${this.prefix}:dev:{${clientId}}`;
  }

  /** Sharded channel of a node: replies to the commands its sessions sent. */
  nodeChannel(nodeId: string): string {
    return `${this.prefix}:node:{${nodeId}}`;
  }

  /**
   * Sharded channel of a node's task files: requests for a file of a task the node ran, and the answers to the
   * requests it sent ({@link TaskFileMessage}).
   */
  taskFilesChannel(nodeId: string): string {
    return `${this.prefix}:files:{${nodeId}}`;
  }

  /** Classic pub/sub channel every node listens on for cancel requests. */
  get cancelChannel(): string {
    return `${this.tagged}:cancels`;
  }

  /** Classic pub/sub channel every node listens on for revoked device credentials (the client id). */
  get credentialRevokedChannel(): string {
    return `${this.tagged}:credential-revoked`;
  }

  /** Redis stream of the live event stream's records (every node appends and reads). */
  get events(): string {
    return `${this.tagged}:events`;
  }
}

/** BullMQ job ids may not contain `:`; a task name may. */
export function jobIdFor(taskName: string): string {
  return `t.${Buffer.from(taskName, 'utf8').toString('base64url')}`;
}
