// @preflight/sdk (packages/sdk) against the real service on a real port, with real Redis, FerretDB
// and file worker; retries and timeouts against real local HTTP servers that misbehave on purpose.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { LicenseError, Preflight, PreflightError, PreflightTimeoutError, retryDelayMs, type PendingCheck } from '../../packages/sdk/src/index.js';
import { ADMIN_TOKEN, createOrg, drained } from '../helpers/app.js';
import { textPdf } from '../helpers/file-fixtures.js';
import { liveServiceForFile, type LiveService } from './service.js';

const SSN = '123-45-6789';
const EMAIL = 'john.smith@example.com';

let s: LiveService;
liveServiceForFile((ready) => (s = ready));
const client = () => new Preflight({ baseUrl: s.baseUrl, apiKey: s.org.apiKey });

describe('checks', () => {
  it('masks text, on the /api path and the /v1 alias alike', async () => {
    for (const v1Alias of [false, true]) {
      const result = await client().checkText(`Mail ${EMAIL}, SSN ${SSN}`, 'AI_TOOL', { v1Alias });
      expect(result.decision).toBe('ALLOWED_WITH_MASKING');
      expect(result.masked_content).toBe('Mail [EMAIL], SSN [SSN]');
      expect(result.detected.map((d) => d.type).sort()).toEqual(['EMAIL', 'SSN']);
    }
  });

  it('uploads a file, reports progress while it is pending, and downloads the masked copy', async () => {
    const seen: PendingCheck[] = [];
    const pf = client();
    const result = await pf.checkFile(Buffer.from(`Customer SSN ${SSN}, mail ${EMAIL}\n`), 'AI_TOOL', {
      filename: 'notes.txt',
      pollIntervalMs: 100,
      onProgress: (p) => seen.push(p),
    });
    expect(result.decision).toBe('ALLOWED_WITH_MASKING');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.status === 'pending' && p.preflight_id === result.preflight_id)).toBe(true);
    const masked = await pf.downloadMaskedFile(result);
    expect(new TextDecoder().decode(masked.bytes)).toBe('Customer SSN [SSN], mail [EMAIL]\n');
    expect(masked.contentType).toMatch(/^text\/plain/);
    expect(masked.filename).toBe(`${result.preflight_id}-masked.txt`);
    expect(await pf.getCheck(result.preflight_id)).toMatchObject({ preflight_id: result.preflight_id, decision: 'ALLOWED_WITH_MASKING' });
  });

  it('checks a PDF to completion', async () => {
    const result = await client().checkFile(await textPdf([[`SSN ${SSN}`]]), 'AI_TOOL', { filename: 'report.pdf', pollIntervalMs: 100 });
    expect(result.detected.map((d) => d.type)).toContain('SSN');
    const masked = await client().downloadMaskedFile(result.preflight_id);
    expect(masked.contentType).toBe('application/pdf');
    expect(Buffer.from(masked.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('raises PreflightError with the body’s status, code and detail', async () => {
    const err = await client()
      .checkText('hello', 'MARS' as 'AI_TOOL')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PreflightError);
    expect(err).toMatchObject({ status: 422, code: 'validation_error' });
    expect((err as PreflightError).detail).toMatch(/destination/);
    const unknownKey = new Preflight({ baseUrl: s.baseUrl, apiKey: `svc_sk_${'A'.repeat(43)}` });
    await expect(unknownKey.checkText('hello', 'AI_TOOL')).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });
});

describe('reads', () => {
  it('iterates the audit log across pages by cursor, newest first', async () => {
    const org = await createOrg(s.t.app);
    const pf = new Preflight({ baseUrl: s.baseUrl, apiKey: org.apiKey });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await pf.checkText(`note ${i} for ${EMAIL}`, 'VENDOR')).preflight_id);
    await drained(s.t.app);
    const first = await pf.auditPage({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const listed: string[] = [];
    for await (const item of pf.audit({ limit: 2 })) listed.push(item.preflight_id);
    expect(listed).toEqual([...ids].reverse());
    const asAdmin = new Preflight({ baseUrl: s.baseUrl, adminToken: ADMIN_TOKEN });
    const masked: string[] = [];
    for await (const item of asAdmin.audit({ org_id: org.orgId, decision: 'MASK', limit: 3 })) masked.push(item.preflight_id);
    expect(masked.sort()).toEqual([...ids].sort());
  });

  it('reads analytics with the admin token', async () => {
    const org = await createOrg(s.t.app);
    await new Preflight({ baseUrl: s.baseUrl, apiKey: org.apiKey }).checkText(`SSN ${SSN}`, 'AI_TOOL');
    await drained(s.t.app);
    const pf = new Preflight({ baseUrl: s.baseUrl, adminToken: ADMIN_TOKEN });
    expect(await pf.analytics.summary(org.orgId, '7d')).toMatchObject({ org_id: org.orgId, total_checks: 1, masked: 1 });
    expect((await pf.analytics.timeseries(org.orgId, '7d')).data).toHaveLength(7);
    expect((await pf.analytics.detections(org.slug)).types).toEqual([expect.objectContaining({ type: 'SSN', count: 1 })]);
    await expect(client().analytics.summary(org.orgId)).rejects.toMatchObject({ status: 401, code: 'missing_credentials' });
  });

  it('validates a license and verifies its token offline', async () => {
    const license = client().license(s.org.licenseKey);
    const validated = await license.validate();
    expect(validated).toMatchObject({ valid: true, org_id: s.org.orgId });
    expect(validated.claims).toMatchObject({ org_id: s.org.orgId, license_type: 'trial' });
    expect(await license.verify(validated.jwt_token)).toMatchObject({ org_id: s.org.orgId });
    const [header, payload, signature] = validated.jwt_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), license_type: 'enterprise' })).toString('base64url');
    await expect(license.verify(`${header}.${forged}.${signature}`)).rejects.toThrow();
    const err = await client().license(`svc_lic_${'A'.repeat(43)}`).validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LicenseError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_license_key' });
  });
});

