import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors of `@ufo-ts/cluster`. (A command for an offline device is a `DEVICE_OFFLINE` failure Result, not a throw.) */
export type ClusterErrorCode =
  /** A message read from Redis is not what this version writes. */
  | 'CLUSTER_MESSAGE_INVALID'
  /** The cluster options are unusable (bad Redis URL, bad timings, bad prefix). */
  | 'CLUSTER_OPTIONS_INVALID'
  /** Redis could not be reached when the node started. */
  | 'REDIS_UNAVAILABLE'
  /** A worker wrote to a session's journal after the session's job lock had passed to another worker. */
  | 'JOB_LOCK_LOST';

/** The errors of `@ufo-ts/cluster`. */
export class ClusterError extends UfoError<ClusterErrorCode> {
  declare readonly code: ClusterErrorCode;

  constructor(code: ClusterErrorCode, message: string, options: UfoErrorOptions = {}) {
    super(code, message, options);
  }
}
