import { systemClock, type Clock } from '@ufo-ts/core';
import type { RedisClient } from '../redis/redis-connections.js';
import type { ClusterKeys } from '../keys.js';
import { DeviceLeaseSchema, parseJson, type DeviceLease } from '../messages.js';

/** Options of {@link DevicePresence}. */
export interface DevicePresenceOptions {
  redis: RedisClient;
  keys: ClusterKeys;
  /** How long a lease lives without renewal, in ms. */
  leaseMs: number;
  /** The time leases expire on (default `systemClock`). */
  clock?: Clock;
}

/** What renewing a lease found. */
export type RenewOutcome = 'renewed' | 'taken' | 'missing';

/** What claiming a lease found: claimed (it was free, expired, or already this connection's), or held by another. */
export type ClaimOutcome = { claimed: true } | { claimed: false; holder: DeviceLease | undefined };

// KEYS[1] lease key, KEYS[2] device set; ARGV[1] lease JSON, ARGV[2] connection id, ARGV[3] lease ms, ARGV[4] expiry (ms),
// ARGV[5] client id. Claims only a free (or expired: the key is gone) lease, or one this connection already holds.
const CLAIM = `
local value = redis.call('GET', KEYS[1])
if value and cjson.decode(value).connectionId ~= ARGV[2] then return value end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
return false`;

// KEYS[1] lease key, KEYS[2] device set; ARGV[1] connection id, ARGV[2] lease ms, ARGV[3] expiry (ms), ARGV[4] client id
const RENEW = `
local value = redis.call('GET', KEYS[1])
if not value then return 'missing' end
if cjson.decode(value).connectionId ~= ARGV[1] then return 'taken' end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
return 'renewed'`;

// KEYS[1] lease key, KEYS[2] device set; ARGV[1] connection id, ARGV[2] client id
const RELEASE = `
local value = redis.call('GET', KEYS[1])
if value and cjson.decode(value).connectionId == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[2])
  return 1
end
return 0`;

/**
 * Device presence in Redis: the node holding a device's WebSocket keeps a lease key `device → node` (with the
 * connection's id) that expires unless renewed, so a dead node's devices vanish within one lease. The lease is
 * claimed atomically and only when free or expired: a live holder is never replaced by another connection (a
 * reconnecting device waits until its old connection is dropped or its lease expires). Renewing or releasing
 * touches it only while it still names the same connection. A sorted set of ids by expiry lists the devices without SCAN.
 */
export class DevicePresence {
  private readonly clock: Clock;

  constructor(private readonly options: DevicePresenceOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * Claims the lease of a device for a connection, atomically: only when no other connection holds it (free or
   * expired), or when this connection already does.
   */
  async claim(clientId: string, lease: DeviceLease): Promise<ClaimOutcome> {
    const { redis, keys, leaseMs } = this.options;
    const held = (await redis.eval(
      CLAIM,
      2,
      keys.device(clientId),
      keys.devices,
      JSON.stringify(lease),
      lease.connectionId,
      leaseMs,
      this.clock.now() + leaseMs,
      clientId,
    )) as string | null;
    if (held === null) return { claimed: true };
    try {
      return { claimed: false, holder: parseJson(DeviceLeaseSchema, held, `the lease of device ${clientId}`) };
    } catch {
      return { claimed: false, holder: undefined };
    }
  }

  /** Extends the lease while it still belongs to `connectionId`. */
  async renew(clientId: string, connectionId: string): Promise<RenewOutcome> {
    const { redis, keys, leaseMs } = this.options;
    const outcome = await redis.eval(RENEW, 2, keys.device(clientId), keys.devices, connectionId, leaseMs, this.clock.now() + leaseMs, clientId);
    return outcome as RenewOutcome;
  }

  /** Drops the lease if it still belongs to `connectionId`; true when it did. */
  async release(clientId: string, connectionId: string): Promise<boolean> {
    const { redis, keys } = this.options;
    return Number(await redis.eval(RELEASE, 2, keys.device(clientId), keys.devices, connectionId, clientId)) === 1;
  }

  /** The lease of a device, or undefined when no node holds it. */
  async lookup(clientId: string): Promise<DeviceLease | undefined> {
    const text = await this.options.redis.get(this.options.keys.device(clientId));
    return text === null ? undefined : parseJson(DeviceLeaseSchema, text, `the lease of device ${clientId}`);
  }

  /** Every device with a live lease, by id, with when its lease was last renewed (ms). */
  async list(): Promise<Array<{ clientId: string; lease: DeviceLease; renewedAt: number }>> {
    const { redis, keys, leaseMs } = this.options;
    const now = this.clock.now();
    await redis.zremrangebyscore(keys.devices, '-inf', now);
    const flat = await redis.zrangebyscore(keys.devices, now, '+inf', 'WITHSCORES');
    const ids: string[] = [];
    const expiries: number[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      ids.push(flat[i]!);
      expiries.push(Number(flat[i + 1]));
    }
    if (ids.length === 0) return [];
    const values = await redis.mget(ids.map((id) => keys.device(id)));
    return ids.flatMap((clientId, index) => {
      const text = values[index];
      if (text === null || text === undefined) return [];
      try {
        return [{ clientId, lease: parseJson(DeviceLeaseSchema, text, `the lease of device ${clientId}`), renewedAt: expiries[index]! - leaseMs }];
      } catch {
        return [];
      }
    });
  }
}
