// The client of the Preflight service: checks with a policy API key, audit reads with a policy key
// (its own organization) or the admin token, analytics with the admin token. Every call goes
// through Transport: retries of 429/503, a timeout per attempt, PreflightError on any error status.
import { LicenseClient, type LicenseClientOptions } from './license.js';
import { PreflightError, PreflightTimeoutError } from './errors.js';
import { DEFAULT_RETRY, readBody, retryAfterSeconds, sleep, Transport, type Call, type RetryOptions } from './transport.js';
import type {
  AnalyticsTimeseries,
  AuditItem,
  AuditPage,
  AuditQuery,
  Destination,
  DetectionBreakdown,
  FileCheckResult,
  OrgAnalytics,
  PendingCheck,
  Period,
  TextCheckResult,
} from './types.js';

export interface PreflightOptions {
  /** The service's address, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** A policy API key (`svc_sk_…`): checks, and audit reads of its organization. */
  apiKey?: string;
  /** The admin token: analytics, and audit reads across organizations. */
  adminToken?: string;
  /** Per attempt, in ms (default 30 000). */
  timeoutMs?: number;
  /** Retries of 429 and 503 (defaults: 3 retries, 500 ms base, 30 s cap). */
  retry?: Partial<RetryOptions>;
  fetch?: typeof fetch;
}

export interface CheckOptions {
  org_id?: string;
  policy_id?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface TextCheckOptions extends CheckOptions {
  /** The spec's alias path `/v1/preflight/text` instead of `/api/preflight/text` (same answer). */
  v1Alias?: boolean;
}

/** A pending file check, reported on each poll. */
export type ProgressListener = (pending: PendingCheck) => void;

export interface WaitOptions {
  /** Called with each pending answer (its `progress` when the service sends one). */
  onProgress?: ProgressListener;
  /** Give up after this long in all (default 10 minutes): PreflightTimeoutError with the check's id. */
  waitTimeoutMs?: number;
  /** Between polls when the service sends no Retry-After (default 1 s). */
  pollIntervalMs?: number;
  signal?: AbortSignal;
}

export interface FileCheckOptions extends CheckOptions, WaitOptions {
  /** The name sent with the file (its type is sniffed from the bytes, not the name). */
  filename?: string;
}

export type FileInput = Blob | ArrayBuffer | Uint8Array;

export interface MaskedFile {
  bytes: Uint8Array;
  contentType: string;
  /** From Content-Disposition, e.g. `pf_…-masked.pdf`. */
  filename: string | null;
}

const isPending = (body: FileCheckResult | TextCheckResult | PendingCheck): body is PendingCheck => 'status' in body && body.status === 'pending';

export class Preflight {
  private readonly http: Transport;

  constructor(private readonly opts: PreflightOptions) {
    this.http = new Transport({
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY, ...opts.retry },
      fetch: opts.fetch ?? globalThis.fetch.bind(globalThis),
    });
  }

