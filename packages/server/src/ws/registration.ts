import { AIP_PROTOCOL_VERSION, checkProtocolVersion, type AipErrorCode, type RegisterMessage } from '@ufo-ts/aip';
import { errorMessage, type Clock } from '@ufo-ts/core';
import type { DeviceCredentialStore } from '../auth/device-credentials.js';
import type { ClientRegistry } from '../connections/client-registry.js';
import type { DeviceConnection } from '../connections/device-connection.js';
import type { DeviceHooks } from '../scale-out/scale-out.js';
import type { ServerEvent } from '../server-events.js';

/** Options of {@link Registration}. */
export interface RegistrationOptions {
  registry: ClientRegistry;
  /** Scale-out hooks (cluster mode): may refuse an id another node holds. */
  hooks?: DeviceHooks;
  /** Per-device credentials checked first. */
  credentials: DeviceCredentialStore;
  /** Refuse client ids that have no credential issued. */
  requireDeviceCredentials: boolean;
  /** Told to devices in the confirmation. */
  heartbeatIntervalMs: number;
  /** How long a probed holder of a taken id has to show it is alive. */
  duplicateProbeMs: number;
  /** The time connections and registrations are stamped and measured with. */
  clock: Clock;
  emit: (event: ServerEvent) => void;
  /** Sends an ERROR (and reports it). */
  refuse(connection: DeviceConnection, code: AipErrorCode, error: string, extra: { responseId?: string; fatal?: boolean }): void;
}

/**
 * The REGISTER of a connection: protocol version, client type and identity checked at once, then (waiting) the
 * device credential, the id on this node (a live holder is never replaced: it is probed, and only a silent one is
 * dropped) and the id across the cluster. While that runs the connection is `registering`.
 */
export class Registration {
  constructor(private readonly options: RegistrationOptions) {}

  /** Checks a REGISTER and, when every check passes, pins the identity and confirms; refuses otherwise. Never throws. */
  register(connection: DeviceConnection, message: RegisterMessage): void {
    const responseId = message.request_id ? { responseId: message.request_id } : {};
    const version = checkProtocolVersion(message.protocol_version);
    if (!version.ok) {
      this.options.refuse(connection, 'PROTOCOL_VERSION_MISMATCH', version.reason, { fatal: true, ...responseId });
      return;
    }
    if (message.client_type !== 'device') {
      this.options.refuse(connection, 'CLIENT_TYPE_UNSUPPORTED', `this server accepts "device" clients only, not "${message.client_type}"`, {
        fatal: true,
        ...responseId,
      });
      return;
    }
    if (message.device_info.device_id !== message.client_id || message.device_info.platform !== message.platform) {
      this.options.refuse(connection, 'IDENTITY_MISMATCH', 'device_info.device_id and device_info.platform must equal client_id and platform', {
        fatal: true,
        ...responseId,
      });
      return;
    }
    connection.registering = true;
    void this.admit(connection, message)
      .catch((error: unknown) => {
        this.options.refuse(connection, 'INTERNAL_ERROR', `the registration could not be checked: ${errorMessage(error)}`, { fatal: true, ...responseId });
      })
      .finally(() => {
        connection.registering = false;
      });
  }

  /**
   * The checks that may wait (credential store, cluster lease): the credential first, then the id on this node
   * (a live holder is never replaced: it is probed, and only a silent one is dropped), then the id across the
   * cluster (the lease is claimed only when free or expired).
   */
  private async admit(connection: DeviceConnection, message: RegisterMessage): Promise<void> {
    const responseId = message.request_id ? { responseId: message.request_id } : {};
    const clientId = message.client_id;
    const credential = await this.options.credentials.check(clientId, message.credential);
    if (credential === 'invalid' || credential === 'revoked' || (credential === 'none' && this.options.requireDeviceCredentials)) {
      const why =
        credential === 'revoked'
          ? 'its credential was revoked (an admin must issue a new one)'
          : credential === 'invalid'
            ? message.credential === undefined
              ? 'a credential is issued for this device and none was presented'
              : 'the credential does not match'
            : 'this server requires a device credential and none is issued for this id';
      this.options.refuse(connection, 'CREDENTIAL_INVALID', `device "${clientId}" refused: ${why}`, { fatal: true, ...responseId });
      return;
    }
    if (!connection.open) return;
    if (!this.options.registry.add(clientId, connection)) {
      // the holder may be the device's own dead connection; check it, so a retry can succeed soon
      this.options.registry.get(clientId)?.probe(this.options.duplicateProbeMs, (alive) => this.options.emit({ type: 'probe-ended', clientId, alive }));
      this.options.refuse(
        connection,
        'CLIENT_ID_IN_USE',
        `a device "${clientId}" is already connected (if that connection is dead it is dropped within ${this.options.duplicateProbeMs} ms; retry then)`,
        { fatal: true, ...responseId },
      );
      return;
    }
    const identity = { clientId, clientType: message.client_type, platform: message.platform };
    const admitted = this.options.hooks?.admit
      ? await this.options.hooks
          .admit(connection, identity)
          .catch((error: unknown) => ({ admitted: false as const, reason: `the cluster could not be asked: ${errorMessage(error)}` }))
      : { admitted: true as const };
    if (!admitted.admitted) {
      this.options.registry.remove(clientId, connection);
      this.options.refuse(connection, 'CLIENT_ID_IN_USE', `device "${clientId}" refused: ${admitted.reason}`, { fatal: true, ...responseId });
      return;
    }
    if (!connection.open) {
      // it left while the cluster was asked: give the id back at once
      this.options.registry.remove(clientId, connection);
      connection.identity = identity;
      this.options.hooks?.left(connection);
      return;
    }
    connection.identity = identity;
    connection.deviceInfo = message.device_info;
    connection.registeredAt = this.options.clock.now();
    connection.send({
      type: 'heartbeat',
      status: 'ok',
      ...(message.request_id ? { response_id: message.request_id } : {}),
      protocol_version: AIP_PROTOCOL_VERSION,
      heartbeat_interval_ms: this.options.heartbeatIntervalMs,
      timestamp: new Date(this.options.clock.now()).toISOString(),
    });
    this.options.emit({ type: 'client-registered', clientId, platform: message.platform, remote: connection.remote });
    this.options.hooks?.registered(connection);
  }
}
