import type { Clock, CommandDispatcher } from '@ufo-ts/core';
import type { DeviceInfoInput } from '../protocol/device-info.js';
import type { Platform } from '../protocol/enums.js';
import type { BackoffOptions } from './backoff.js';
import type { DeviceClientEventListener } from './device-client-events.js';

/** Options of `DeviceClient`. */
export interface DeviceClientOptions {
  /** The server's WebSocket endpoint, e.g. `ws://127.0.0.1:5000/ws`. */
  serverUrl: string;
  /** This device's id; unique among the server's connected clients. */
  clientId: string;
  /** The server's API key, sent in the `x-api-key` header of the upgrade request. */
  apiKey?: string;
  /**
   * This device's own credential (issued for `clientId` by the server's `POST /api/devices/{client_id}/credential`),
   * sent at registration. A wrong one is refused for good (`CREDENTIAL_INVALID`).
   */
  credential?: string;
  /** The device's platform; it selects the agent kind the server runs against it. */
  platform: Platform;
  /** Runs the commands (a `LocalCommandDispatcher` over the device's own tool servers). Closed by `stop()` only when `closeDispatcherOnStop`. */
  dispatcher: CommandDispatcher;
  /** Close the dispatcher in `stop()` (default false: the caller owns it). */
  closeDispatcherOnStop?: boolean;
  /** Agent kinds whose tools are announced in the device info (default by platform). */
  agentKinds?: readonly string[];
  /** Device-info fields that override what is detected. */
  deviceInfo?: Partial<DeviceInfoInput>;
  /** Heartbeat period in ms (default: what the server asks for at registration, else 30 000). */
  heartbeatIntervalMs?: number;
  /** Reconnect when nothing came from the server for this long, in ms (default 3 × the heartbeat period). */
  heartbeatTimeoutMs?: number;
  /** Longest wait for the server's registration answer (and for the WebSocket handshake), in ms (default 10 000). */
  registerTimeoutMs?: number;
  /** Reconnection delays (exponential with jitter). */
  backoff?: BackoffOptions;
  /** Give up after this many failed attempts in a row (default: never). A successful registration resets the count. */
  maxRetries?: number;
  /** Largest message sent or accepted, in bytes (default `DEFAULT_MAX_MESSAGE_BYTES`, 16 MiB). */
  maxMessageBytes?: number;
  /**
   * How many command ids (COMMAND `response_id`s) are remembered so a command that arrives again is answered with
   * its first results instead of running twice (default 1 000).
   */
  rememberCommands?: number;
  /**
   * Let commands in flight finish when the connection to the server drops (their results are kept and sent when
   * the server asks again after the reconnect), instead of aborting them. Meant for cluster servers, where the
   * session survives the loss of the node the device was connected to. Default false.
   */
  keepCommandsOnDisconnect?: boolean;
  /** Receives lifecycle, task and command events. Listener errors are ignored. */
  onEvent?: DeviceClientEventListener;
  /** Random source for the backoff jitter (tests). */
  random?: () => number;
  /**
   * The time source of the heartbeats, the heartbeat and registration timeouts, the reconnection delays and command
   * durations (default `systemClock`; tests pass `ManualClock` from `@ufo-ts/core/testing`). The WebSocket
   * handshake timeout is the `ws` library's own.
   */
  clock?: Clock;
}
