import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What checking a device's credential found. */
export type CredentialCheck =
  /** The client id has a credential and the presented one matches it. */
  | 'valid'
  /** The client id has a credential and the presented one is missing or wrong. */
  | 'invalid'
  /** No credential was issued for this client id. */
  | 'none'
  /** The client id's credential was revoked and none was issued since: refused whatever the server requires. */
  | 'revoked';

/**
 * Per-device credentials: a random token bound to one `client_id`, issued and revoked through the API, stored only
 * as its SHA-256 hash. The server checks it at registration, so the shared API key alone cannot register as a
 * device that has one. Implementations: {@link MemoryDeviceCredentialStore} (one process), a Redis store in
 * cluster mode (shared by every node).
 */
export interface DeviceCredentialStore {
  /**
   * Issues a new credential for `clientId` (replacing any previous one, and lifting a revocation) and returns it;
   * it is never shown again.
   */
  issue(clientId: string): Promise<string>;
  /**
   * Revokes the credential of `clientId` and remembers the revocation, so the id never registers again (with or
   * without a credential) until a new credential is issued; false when there was none.
   */
  revoke(clientId: string): Promise<boolean>;
  /** Checks a presented credential. */
  check(clientId: string, presented: string | undefined): Promise<CredentialCheck>;
}

/** A fresh device credential: `ufo_dev_` and 32 random bytes (base64url). */
export function generateDeviceCredential(): string {
  return `ufo_dev_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a credential: the hex SHA-256 of the client id and the token (bound to that id). */
export function hashDeviceCredential(clientId: string, credential: string): string {
  return createHash('sha256').update(clientId, 'utf8').update('\u0000').update(credential, 'utf8').digest('hex');
}

/**
 * Compares a presented credential with a stored hash in constant time; `revoked` (no hash, the id's credential was
 * revoked) wins over `none`.
 * @example
 * credentialMatches('kiosk', undefined, undefined, true); // 'revoked'
 */
export function credentialMatches(clientId: string, presented: string | undefined, storedHash: string | undefined, revoked = false): CredentialCheck {
  if (storedHash === undefined) return revoked ? 'revoked' : 'none';
  if (presented === undefined) return 'invalid';
  const a = Buffer.from(hashDeviceCredential(clientId, presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'valid' : 'invalid';
}

/** Device credentials kept in this process (lost on restart: issue them again, or use the cluster's Redis store). */
export class MemoryDeviceCredentialStore implements DeviceCredentialStore {
  private readonly hashes = new Map<string, string>();
  /** Client ids whose credential was revoked and not issued again. */
  private readonly revoked = new Set<string>();

  async issue(clientId: string): Promise<string> {
    const credential = generateDeviceCredential();
    this.hashes.set(clientId, hashDeviceCredential(clientId, credential));
    this.revoked.delete(clientId);
    return credential;
  }

  async revoke(clientId: string): Promise<boolean> {
    const had = this.hashes.delete(clientId);
    if (had) this.revoked.add(clientId);
    return had;
  }

  async check(clientId: string, presented: string | undefined): Promise<CredentialCheck> {
    return credentialMatches(clientId, presented, this.hashes.get(clientId), this.revoked.has(clientId));
  }
}
