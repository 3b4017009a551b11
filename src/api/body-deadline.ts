// Time limits on receiving a request body (docs/files.md, "Upload limits"): the whole body within
// `bodyMs`, and no pause longer than `idleMs` between bytes, so a slow or abandoned client cannot
// hold an upload open. The signal aborts with the 408 to answer; the limits end with the body.
import type { IncomingMessage } from 'node:http';
import { Errors } from '../errors.js';

export interface BodyDeadline {
  signal: AbortSignal;
  clear(): void;
}

export function bodyDeadline(raw: IncomingMessage, { bodyMs, idleMs }: { bodyMs: number; idleMs: number }): BodyDeadline {
  const controller = new AbortController();
  const expire = (detail: string) => {
    clear();
    controller.abort(Errors.requestTimeout(detail));
  };
  const body = setTimeout(() => expire(`The request body was not received within ${bodyMs} ms.`), bodyMs);
  // Bytes read off the socket, watched rather than listened for: a 'data' listener would change how
  // the body flows to the multipart parser.
  let seen = raw.socket.bytesRead;
  let quietSince = Date.now();
  const idle = setInterval(() => {
    const read = raw.socket.bytesRead;
    if (read !== seen) {
      seen = read;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= idleMs) {
      expire(`No part of the request body arrived for ${idleMs} ms.`);
    }
  }, Math.max(1, Math.floor(idleMs / 4)));
  function clear() {
    clearTimeout(body);
    clearInterval(idle);
  }
  raw.once('end', clear);
  return { signal: controller.signal, clear };
}
