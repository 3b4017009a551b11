// The small HTTP client of `scan --server`: text checks and file checks (waiting on a 202 by polling
// its id), with the service's policy and audit applied. 429 and 503 are retried with exponential
// backoff and jitter, honouring Retry-After (spec part 7); anything that means the scan cannot be
// trusted (bad key, inactive policy, unreachable server) is a ServiceError that ends the scan.
import type { Destination } from '../engine/types.js';
import { CliError } from './errors.js';
import type { ReportedType } from './report.js';

export interface CheckAnswer {
  preflight_id: string;
  decision: 'ALLOWED' | 'ALLOWED_WITH_MASKING' | 'BLOCKED';
  detected: ReportedType[];
}

/** The service refused the scan as a whole: exit 2. */
export class ServiceError extends CliError {}

/** The service refused this one file (413, 415, 422): skipped with its detail, as a local scan skips it. */
export class FileRefused extends Error {}

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  destination: Destination;
  /** Per request; a file check that stays pending is polled up to this long in all. */
  timeoutMs: number;
  retries: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seconds (or an HTTP date) from Retry-After, else exponential backoff; with jitter either way. */
function backoffMs(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  const fromHeader = Number.isFinite(seconds) ? seconds * 1000 : retryAfter ? Date.parse(retryAfter) - Date.now() : Number.NaN;
  const base = Number.isFinite(fromHeader) && fromHeader >= 0 ? fromHeader : 250 * 2 ** attempt;
  return Math.min(base, 60_000) + Math.random() * 250;
}

async function detailOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${res.status}`;
}

export class ServiceClient {
  private readonly base: string;

  constructor(private readonly opts: ServiceClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
  }

  private async request(path: string, init: () => RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${this.base}${path}`, { ...init(), signal: AbortSignal.timeout(this.opts.timeoutMs) });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
        throw new ServiceError(`cannot reach ${this.base} (${cause})`);
      }
      if ((res.status === 429 || res.status === 503) && attempt < this.opts.retries) {
        await res.body?.cancel();
        await sleep(backoffMs(attempt, res.headers.get('retry-after')));
        continue;
      }
      return res;
    }
  }

  private async answer(res: Response, what: string): Promise<CheckAnswer | { pending: string }> {
    if (res.status === 200) return (await res.json()) as CheckAnswer;
    if (res.status === 202) return { pending: ((await res.json()) as { preflight_id: string }).preflight_id };
    const detail = await detailOf(res);
    if (res.status === 413 || res.status === 415 || res.status === 422) throw new FileRefused(detail);
    throw new ServiceError(`${what}: the service answered ${res.status}: ${detail}`);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'x-service-api-key': this.opts.apiKey, ...extra };
  }

  async checkText(text: string): Promise<CheckAnswer> {
    const body = JSON.stringify({ text, destination: this.opts.destination });
    const res = await this.request('/api/preflight/text', () => ({ method: 'POST', headers: this.headers({ 'content-type': 'application/json' }), body }));
    const answer = await this.answer(res, 'text check');
    if ('pending' in answer) throw new ServiceError('text check: the service answered 202, which a text check never should');
    return answer;
  }

  async checkFile(name: string, bytes: Buffer): Promise<CheckAnswer> {
    const form = () => {
      const data = new FormData();
      data.append('destination', this.opts.destination);
      data.append('file', new Blob([bytes]), name.split('/').pop() ?? 'file');
      return { method: 'POST', headers: this.headers(), body: data };
    };
    const first = await this.answer(await this.request('/api/preflight', form), 'file check');
    if (!('pending' in first)) return first;
    const id = first.pending;
    const deadline = Date.now() + this.opts.timeoutMs;
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      const res = await this.request(`/api/preflight/${encodeURIComponent(id)}`, () => ({ headers: this.headers() }));
      const wait = res.headers.get('retry-after');
      const polled = await this.answer(res, 'file check');
      if (!('pending' in polled)) return polled;
      await sleep(Math.min(backoffMs(Math.min(attempt, 3), wait), Math.max(0, deadline - Date.now())));
    }
    throw new ServiceError(`file check ${id} of ${name} was still pending after ${Math.round(this.opts.timeoutMs / 1000)} s`);
  }
}
