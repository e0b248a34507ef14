import type { ServerMessageInput } from '../protocol/server-messages.js';

/**
 * The server side of one device connection, as the {@link WebSocketCommandDispatcher} sees it. The server's
 * connection object implements it; tests can implement it with a fake.
 */
export interface AipChannel {
  /** The device's client id (used in error texts). */
  readonly deviceId: string;
  /**
   * Validates, serialises and sends one server message to the device.
   * @throws AipChannelClosedError when the device is gone; AipMessageTooLargeError when the message is too large.
   */
  send(message: ServerMessageInput): void;
}
