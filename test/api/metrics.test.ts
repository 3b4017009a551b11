// GET /metrics: Prometheus text with request latency by route pattern and queue gauges read at
// scrape time, behind the admin token unless METRICS_PUBLIC=true; it answers through a Redis outage.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileScanJob } from '../../src/jobs/file-scan.js';
import { scheduleFileSweep } from '../../src/jobs/file-retention.js';
import { startRedis } from '../../scripts/local-services.js';
import { admin, appWithOrgForFile, check, drained, type OrgFixture, startTestApp, type TestApp, testEnv } from '../helpers/app.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the text exposition format; a line that is neither a comment nor a sample fails the test. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(app: FastifyInstance, headers: Record<string, string> = admin): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parse(res.body);
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

/** A job no worker takes in these tests; its content does not matter to the queue. */
const dummyJob = { preflight_id: 'pf_metrics_test' } as FileScanJob;

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

describe('GET /metrics', () => {
  it('needs the admin token: 401 without a credential, 403 for a policy key', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'missing_credentials', detail: expect.any(String) });
    const policy = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-service-api-key': org.apiKey } });
    expect(policy.statusCode).toBe(403);
    expect(policy.json().code).toBe('insufficient_permission');
  });

  it('times requests by route pattern, never by URL', async () => {
    await t.app.inject({ method: 'GET', url: `/api/organizations/${org.orgId}?probe=1`, headers: admin });
    await t.app.inject({ method: 'GET', url: '/no-such-page-abc' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin });
    const samples = parse(res.body);
    const labels = { method: 'GET', route: '/api/organizations/:org_id', status_code: '200' };
    expect(value(samples, 'preflight_http_request_duration_seconds_count', labels)).toBe(1);
    expect(value(samples, 'preflight_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(value(samples, 'preflight_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(res.body).not.toContain(org.orgId);
    expect(res.body).not.toContain('probe');
    expect(res.body).not.toContain('no-such-page');
  });

  it('counts recorded checks by decision, destination and source, and their detections by type, once drained', async () => {
    const before = await scrape(t.app);
    const labels = { decision: 'ALLOWED_WITH_MASKING', destination: 'AI_TOOL', source: 'text' };
    const checksBefore = value(before, 'preflight_checks_total', labels) ?? 0;
    const ssnBefore = value(before, 'preflight_detections_total', { type: 'SSN' }) ?? 0;
    for (let i = 0; i < 3; i++) {
      const res = await check(t.app, org.apiKey, { text: `member SSN 123-45-6789 and 536-22-184${i}`, destination: 'AI_TOOL' });
      expect(res.statusCode).toBe(200);
    }
    await drained(t.app);
    const after = await scrape(t.app);
    expect(value(after, 'preflight_checks_total', labels)).toBe(checksBefore + 3);
    expect(value(after, 'preflight_detections_total', { type: 'SSN' })).toBe(ssnBefore + 6);
    const lag = value(after, 'preflight_audit_drain_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
  });

  it('has the process metrics', async () => {
    const samples = await scrape(t.app);
    expect(value(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('reads queue depth, state and the audit backlog when scraped', async () => {
    const queue = t.app.queues.fileScan;
    const fileScan = { queue: 'file-scan' };
    const before = await scrape(t.app);
    expect(value(before, 'preflight_queue_up', fileScan)).toBe(1);
    expect(value(before, 'preflight_queue_jobs', { ...fileScan, state: 'waiting' })).toBe(0);
    expect(value(before, 'preflight_queue_jobs', { ...fileScan, state: 'failed' })).toBe(0);
    expect(value(before, 'preflight_queue_jobs', { ...fileScan, state: 'completed' })).toBe(0);
    expect(value(before, 'preflight_queue_paused', fileScan)).toBe(0);
    expect(value(before, 'preflight_audit_journal_backlog')).toBe(0);

    const waiting = await queue.add('scan', dummyJob);
    const delayed = await queue.add('scan', dummyJob, { delay: 60_000 });
    await queue.pause();
    try {
      const during = await scrape(t.app);
      expect(value(during, 'preflight_queue_jobs', { ...fileScan, state: 'waiting' })).toBe(1);
      expect(value(during, 'preflight_queue_jobs', { ...fileScan, state: 'delayed' })).toBe(1);
      expect(value(during, 'preflight_queue_paused', fileScan)).toBe(1);
    } finally {
      await queue.resume();
      await Promise.all([waiting.remove(), delayed.remove()]);
    }
    const after = await scrape(t.app);
    expect(value(after, 'preflight_queue_jobs', { ...fileScan, state: 'waiting' })).toBe(0);
    expect(value(after, 'preflight_queue_jobs', { ...fileScan, state: 'delayed' })).toBe(0);
    expect(value(after, 'preflight_queue_paused', fileScan)).toBe(0);
  });

  it('reads every queue: file checks, evidence bundles and the file retention sweep', async () => {
    const first = await scrape(t.app);
    for (const queue of ['file-scan', 'evidence-export', 'file-retention']) {
      expect(value(first, 'preflight_queue_up', { queue }), queue).toBe(1);
      expect(value(first, 'preflight_queue_paused', { queue }), queue).toBe(0);
    }
    // The worker's sweep schedule, as a worker process makes it, puts its next sweep in the queue.
    const sweep = await scheduleFileSweep(t.app.redis, t.app.queues.prefix, 60_000);
    try {
      const samples = await scrape(t.app);
      const pending = ['waiting', 'delayed'].map((state) => value(samples, 'preflight_queue_jobs', { queue: 'file-retention', state }) ?? 0);
      expect(pending[0]! + pending[1]!).toBe(1);
    } finally {
      await sweep.obliterate({ force: true });
      await sweep.close();
    }
  });

  it('is in the OpenAPI document under the admin token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/metrics'].get.security).toEqual([{ adminToken: [] }]);
  });
});

describe('METRICS_PUBLIC=true', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    children.forEach((c) => c.kill('SIGKILL'));
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('answers without a credential, and while Redis does not answer, with the queue marked down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-metrics-'));
    dirs.push(dir);
    const redis = await startRedis(dir, false);
    children.push(redis.child);
    const p = await startTestApp(testEnv({ REDIS_URL: redis.url, METRICS_PUBLIC: 'true' }));
    try {
      const up = await p.app.inject({ method: 'GET', url: '/metrics' });
      expect(up.statusCode).toBe(200);
      expect(up.headers['x-ratelimit-limit']).toBeUndefined();
      expect(value(parse(up.body), 'preflight_queue_up', { queue: 'file-scan' })).toBe(1);

      // A stopped Redis holds every command unanswered: the scrape must not wait on it.
      redis.child.kill('SIGSTOP');
      try {
        const down = await scrape(p.app, {});
        expect(value(down, 'preflight_queue_up', { queue: 'file-scan' })).toBe(0);
        expect(value(down, 'preflight_queue_jobs', { queue: 'file-scan', state: 'waiting' })).toBeUndefined();
        expect(value(down, 'preflight_audit_journal_backlog')).toBeNaN();
        expect(value(down, 'preflight_http_request_duration_seconds_count', { route: '/metrics', status_code: '200' })).toBe(1);
      } finally {
        redis.child.kill('SIGCONT');
      }
    } finally {
      await p.close();
    }
  });
});
