import { randomUUID } from 'node:crypto';
import { PROTOCOL_DEFAULTS, type CommandResultsMessage } from '@ufo-ts/aip';
import { errorMessage, systemClock, type Clock } from '@ufo-ts/core';
import { BoundedMap } from '@ufo-ts/core/internal';
import {
  scaleOutEvent,
  type AdmitOutcome,
  type DeviceConnection,
  type DeviceHooks,
  type PinnedIdentity,
  type ScaleOutEventDetail,
  type ScaleOutEventName,
  type ServerEvent,
} from '@ufo-ts/server';
import type { ClusterKeys } from '../keys.js';
import { DeviceEnvelopeSchema, parseJson, type DeviceEnvelope, type NodeReply } from '../messages.js';
import type { DevicePresence } from '../presence/device-presence.js';
import type { MessageBus } from '../redis/message-bus.js';

/** Options of {@link DeviceRelay}. */
export interface DeviceRelayOptions {
  nodeId: string;
  keys: ClusterKeys;
  bus: MessageBus;
  presence: DevicePresence;
  /** Lease renewal period, in ms (a third of the lease is a good value). */
  renewEveryMs: number;
  /** How long a probed holder has to show it is alive (default 2 000 ms, like the server's `duplicateProbeMs`). */
  probeMs?: number;
  /** How many forwarded command ids are remembered to route their results back (default 10 000). */
  rememberCommands?: number;
  /** Receives the server events the relay produces. */
  emit: (event: ServerEvent) => void;
  /** The time a lease's `connectedAt` is stamped with when the connection has no registration time yet (default `systemClock`). */
  clock?: Clock;
}

interface Held {
  connection: DeviceConnection;
  connectionId: string;
}

/**
 * The holding node's side of command routing and presence. For every device connected to this node it holds the
 * presence lease (renewed on a timer) and subscribes to the device's sharded channel; routed commands and
 * messages arriving there go down the WebSocket, and the device's COMMAND_RESULTS are published to the reply
 * channel the command named. A device id is admitted only when its lease can be claimed (free or expired): a
 * registration of the same id on another node while this one holds it live is refused there, never a takeover.
 * A connection whose lease was lost anyway (this node stalled past the lease and another claimed it) is closed.
 */
