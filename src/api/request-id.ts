// Tracing a request (docs/integrations.md, "Request ids"): a caller's X-Request-Id is the request's
// id in the logs, echoed in the response and kept on the audit record of a check; without one, an
// id is minted. An id that is not 1-128 of [A-Za-z0-9._:-] is refused with 422 (plugins/request-id.ts),
// so a log line or record never carries what the caller did not mean as an id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's id when it is valid; an invalid one is replaced here and refused by the plugin. */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** Whether the request carries an X-Request-Id that is not a valid one. */
export function hasInvalidRequestId(req: IncomingMessage): boolean {
  const given = req.headers[REQUEST_ID_HEADER];
  return given !== undefined && (typeof given !== 'string' || !REQUEST_ID_PATTERN.test(given));
}
