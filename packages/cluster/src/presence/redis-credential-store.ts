import { systemClock, type Clock } from '@ufo-ts/core';
import type { CredentialCheck, DeviceCredentialStore } from '@ufo-ts/server';
import { credentialMatches, generateDeviceCredential, hashDeviceCredential } from '@ufo-ts/server/internal';
import type { RedisClient } from '../redis/redis-connections.js';
import type { ClusterKeys } from '../keys.js';

/** Options of {@link RedisDeviceCredentialStore}. */
export interface RedisDeviceCredentialStoreOptions {
  redis: RedisClient;
  keys: ClusterKeys;
  /** Tells every node that a client id's credential was revoked (so the node holding the device disconnects it). */
  announceRevoked?: (clientId: string) => Promise<unknown>;
  /** The time revocations are recorded with (default `systemClock`). */
  clock?: Clock;
}

/** Removes a credential's hash and records its revocation (ms), atomically; 1 when there was a credential. */
const REVOKE = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  return 1
end
return 0`;

/**
 * Device credentials in Redis, shared by every node: one hash field per client id holding the SHA-256 of its
 * credential (never the credential itself). A credential issued through any node's API works on all of them, and a
 * revocation through any node is recorded (a second hash: client id → when) and announced to all of them; a revoked
 * id never registers again until a new credential is issued.
 */
export class RedisDeviceCredentialStore implements DeviceCredentialStore {
  constructor(private readonly options: RedisDeviceCredentialStoreOptions) {}

  async issue(clientId: string): Promise<string> {
    const credential = generateDeviceCredential();
    const { keys } = this.options;
    const replies =
      (await this.options.redis
        .multi()
        .hset(keys.credentials, clientId, hashDeviceCredential(clientId, credential))
        .hdel(keys.revokedCredentials, clientId)
        .exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    return credential;
  }

  async revoke(clientId: string): Promise<boolean> {
    const { keys } = this.options;
    // one script: the credential is removed and its revocation recorded together, so no node sees neither
    const revoked =
      Number(
        await this.options.redis.eval(REVOKE, 2, keys.credentials, keys.revokedCredentials, clientId, String((this.options.clock ?? systemClock).now())),
      ) === 1;
    if (revoked) await this.options.announceRevoked?.(clientId);
    return revoked;
  }

  async check(clientId: string, presented: string | undefined): Promise<CredentialCheck> {
    const { keys } = this.options;
    const replies = (await this.options.redis.multi().hget(keys.credentials, clientId).hget(keys.revokedCredentials, clientId).exec()) ?? [];
    const [stored, revokedAt] = replies.map(([error, value]) => {
      if (error) throw error;
      return typeof value === 'string' ? value : undefined;
    });
    return credentialMatches(clientId, presented, stored, revokedAt !== undefined);
  }
}