export class DeviceRelay implements DeviceHooks {
  private readonly held = new Map<string, Held>();
  /** `session \0 command id` → reply channel. */
  private readonly replyTo: BoundedMap<string, string>;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: DeviceRelayOptions) {
    this.replyTo = new BoundedMap(options.rememberCommands ?? 10_000);
  }

  /** Starts renewing the leases. */
  start(): void {
    this.timer ??= setInterval(() => void this.renewAll(), this.options.renewEveryMs);
    this.timer.unref();
  }

  /** Stops renewing and releases every lease this node holds. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const held = [...this.held.entries()];
    this.held.clear();
    await Promise.allSettled(held.map(([clientId, entry]) => this.options.presence.release(clientId, entry.connectionId)));
  }

  /** Devices connected to this node. */
  get size(): number {
    return this.held.size;
  }

  async admit(connection: DeviceConnection, identity: PinnedIdentity): Promise<AdmitOutcome> {
    const clientId = identity.clientId;
    const entry: Held = { connection, connectionId: randomUUID() };
    const outcome = await this.options.presence.claim(clientId, this.leaseOf(entry, identity));
    if (!outcome.claimed) {
      this.report('claim-refused', { clientId, holder: outcome.holder?.nodeId });
      // the holder may be the device's own half-open connection: its node probes it (a live one is kept)
      const probe: DeviceEnvelope = { kind: 'probe', nodeId: this.options.nodeId };
      void this.options.bus.publish(this.options.keys.deviceChannel(clientId), JSON.stringify(probe)).catch(() => undefined);
      return {
        admitted: false,
        reason: `a connection on node ${outcome.holder?.nodeId ?? '(unknown)'} holds this device id; it is probed and dropped if dead: retry then`,
      };
    }
    this.held.set(clientId, entry);
    try {
      await this.options.bus.subscribe(this.options.keys.deviceChannel(clientId), (text) => this.onEnvelope(clientId, text));
    } catch (error) {
      // the registration is refused: give the id back rather than renew a lease nobody uses
      if (this.held.get(clientId) === entry) this.held.delete(clientId);
      await this.options.presence.release(clientId, entry.connectionId).catch(() => undefined);
      throw error;
    }
    this.report('device-claimed', { clientId });
    return { admitted: true };
  }

  registered(connection: DeviceConnection): void {
    const identity = connection.identity!;
    if (this.held.get(identity.clientId)?.connection === connection) return;
    // registered without admit (a server that does not call it): claim now, closing the connection when refused
    void this.admit(connection, identity)
      .then((outcome) => {
        if (!outcome.admitted) connection.close(4001, 'device id held by another live connection');
      })
      .catch((error: unknown) => this.report('claim-failed', { clientId: identity.clientId, error: errorMessage(error) }));
  }

  left(connection: DeviceConnection): void {
    const clientId = connection.identity?.clientId;
    if (clientId === undefined) return;
    const entry = this.held.get(clientId);
    if (entry?.connection !== connection) return;
    this.held.delete(clientId);
    const { bus, keys, presence } = this.options;
    void Promise.all([bus.unsubscribe(keys.deviceChannel(clientId)), presence.release(clientId, entry.connectionId)]).catch((error: unknown) =>
      this.report('release-failed', { clientId, error: errorMessage(error) }),
    );
  }

  results(connection: DeviceConnection, message: CommandResultsMessage): boolean {
    const channel = this.replyTo.get(`${message.session_id}\u0000${message.prev_response_id}`);
    if (channel === undefined || this.held.get(connection.identity!.clientId)?.connection !== connection) return false;
    const reply: NodeReply = { kind: 'results', via: this.options.nodeId, message };
    void this.options.bus.publish(channel, JSON.stringify(reply)).catch((error: unknown) => this.report('reply-failed', { error: errorMessage(error) }));
    return true;
  }

  private leaseOf(entry: Held, identity: PinnedIdentity) {
    return {
      nodeId: this.options.nodeId,
      connectionId: entry.connectionId,
      clientType: identity.clientType,
      platform: identity.platform,
      connectedAt: new Date(entry.connection.registeredAt ?? (this.options.clock ?? systemClock).now()).toISOString(),
      deviceInfo: entry.connection.deviceInfo,
    };
  }

  /** Claims the lease again after it vanished (Redis restarted without it); closes the connection when another holds it. */
  private async reclaim(clientId: string, entry: Held): Promise<void> {
    const identity = entry.connection.identity;
    if (!identity) return;
    const outcome = await this.options.presence.claim(clientId, this.leaseOf(entry, identity));
    if (!outcome.claimed) this.lost(clientId, entry, outcome.holder?.nodeId ?? 'unknown');
  }

  private onEnvelope(clientId: string, text: string): void {
    const entry = this.held.get(clientId);
    if (!entry) return;
    const envelope = parseJson(DeviceEnvelopeSchema, text, `a message for device ${clientId}`);
    switch (envelope.kind) {
      case 'takeover':
        // older nodes announced takeovers; a live holder is never replaced, so this is only reported
        if (envelope.connectionId !== entry.connectionId) this.report('takeover-ignored', { clientId, byNode: envelope.nodeId });
        return;
      case 'probe':
        entry.connection.probe(this.options.probeMs ?? PROTOCOL_DEFAULTS.duplicateProbeMs, (alive) =>
          this.report('probe-ended', { clientId, alive, byNode: envelope.nodeId }),
        );
        return;
      case 'command':
        this.replyTo.set(`${envelope.message.session_id}\u0000${envelope.message.response_id}`, envelope.replyTo);
        this.forward(entry, envelope.message);
        return;
      case 'deliver':
        this.forward(entry, envelope.message);
        return;
    }
  }

  private forward(entry: Held, message: Extract<DeviceEnvelope, { kind: 'deliver' }>['message']): void {
    try {
      entry.connection.send(message);
    } catch (error) {
      // the connection is going away; the sender resends once the device is back (or fails as offline)
      this.report('forward-failed', { clientId: entry.connection.deviceId, error: errorMessage(error) });
    }
  }

  /** The lease expired while this node held the connection and another connection claimed it: this one closes. */
  private lost(clientId: string, entry: Held, byNode: string): void {
    this.held.delete(clientId);
    void this.options.bus.unsubscribe(this.options.keys.deviceChannel(clientId)).catch(() => undefined);
    this.report('device-lease-lost', { clientId, byNode });
    entry.connection.close(4001, 'the presence lease of this device expired and another connection holds it');
  }

  private async renewAll(): Promise<void> {
    for (const [clientId, entry] of [...this.held]) {
      try {
        const outcome = await this.options.presence.renew(clientId, entry.connectionId);
        if (outcome === 'taken') this.lost(clientId, entry, 'unknown');
        // the lease vanished (Redis restarted without it): claim it again
        else if (outcome === 'missing' && this.held.get(clientId) === entry) await this.reclaim(clientId, entry);
      } catch (error) {
        this.report('renew-failed', { clientId, error: errorMessage(error) });
      }
    }
  }

  private report<N extends ScaleOutEventName>(name: N, detail: ScaleOutEventDetail<N>): void {
    this.options.emit(scaleOutEvent(this.options.nodeId, name, detail));
  }
}
