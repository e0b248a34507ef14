import { UfoError, type UfoErrorOptions } from '@ufo-ts/core';

/** Codes of the errors `@ufo-ts/otel` throws. */
export type OtelErrorCode = 'TRACING_OPTIONS_INVALID';

/** `UfoTracing` was given contradictory options (both a tracer and a tracer provider). Code `TRACING_OPTIONS_INVALID`. */
export class TracingOptionsError extends UfoError<OtelErrorCode> {
  constructor(message: string, options: UfoErrorOptions = {}) {
    super('TRACING_OPTIONS_INVALID', message, options);
  }
}
