import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors of `@ufo-ts/cluster`. */
export type ClusterErrorCode =
  /** No node holds the device's connection (nobody subscribes to its channel). */
  | 'DEVICE_OFFLINE'
  /** No reply to a routed command within its deadline. */
  | 'ROUTE_TIMEOUT'
  /** The routed command was cancelled (the session stopped). */
  | 'ROUTE_ABORTED'
  /** A message read from Redis is not what this version writes. */
  | 'CLUSTER_MESSAGE_INVALID'
  /** The cluster options are unusable (bad Redis URL, bad timings). */
  | 'CLUSTER_OPTIONS_INVALID'
  /** The node is stopping and hands its sessions over. */
  | 'NODE_STOPPING';

/** Base class of the errors of `@ufo-ts/cluster`. */
export class ClusterError extends UfoError {
  declare readonly code: ClusterErrorCode;

  constructor(code: ClusterErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}

/** Nobody holds the device: the command fails at once (SPUBLISH reached no subscriber). */
export class DeviceOfflineError extends ClusterError {
  constructor(clientId: string, options: UfoErrorOptions = {}) {
    super('DEVICE_OFFLINE', `device "${clientId}" is not connected to any node`, options);
  }
}
