// One HTTP exchange with retries. 429 and 503 mean the service did nothing (rate limited, a
// dependency down, shutting down), so any request may be sent again: after Retry-After when the
// service says, else after exponential backoff with full jitter (spec part 7). Nothing else is
// retried. Each attempt has its own timeout; the caller's AbortSignal ends the whole call.
import { PreflightConnectionError, PreflightError, PreflightTimeoutError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 turns retrying off. */
  maxRetries: number;
  /** Backoff of the first retry; it doubles each time (default 500 ms). */
  baseDelayMs: number;
  /** No wait is longer: a Retry-After beyond it ends the call with the error (default 30 s). */
  maxDelayMs: number;
}

export interface TransportOptions {
  baseUrl: string;
  /** Per attempt (default 30 s). */
  timeoutMs: number;
  retry: RetryOptions;
  fetch: typeof fetch;
  /** Sent with every request (e.g. User-Agent); a call's own headers win. */
  headers?: Record<string, string>;
}

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Made again for each attempt: a stream or form is read once. */
  body?: () => NonNullable<RequestInit['body']>;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Seconds from a Retry-After value (delta-seconds or an HTTP date); undefined if absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The wait before retry number `attempt` (0 for the first): Retry-After plus up to one base delay of
 * jitter (so clients told the same second do not return together), else full jitter over
 * base·2^attempt capped at maxDelayMs. Undefined when the service asks for longer than maxDelayMs.
 */
export function retryDelayMs(attempt: number, retryAfterS: number | undefined, opts: RetryOptions, random = Math.random): number | undefined {
  if (retryAfterS !== undefined) {
    const ms = retryAfterS * 1000;
    return ms > opts.maxDelayMs ? undefined : ms + random() * opts.baseDelayMs;
  }
  return random() * Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** attempt);
}

/** Waits ms, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The API's `{detail, code}` body as a PreflightError (a body that is not one still gives status and text). */
export async function errorOf(res: Response): Promise<PreflightError> {
  const text = await res.text().catch(() => '');
  let detail = text.slice(0, 500) || res.statusText || `HTTP ${res.status}`;
  let code = `http_${res.status}`;
  try {
    const body = JSON.parse(text) as { detail?: unknown; code?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // not JSON (a proxy's page): the status and text say what there is
  }
  return new PreflightError(res.status, code, detail, retryAfterSeconds(res.headers.get('retry-after')));
}

/** Reads a body; the attempt's timeout still runs while it streams, and ends it as PreflightTimeoutError. */
export async function readBody<T>(res: Response, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new PreflightTimeoutError(`the answer from ${res.url} did not arrive in time`);
    throw err;
  }
}

export class Transport {
  readonly baseUrl: string;

  constructor(readonly opts: TransportOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  url(path: string, query: Call['query'] = {}): string {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  /** The response of the first attempt that is not 429/503 (or of the last one); errors as above. */
  async send(call: Call): Promise<Response> {
    const { retry } = this.opts;
    for (let attempt = 0; ; attempt++) {
      const res = await this.attempt(call);
      if ((res.status !== 429 && res.status !== 503) || attempt >= retry.maxRetries) return res;
      const delay = retryDelayMs(attempt, retryAfterSeconds(res.headers.get('retry-after')), retry);
      if (delay === undefined) return res;
      await res.body?.cancel();
      await sleep(delay, call.signal);
    }
  }

  /** Like send, then a PreflightError for any status other than 2xx. */
  async ok(call: Call): Promise<Response> {
    const res = await this.send(call);
    if (!res.ok) throw await errorOf(res);
    return res;
  }

  async json<T>(call: Call): Promise<T> {
    const res = await this.ok(call);
    return readBody(res, () => res.json() as Promise<T>);
  }

  private async attempt(call: Call): Promise<Response> {
    const timeoutMs = call.timeoutMs ?? this.opts.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    try {
      return await this.opts.fetch(this.url(call.path, call.query), {
        method: call.method ?? 'GET',
        headers: { accept: 'application/json', ...this.opts.headers, ...call.headers },
        body: call.body?.(),
        signal,
      });
    } catch (err) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (timeout.aborted) throw new PreflightTimeoutError(`${call.method ?? 'GET'} ${call.path}: no answer within ${timeoutMs} ms`);
      const { cause } = err as { cause?: { code?: string; message?: string } };
      const why = cause?.code ?? cause?.message ?? (err as Error).message;
      throw new PreflightConnectionError(`cannot reach ${this.baseUrl} (${why})`, { cause: err });
    }
  }
}