/** A real local server that answers each request with the next of `answers` (the last one repeats). */
async function scripted(answers: Array<(res: ServerResponse) => void>): Promise<{ url: string; hits: number[]; server: Server }> {
  const hits: number[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    req.resume();
    hits.push(Date.now());
    answers[Math.min(hits.length - 1, answers.length - 1)]!(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.closeAllConnections(), server.close();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const ok = json(200, { preflight_id: 'pf_1', decision: 'ALLOWED', summary: 'ok', detected: [], masked_content: 'hi', policy_version: '1.0', created_at: new Date().toISOString() });
const limited = json(429, { detail: 'Rate limit reached.', code: 'rate_limited', retry_after: 1 }, { 'retry-after': '1' });

describe('retries and timeouts', () => {
  it('waits Retry-After after a 429, then succeeds', async () => {
    const srv = await scripted([limited, ok]);
    const result = await new Preflight({ baseUrl: srv.url, apiKey: 'k' }).checkText('hi', 'AI_TOOL');
    expect(result.decision).toBe('ALLOWED');
    expect(srv.hits).toHaveLength(2);
    expect(srv.hits[1]! - srv.hits[0]!).toBeGreaterThanOrEqual(990);
  });

  it('backs off after a 503 without Retry-After, and gives up after maxRetries with the last error', async () => {
    const unavailable = json(503, { detail: 'Store unavailable.', code: 'store_unavailable' });
    const srv = await scripted([unavailable]);
    const pf = new Preflight({ baseUrl: srv.url, apiKey: 'k', retry: { maxRetries: 2, baseDelayMs: 20 } });
    await expect(pf.checkText('hi', 'AI_TOOL')).rejects.toMatchObject({ status: 503, code: 'store_unavailable', detail: 'Store unavailable.' });
    expect(srv.hits).toHaveLength(3);
    const noRetry = await scripted([limited, ok]);
    const err = await new Preflight({ baseUrl: noRetry.url, apiKey: 'k', retry: { maxRetries: 0 } }).checkText('hi', 'AI_TOOL').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 1 });
  });

  it('does not wait out a Retry-After longer than maxDelayMs', async () => {
    const srv = await scripted([json(429, { detail: 'Later.', code: 'rate_limited' }, { 'retry-after': '120' }), ok]);
    const started = Date.now();
    await expect(new Preflight({ baseUrl: srv.url, apiKey: 'k' }).checkText('hi', 'AI_TOOL')).rejects.toMatchObject({ status: 429, retryAfter: 120 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(srv.hits).toHaveLength(1);
  });

  it('times out an attempt that gets no answer, and stops at once on the caller’s abort', async () => {
    const srv = await scripted([() => undefined]);
    const pf = new Preflight({ baseUrl: srv.url, apiKey: 'k', timeoutMs: 200 });
    await expect(pf.checkText('hi', 'AI_TOOL')).rejects.toBeInstanceOf(PreflightTimeoutError);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(new Preflight({ baseUrl: srv.url, apiKey: 'k' }).checkText('hi', 'AI_TOOL', { signal: controller.signal })).rejects.toThrow('caller gave up');
  });

  it('spreads backoff over [0, base·2^attempt] (full jitter), capped', () => {
    const opts = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(3, undefined, opts, () => 0.999)).toBeCloseTo(799.2);
    expect(retryDelayMs(3, undefined, opts, () => 0)).toBe(0);
    expect(retryDelayMs(10, undefined, opts, () => 0.5)).toBe(500);
    expect(retryDelayMs(0, 2, { ...opts, maxDelayMs: 5000 }, () => 0.5)).toBe(2050);
  });
});

describe('the package', () => {
  it('builds with tsc on its own (nothing outside packages/sdk/src) and works as built', { timeout: 120_000 }, async () => {
    // rootDir is packages/sdk/src: an import of the service's code would fail this build.
    await promisify(execFile)(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'packages/sdk/tsconfig.json']);
    const built = (await import(pathToFileURL(resolve('packages/sdk/dist/index.js')).href)) as typeof import('../../packages/sdk/src/index.js');
    const result = await new built.Preflight({ baseUrl: s.baseUrl, apiKey: s.org.apiKey }).checkText(`SSN ${SSN}`, 'CUSTOMER');
    expect(result.masked_content).toBe('SSN [SSN]');
  });
});
