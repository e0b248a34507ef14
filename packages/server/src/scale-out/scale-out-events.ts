import type { TaskRecordStatus } from '../sessions/task-record.js';

/** What routing one command of a cluster session reports; a worker reports each as the scale-out event `command-<type>`. */
export type RoutedDispatcherEvent =
  | { type: 'device-offline'; clientId: string; commandId: string; offlineMs: number }
  | { type: 'resend'; clientId: string; commandId: string; attempt: number }
  | { type: 'failed'; clientId: string; commandId: string; code: 'DEVICE_OFFLINE' | 'COMMAND_TIMEOUT' | 'COMMAND_ABORTED' };

/** The scale-out event `command-<type>` of each {@link RoutedDispatcherEvent}: the dispatcher's event with its task. */
export type CommandScaleOutEvent = {
  [T in RoutedDispatcherEvent['type']]: {
    type: 'scale-out';
    name: `command-${T}`;
    detail: { node: string; taskName: string } & Extract<RoutedDispatcherEvent, { type: T }>;
  };
}[RoutedDispatcherEvent['type']];

/**
 * What a scale-out extension (cluster mode) reports: `name` says what happened, `detail` the specifics, always
 * with the `node` that reports it. On the wire (the server's log, the console) each is `{ type, name, detail }`.
 */
export type ScaleOutEvent =
  /** The node connected to Redis and started (`worker`: whether it runs sessions). */
  | { type: 'scale-out'; name: 'node-started'; detail: { node: string; worker: boolean; queue: string; prefix: string } }
  /** A Redis connection, the message bus, the shared event stream or the queue failed. */
  | { type: 'scale-out'; name: 'redis-error' | 'message-invalid' | 'event-stream-error' | 'queue-error'; detail: { node: string; error: string } }
  /** Serving a task file to another node failed. */
  | { type: 'scale-out'; name: 'task-file-error'; detail: { node: string; error: string } }
  /** This node answered another node's (`to`) request for a task file: sent (with its size) or not (with the reason). */
  | {
      type: 'scale-out';
      name: 'task-file-answered';
      detail: { node: string; to: string; taskName: string; file: string; sent: boolean; bytes?: number; reason?: string };
    }
  /** A revoked device credential disconnected the device from this node. */
  | { type: 'scale-out'; name: 'device-credential-revoked'; detail: { node: string; clientId: string } }
  /** This node took a device's presence lease. */
  | { type: 'scale-out'; name: 'device-claimed'; detail: { node: string; clientId: string } }
  /** A registration was refused because `holder` (a node) holds the device's lease. */
  | { type: 'scale-out'; name: 'claim-refused'; detail: { node: string; clientId: string; holder: string | undefined } }
  /** Claiming, releasing, renewing a device's lease or forwarding a message to the device failed. */
  | {
      type: 'scale-out';
      name: 'claim-failed' | 'release-failed' | 'renew-failed' | 'forward-failed';
      detail: { node: string; clientId: string; error: string };
    }
  /** A device's results could not be sent back to the node that routed its command. */
  | { type: 'scale-out'; name: 'reply-failed'; detail: { node: string; error: string } }
  /** Another node (`byNode`) announced a takeover of a device this node holds live; it is not replaced. */
  | { type: 'scale-out'; name: 'takeover-ignored'; detail: { node: string; clientId: string; byNode: string } }
  /** A probe of this node's connection of a device, asked by `byNode`, ended: kept (`alive`) or dropped. */
  | { type: 'scale-out'; name: 'probe-ended'; detail: { node: string; clientId: string; alive: boolean; byNode: string } }
  /** The device's lease expired and another connection (on `byNode`) holds it: this node's connection closes. */
  | { type: 'scale-out'; name: 'device-lease-lost'; detail: { node: string; clientId: string; byNode: string } }
  /** The node's queue worker failed. */
  | { type: 'scale-out'; name: 'worker-error'; detail: { node: string; error: string } }
  /** A worker started a session, or resumed one from its checkpoint at `fromStep`. */
  | { type: 'scale-out'; name: 'session-started' | 'session-resumed'; detail: { node: string; taskName: string; sessionId: string; fromStep: number } }
  /** Saving a session's checkpoint into its job failed. */
  | { type: 'scale-out'; name: 'checkpoint-write-failed'; detail: { node: string; taskName: string; error: string } }
  /** A session left this worker to continue on another (this node stops, or its lock was lost). */
  | { type: 'scale-out'; name: 'session-handed-over'; detail: { node: string; taskName: string; sessionId: string; reason: string } }
  /** A session paused for a person (named by `pendingId`) and left the worker. */
  | { type: 'scale-out'; name: 'session-waiting'; detail: { node: string; taskName: string; sessionId: string; pendingId: string } }
  /** A session ended on this worker. */
  | { type: 'scale-out'; name: 'session-ended'; detail: { node: string; taskName: string; sessionId: string; status: TaskRecordStatus } }
  | CommandScaleOutEvent;

/** The name of a {@link ScaleOutEvent}. */
export type ScaleOutEventName = ScaleOutEvent['name'];

/** The scale-out event(s) named `N` (a member may carry several names, so `Extract` on the name does not do). */
export type ScaleOutEventNamed<N extends ScaleOutEventName> = ScaleOutEvent extends infer E
  ? E extends { name: infer M }
    ? N extends M
      ? E
      : never
    : never
  : never;

/** The detail of the scale-out event(s) named `N`, without the `node` that {@link scaleOutEvent} adds. */
export type ScaleOutEventDetail<N extends ScaleOutEventName> = N extends ScaleOutEventName ? Omit<ScaleOutEventNamed<N>['detail'], 'node'> : never;

/**
 * The scale-out event `name` reported by `node`.
 *
 * @example
 * ```ts
 * emit(scaleOutEvent('node-1', 'device-claimed', { clientId: 'pc-7' }));
 * // { type: 'scale-out', name: 'device-claimed', detail: { node: 'node-1', clientId: 'pc-7' } }
 * ```
 */
export function scaleOutEvent<N extends ScaleOutEventName>(node: string, name: N, detail: ScaleOutEventDetail<N>): ScaleOutEvent {
  // the detail type follows from the name; the compiler cannot relate the two through the generic
  return { type: 'scale-out', name, detail: { node, ...detail } } as ScaleOutEvent;
}