  /** POST /api/preflight/text: the decision, what was found, and the masked text. */
  async checkText(text: string, destination: Destination, options: TextCheckOptions = {}): Promise<TextCheckResult> {
    const body = JSON.stringify({ text, destination, org_id: options.org_id, policy_id: options.policy_id });
    return this.http.json<TextCheckResult>({
      method: 'POST',
      path: options.v1Alias ? '/v1/preflight/text' : '/api/preflight/text',
      headers: { ...this.keyHeader(), 'content-type': 'application/json' },
      body: () => body,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
  }

  /** Uploads a file and waits for its result, polling while it is pending. */
  async checkFile(file: FileInput, destination: Destination, options: FileCheckOptions = {}): Promise<FileCheckResult> {
    const first = await this.submitFile(file, destination, options);
    return isPending(first) ? this.waitForCheck(first.preflight_id, options, first) : first;
  }

  /** POST /api/preflight: the result if the check finished within the service's wait, else the pending check. */
  async submitFile(file: FileInput, destination: Destination, options: FileCheckOptions = {}): Promise<FileCheckResult | PendingCheck> {
    // A copy: the caller's bytes may sit in a shared or larger buffer that a Blob cannot take.
    const blob = file instanceof Blob ? file : new Blob([new Uint8Array(file)]);
    const form = () => {
      const data = new FormData();
      data.append('destination', destination);
      if (options.org_id !== undefined) data.append('org_id', options.org_id);
      if (options.policy_id !== undefined) data.append('policy_id', options.policy_id);
      data.append('file', blob, options.filename ?? 'upload');
      return data;
    };
    return this.http.json({ method: 'POST', path: '/api/preflight', headers: this.keyHeader(), body: form, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  /** GET /api/preflight/{id}: a finished check (content and samples are not kept) or a pending file check. */
  async getCheck(preflightId: string, signal?: AbortSignal): Promise<TextCheckResult | FileCheckResult | PendingCheck> {
    return this.http.json({ path: `/api/preflight/${encodeURIComponent(preflightId)}`, headers: this.readHeader(), signal });
  }

  /** Polls a file check until it is done, after Retry-After when the service sends one. */
  async waitForCheck(preflightId: string, options: WaitOptions = {}, first?: PendingCheck): Promise<FileCheckResult> {
    const deadline = Date.now() + (options.waitTimeoutMs ?? 600_000);
    let pending = first;
    let waitS: number | undefined;
    for (;;) {
      if (pending) {
        options.onProgress?.(pending);
        const left = deadline - Date.now();
        if (left <= 0) throw new PreflightTimeoutError(`file check ${preflightId} still pending after ${options.waitTimeoutMs ?? 600_000} ms`, preflightId);
        await sleep(Math.min(waitS !== undefined ? waitS * 1000 : (options.pollIntervalMs ?? 1000), left), options.signal);
      }
      const res = await this.http.ok({ path: `/api/preflight/${encodeURIComponent(preflightId)}`, headers: this.readHeader(), signal: options.signal });
      const body = await readBody(res, () => res.json() as Promise<FileCheckResult | PendingCheck>);
      if (!isPending(body)) return body;
      pending = body;
      waitS = retryAfterSeconds(res.headers.get('retry-after'));
    }
  }

  /** GET /api/preflight/{id}/masked-file: the masked copy, in the checked file's own format. */
  async downloadMaskedFile(check: string | Pick<FileCheckResult, 'preflight_id'>, signal?: AbortSignal): Promise<MaskedFile> {
    const id = typeof check === 'string' ? check : check.preflight_id;
    const res = await this.http.ok({ path: `/api/preflight/${encodeURIComponent(id)}/masked-file`, headers: { ...this.readHeader(), accept: '*/*' }, signal });
    const disposition = res.headers.get('content-disposition') ?? '';
    return {
      bytes: new Uint8Array(await readBody(res, () => res.arrayBuffer())),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    };
  }

  /** GET /api/audit: one page. */
  async auditPage(query: AuditQuery = {}, signal?: AbortSignal): Promise<AuditPage> {
    return this.http.json({ path: '/api/audit', query: { ...query }, headers: this.readHeader(), signal });
  }

  /** Every audit record matching the query, newest first, page after page by cursor. */
  async *audit(query: Omit<AuditQuery, 'cursor' | 'offset'> = {}, signal?: AbortSignal): AsyncGenerator<AuditItem, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.auditPage({ ...query, cursor }, signal);
      yield* page.items;
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** Analytics of an organization (id or slug): admin token. */
  readonly analytics = {
    summary: (orgId: string, period: Period = '30d', signal?: AbortSignal) => this.analyticsRead<OrgAnalytics>(orgId, '', period, signal),
    timeseries: (orgId: string, period: Period = '30d', signal?: AbortSignal) => this.analyticsRead<AnalyticsTimeseries>(orgId, '/timeseries', period, signal),
    detections: (orgId: string, period: Period = '30d', signal?: AbortSignal) => this.analyticsRead<DetectionBreakdown>(orgId, '/detections', period, signal),
  };

  /** A license client on this service's address and transport settings. */
  license(licenseKey: string, options: Omit<LicenseClientOptions, 'baseUrl' | 'licenseKey'> = {}): LicenseClient {
    const { baseUrl, timeoutMs, retry, fetch } = this.opts;
    return new LicenseClient({ baseUrl, licenseKey, timeoutMs, retry, fetch, ...options });
  }

  private async analyticsRead<T>(orgId: string, suffix: string, period: Period, signal: AbortSignal | undefined): Promise<T> {
    const call: Call = { path: `/api/orgs/${encodeURIComponent(orgId)}/analytics${suffix}`, query: { period }, headers: this.adminHeader(), signal };
    return this.http.json<T>(call);
  }

  private keyHeader(): Record<string, string> {
    if (this.opts.apiKey === undefined) throw new PreflightError(401, 'missing_api_key', 'This call needs a policy API key: pass apiKey to new Preflight().');
    return { 'x-service-api-key': this.opts.apiKey };
  }

  private adminHeader(): Record<string, string> {
    if (this.opts.adminToken === undefined) throw new PreflightError(401, 'missing_credentials', 'This call needs the admin token: pass adminToken to new Preflight().');
    return { authorization: `Bearer ${this.opts.adminToken}` };
  }

  /** Reads take the admin token when there is one (any organization), else the policy key (its own). */
  private readHeader(): Record<string, string> {
    return this.opts.adminToken !== undefined ? this.adminHeader() : this.keyHeader();
  }
}
