import { credentialMatches, generateDeviceCredential, hashDeviceCredential, type CredentialCheck, type DeviceCredentialStore } from '@ufo-ts/server';
import type { RedisClient } from '../redis/redis-connections.js';
import type { ClusterKeys } from '../keys.js';

/** Options of {@link RedisDeviceCredentialStore}. */
export interface RedisDeviceCredentialStoreOptions {
  redis: RedisClient;
  keys: ClusterKeys;
  /** Tells every node that a client id's credential was revoked (so the node holding the device disconnects it). */
  announceRevoked?: (clientId: string) => Promise<unknown>;
}

/**
 * Device credentials in Redis, shared by every node: one hash field per client id holding the SHA-256 of its
 * credential (never the credential itself). A credential issued through any node's API works on all of them, and a
 * revocation through any node is announced to all of them.
 */
export class RedisDeviceCredentialStore implements DeviceCredentialStore {
  constructor(private readonly options: RedisDeviceCredentialStoreOptions) {}

  async issue(clientId: string): Promise<string> {
    const credential = generateDeviceCredential();
    await this.options.redis.hset(this.options.keys.credentials, clientId, hashDeviceCredential(clientId, credential));
    return credential;
  }

  async revoke(clientId: string): Promise<boolean> {
    const revoked = (await this.options.redis.hdel(this.options.keys.credentials, clientId)) > 0;
    if (revoked) await this.options.announceRevoked?.(clientId);
    return revoked;
  }

  async check(clientId: string, presented: string | undefined): Promise<CredentialCheck> {
    const stored = await this.options.redis.hget(this.options.keys.credentials, clientId);
    return credentialMatches(clientId, presented, stored ?? undefined);
  }
}
