// What a call can end in besides its answer. Every class carries what a program needs to decide
// (status, code, seconds to wait) and a message a person can read.

/** The service answered with an error status: its `{detail, code}` body, as sent. */
export class PreflightError extends Error {
  override readonly name = 'PreflightError';
  constructor(
    readonly status: number,
    /** Stable machine-readable code (docs/errors.md), e.g. `validation_error`; `http_<status>` if the body had none. */
    readonly code: string,
    /** The service's explanation, for a person. */
    readonly detail: string,
    /** Seconds the service asked to wait (Retry-After), on 429 and 503. */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${code}: ${detail}`);
  }
}

/** No answer within the timeout (per attempt), or a file check still pending when waiting ended. */
export class PreflightTimeoutError extends Error {
  override readonly name = 'PreflightTimeoutError';
  constructor(
    message: string,
    /** The pending check, when a file check was waited on. */
    readonly preflightId?: string,
  ) {
    super(message);
  }
}

/** The service could not be reached (refused, reset, DNS): nothing is known to have been done. */
export class PreflightConnectionError extends Error {
  override readonly name = 'PreflightConnectionError';
}
