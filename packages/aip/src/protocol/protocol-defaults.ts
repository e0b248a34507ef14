/**
 * The timing defaults a server and a device agree on when neither is configured otherwise. The server, the cluster
 * nodes, the {@link WebSocketCommandDispatcher} and the {@link DeviceClient} all take their defaults from here, so
 * both ends of a connection wait the same lengths of time.
 *
 * @example
 * ```ts
 * import { PROTOCOL_DEFAULTS } from '@ufo-ts/aip';
 *
 * // a batch of two commands without their own `timeout_ms` waits 2 × 30 s + 2 s before failing COMMAND_TIMEOUT
 * const batchWaitMs = 2 * PROTOCOL_DEFAULTS.commandTimeoutMs + PROTOCOL_DEFAULTS.commandGraceMs;
 * ```
 */
export const PROTOCOL_DEFAULTS = Object.freeze({
  /** Timeout of one command that has no `timeout_ms` of its own, in ms: 30 s. */
  commandTimeoutMs: 30_000,
  /**
   * Extra wait per batch of commands, on top of the sum of their timeouts, for the network and the device's own
   * overhead, in ms: 2 s.
   */
  commandGraceMs: 2_000,
  /** Heartbeat period the server asks devices for at registration (and a device uses when not told), in ms: 30 s. */
  heartbeatIntervalMs: 30_000,
  /** Heartbeat periods without a word from the other end after which a connection counts as dead: 3. */
  heartbeatTimeoutPeriods: 3,
  /**
   * Longest wait for a registration, in ms: 10 s. The server waits this long for a new connection's REGISTER; a
   * device waits this long for the WebSocket handshake and for the server's answer to its REGISTER.
   */
  registerTimeoutMs: 10_000,
  /**
   * When a device registers with an id a live connection holds, how long that connection has to answer a WebSocket
   * ping before it is dropped (so the device's retry succeeds), in ms: 2 s.
   */
  duplicateProbeMs: 2_000,
} as const);
