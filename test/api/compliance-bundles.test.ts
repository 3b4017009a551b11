// Evidence bundles end to end: export/all → BullMQ `evidence-export` → the real worker (in this
// process, with the real Chromium) → ZIP in GridFS → download; the throttle window, stored bundles,
// schedules and their runs, retention, and who may do what. Real Redis and FerretDB.
import { createHash } from 'node:crypto';
import type { Job } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../src/compliance/catalog.js';
import { EVIDENCE_CSV_HEADER } from '../../src/compliance/csv.js';
import type { EvidenceExportJob, EvidenceExportResult } from '../../src/jobs/evidence-export.js';
import { startEvidenceWorkers, type EvidenceWorkers } from '../../src/workers/evidence-workers.js';
import { admin, createOrg, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { filesIn, storedFor } from '../helpers/stored-files.js';

const RUN_MS = 180_000;

let t: TestApp;
/** A replica of `t` (same database and queues) that answers 202 at once instead of waiting. */
let quick: TestApp;
let workers: EvidenceWorkers;

beforeAll(async () => {
  const env = testEnv({ BUNDLE_RETENTION: '2', EXPORT_WAIT_MS: String(RUN_MS) });
  t = await startTestApp(env);
  const shared = { database: new URL(env.MONGODB_URL).pathname.slice(1), prefix: env.REDIS_PREFIX };
  quick = await startTestApp(testEnv({ BUNDLE_RETENTION: '2', EXPORT_WAIT_MS: '0' }, shared));
  workers = startEvidenceWorkers(t.config, t.app.repos, pino({ level: 'silent' }));
});
afterAll(async () => {
  await workers?.close();
  await quick?.app.close();
  await t?.close();
});

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);
const keyHeaders = (key: string) => ({ 'x-service-api-key': key });

function exportAll(org: OrgFixture, query = '', headers: Record<string, string> = admin, app: FastifyInstance = t.app) {
  return app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/export/all${query}`, headers });
}

const bundleList = async (org: OrgFixture) =>
  (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/bundles`, headers: admin })).json().bundles as Array<Record<string, unknown>>;

async function folders(body: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(body);
  return [...new Set(Object.keys(zip.files).filter((p) => p.includes('/')).map((p) => p.split('/')[0]!))];
}

async function pageCount(bytes: Uint8Array): Promise<number> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getInfo()).total;
  } finally {
    await parser.destroy();
  }
}

/** The next run of an organization's schedule: the delayed job its job scheduler keeps. */
async function nextRun(app: FastifyInstance, orgId: string): Promise<Job<EvidenceExportJob, EvidenceExportResult> | undefined> {
  const delayed = await app.queues.evidenceExport.getDelayed();
  return delayed.find((job) => job.id?.startsWith(`repeat:bundles-${orgId}:`));
}

/** Runs the schedule's next run now instead of at its time, and waits for it. */
async function runScheduleNow(orgId: string): Promise<EvidenceExportResult> {
  const job = await nextRun(t.app, orgId);
  if (!job) throw new Error('no scheduled run is waiting');
  await job.promote();
  return job.waitUntilFinished(t.app.queues.evidenceExportEvents, RUN_MS);
}

describe('GET /api/orgs/{org_id}/compliance/export/all', { timeout: RUN_MS }, () => {
  it('answers a ZIP of every framework (none opted in, no team tags): manifest, summary and one folder each, with their digests', async () => {
    const org = await createOrg(t.app);
    // Something to count: a legacy policy tag (it selects no framework) and today's evidence of the policy's first rule.
    const policyUrl = `/api/orgs/${org.orgId}/policies/${org.policyId}`;
    expect((await t.app.inject({ method: 'PATCH', url: policyUrl, headers: admin, payload: { tags: ['HIPAA:164.312(b)'] } })).statusCode).toBe(200);
    const ruleId = (await t.app.inject({ method: 'GET', url: policyUrl, headers: admin })).json().rules[0].id as string;
    await t.app.repos.evidence.raise([{ orgId: org.orgId, day: today(), rules: { [ruleId]: { blocked: 4, masked: 3, last_at: Date.now() } } }]);
    const res = await exportAll(org, '?days=14');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${org.slug}-${today()}.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const zip = await JSZip.loadAsync(res.rawPayload);
    const perFramework = FRAMEWORKS.flatMap((f) => [`${f}/evidence.csv`, `${f}/evidence.json`, `${f}/evidence.pdf`]);
    expect(Object.keys(zip.files)).toEqual(['manifest.json', 'manifest.jws', 'summary.pdf', ...perFramework]);

    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest).toMatchObject({
      org: { org_id: org.orgId, name: `Org ${org.slug}`, slug: org.slug },
      window: { days: 14, to_date: today() },
      trigger: 'on_demand',
      frameworks: [...FRAMEWORKS],
    });
    // The fields issue 6 made, and those issue 17 added (reasons, service, policies, signature).
    expect(Object.keys(manifest).sort()).toEqual(['files', 'framework_reasons', 'frameworks', 'generated_at', 'org', 'policies', 'service', 'signature', 'trigger', 'window']);
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(['summary.pdf', ...perFramework]);
    for (const entry of manifest.files as Array<{ path: string; size: number; sha256: string }>) {
      const bytes = await zip.file(entry.path)!.async('uint8array');
      expect({ path: entry.path, size: bytes.length, sha256: sha256(bytes) }).toEqual(entry);
    }

    const hipaa = JSON.parse(await zip.file('HIPAA/evidence.json')!.async('string'));
    expect(hipaa.controls.find((c: { control_id: string }) => c.control_id === '164.312(b)')).toMatchObject({ evidence_blocked: 4, evidence_masked: 3, evidence_event_count: 7 });
    for (const framework of FRAMEWORKS) {
      const csv = await zip.file(`${framework}/evidence.csv`)!.async('string');
      expect(csv.startsWith(`${EVIDENCE_CSV_HEADER.join(',')}\r\n`)).toBe(true);
      const json = JSON.parse(await zip.file(`${framework}/evidence.json`)!.async('string'));
      expect(json).toMatchObject({ framework, org_id: org.orgId, generated_at: manifest.generated_at, window_days: 14 });
      // The bundle's numbers are the evidence endpoint's for the same window.
      const { org_id: _org, org_slug: _slug, generated_at: _at, from_date: _from, to_date: _to, ...report } = json;
      const live = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/evidence?framework=${framework}&days=14`, headers: admin });
      expect(report).toEqual(live.json());
      const pdf = await zip.file(`${framework}/evidence.pdf`)!.async('uint8array');
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    }
    expect(await pageCount(await zip.file('summary.pdf')!.async('uint8array'))).toBe(1);

    const [listed] = await bundleList(org);
    expect(listed).toMatchObject({
      trigger: 'on_demand',
      days: 14,
      frameworks: [...FRAMEWORKS],
      from_date: manifest.window.from_date,
      to_date: today(),
      filename: `evidence-${org.slug}-${today()}.zip`,
      size: res.rawPayload.length,
      sha256: sha256(res.rawPayload),
      download_url: `${t.config.baseUrl}/api/orgs/${org.orgId}/compliance/bundles/${listed?.bundle_id}`,
    });
  });

  it('answers a repeat inside the window with the same bundle, and refuses other settings with 429', async () => {
    const org = await createOrg(t.app);
    const first = await exportAll(org);
    expect(first.statusCode, first.body).toBe(200);
    const again = await exportAll(org, '?days=30', keyHeaders(org.apiKey));
    expect(again.statusCode).toBe(200);
    expect(sha256(again.rawPayload)).toBe(sha256(first.rawPayload));

    const other = await exportAll(org, '?days=7');
    expect(other.statusCode).toBe(429);
    const body = other.json();
    expect(body.code).toBe('export_throttled');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(300);
    expect(other.headers['retry-after']).toBe(String(body.retry_after));
    // The throttle's own limit, not the dashboard ceiling's: one per window, none left, reset when it ends.
    expect(other.headers['x-ratelimit-limit']).toBe('1');
    expect(other.headers['x-ratelimit-remaining']).toBe('0');
    const reset = Number(other.headers['x-ratelimit-reset']);
    expect(Math.abs(reset - (Math.ceil(Date.now() / 1000) + body.retry_after))).toBeLessThanOrEqual(2);
    expect(await bundleList(org)).toHaveLength(1);
  });

  it('makes one bundle with one job for concurrent requests', async () => {
    const org = await createOrg(t.app);
    const answers = await Promise.all(Array.from({ length: 4 }, () => exportAll(org)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => sha256(a.rawPayload))).size).toBe(1);
    const bundles = await bundleList(org);
    expect(bundles).toHaveLength(1);
    const jobs = await t.app.queues.evidenceExport.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed']);
    expect(jobs.filter((j) => j.data.org_id === org.orgId).map((j) => j.id)).toEqual([bundles[0]?.bundle_id]);
    expect(await storedFor(t.app.mongo.db, String(bundles[0]?.bundle_id))).toEqual(['bundles.files', 'bundles.chunks']);
  });

  it('answers 202 with Location when the bundle is not ready in time; the Location then answers the ZIP', async () => {
    const org = await createOrg(t.app);
    const res = await exportAll(org, '', admin, quick.app);
    expect(res.statusCode, res.body).toBe(202);
    const { bundle_id } = res.json();
    expect(res.json()).toEqual({ bundle_id, status: 'pending' });
    expect(bundle_id).toMatch(/^bnd_/);
    expect(res.headers.location).toBe(`/api/orgs/${org.orgId}/compliance/bundles/${bundle_id}`);

    const job = await quick.app.queues.evidenceExport.getJob(bundle_id);
    await job?.waitUntilFinished(quick.app.queues.evidenceExportEvents, RUN_MS);
    const got = await quick.app.inject({ method: 'GET', url: res.headers.location as string, headers: keyHeaders(org.apiKey) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="evidence-${org.slug}-${today()}.zip"`);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(sha256(got.rawPayload)).toBe((await bundleList(org))[0]?.sha256);

    // Another organization's path, or its key, never reaches this bundle.
    const other = await createOrg(t.app);
    const viaOther = await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/compliance/bundles/${bundle_id}`, headers: admin });
    expect(viaOther.statusCode).toBe(404);
    const otherKey = await t.app.inject({ method: 'GET', url: res.headers.location as string, headers: keyHeaders(other.apiKey) });
    expect(otherKey.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/bundles/bnd_nothing`, headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
  });

  it('holds the frameworks the organization opted into, plus those its team tags name', async () => {
    const org = await createOrg(t.app);
    const optIn = await t.app.inject({ method: 'PUT', url: `/api/orgs/${org.orgId}/compliance/frameworks/GDPR`, headers: admin, payload: { enabled: true } });
    expect(optIn.statusCode, optIn.body).toBe(200);
    const onlyGdpr = await exportAll(org);
    expect(onlyGdpr.statusCode, onlyGdpr.body).toBe(200);
    expect(await folders(onlyGdpr.rawPayload)).toEqual(['GDPR']);

    const org2 = await createOrg(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/orgs/${org2.orgId}/compliance/frameworks/GDPR`, headers: admin, payload: { enabled: true } });
    const policy = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org2.orgId}/policies/${org2.policyId}`, headers: admin })).json();
    const team = (await t.app.inject({ method: 'POST', url: `/api/orgs/${org2.orgId}/teams`, headers: admin, payload: { name: 'Security' } })).json();
    const tag = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${org2.orgId}/teams/${team.team_id}/tags`,
      headers: admin,
      payload: { framework: 'HIPAA', control_id: '164.312(b)', rule_id: policy.rules[0].id },
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagged = await exportAll(org2);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(await folders(tagged.rawPayload)).toEqual(['GDPR', 'HIPAA']);
    const manifest = JSON.parse(await (await JSZip.loadAsync(tagged.rawPayload)).file('manifest.json')!.async('string'));
    expect(manifest.frameworks).toEqual(['GDPR', 'HIPAA']);
  });

  it('answers 503 when the bundle cannot be made, and the failure does not hold the window', async () => {
    const broken = await startTestApp(testEnv({ CHROMIUM_PATH: '/nonexistent/chromium', EXPORT_JOB_ATTEMPTS: '1', EXPORT_WAIT_MS: String(RUN_MS) }));
    const brokenWorkers = startEvidenceWorkers(broken.config, broken.app.repos, pino({ level: 'silent' }));
    try {
      const org = await createOrg(broken.app);
      for (let i = 0; i < 2; i++) {
        const res = await exportAll(org, '', admin, broken.app);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().code).toBe('export_failed');
        expect(res.headers['retry-after']).toBeDefined();
      }
      // The second request made a bundle of its own rather than answering the first one's failure.
      expect(await broken.app.queues.evidenceExport.getJobCounts('failed')).toEqual({ failed: 2 });
      expect((await broken.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/bundles`, headers: admin })).json()).toEqual({ bundles: [] });
      const db = broken.app.mongo.db;
      expect([await filesIn(db, 'bundles'), await db.collection('bundles.chunks').countDocuments({}), await db.collection('file_sweeps').countDocuments({})]).toEqual([0, 0, 0]);
    } finally {
      await brokenWorkers.close();
      await broken.close();
    }
  });

  it('refuses days outside 1 to 180, and unknown organizations', async () => {
    const org = await createOrg(t.app);
    for (const days of ['0', '181', '2.5', 'abc']) {
      const res = await exportAll(org, `?days=${days}`);
      expect(res.statusCode, days).toBe(422);
      expect(res.json().detail).toMatch(/days/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/orgs/org_nothing/compliance/export/all', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/export/all` })).statusCode).toBe(401);
  });
});

describe('bundle schedules', { timeout: RUN_MS }, () => {
  const scheduleUrl = (org: OrgFixture) => `/api/orgs/${org.orgId}/compliance/schedule`;
  const put = (org: OrgFixture, payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'PUT', url: scheduleUrl(org), headers, payload });

  it('refuses what is not a schedule, naming the field', async () => {
    const org = await createOrg(t.app);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /cron: is required/],
      [{ cron: 'every day' }, /cron: must have 5 fields/],
      [{ cron: 'a b c d e' }, /cron: is not a valid cron expression/],
      [{ cron: '61 * * * *' }, /cron: is not a valid cron expression \(.*61/],
      [{ cron: '0 0 31 2 *' }, /cron: is not a valid cron expression/],
      [{ cron: '* * * *' }, /cron: must have 5 fields/],
      [{ cron: '*/2 * * * *' }, /cron: fires 2 minutes apart; .*one per 5 minutes/],
      [{ cron: '0,1 6 * * *' }, /cron: fires 1 minute apart/],
      [{ cron: '0,58 0,23 * * *' }, /cron: fires 2 minutes apart/],
      [{ cron: '0 6 * * *', days: 0 }, /days: must be at least 1/],
      [{ cron: '0 6 * * *', days: 181 }, /days: must be at most 180/],
      [{ cron: '0 6 * * *', timezone: 'Mars/Olympus_Mons' }, /timezone: must be an IANA time zone/],
      [{ cron: '0 6 * * *', extra: 1 }, /extra/],
    ];
    for (const [payload, detail] of cases) {
      const res = await put(org, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail, JSON.stringify(payload)).toMatch(detail);
    }
    expect((await t.app.inject({ method: 'GET', url: scheduleUrl(org), headers: admin })).statusCode).toBe(404);
  });

  it('creates, shows, replaces and deletes the schedule; keys may read it but not change it', async () => {
    const org = await createOrg(t.app);
    const created = await put(org, { cron: '0 6 * * 1', days: 7, timezone: 'europe/berlin' });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ cron: '0 6 * * 1', days: 7, timezone: 'Europe/Berlin' });
    expect(Date.parse(body.next_run_at)).toBeGreaterThan(Date.now());
    expect(new Date(body.next_run_at).getUTCDay()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: scheduleUrl(org), headers: admin })).json()).toEqual(body);

    const replaced = await put(org, { cron: '30 2 * * *' });
    expect(replaced.json()).toMatchObject({ cron: '30 2 * * *', days: 30, timezone: 'UTC' });
    expect(new Date(replaced.json().next_run_at).toISOString()).toMatch(/T02:30:00\.000Z$/);
    const schedulers = await t.app.queues.evidenceExport.getJobSchedulers();
    expect(schedulers.filter((s) => s.key === `bundles-${org.orgId}`)).toHaveLength(1);

    const asPolicy = keyHeaders(org.apiKey);
    expect((await t.app.inject({ method: 'GET', url: scheduleUrl(org), headers: asPolicy })).json()).toEqual(replaced.json());
    expect((await put(org, { cron: '0 6 * * *' }, asPolicy)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: scheduleUrl(org), headers: asPolicy })).statusCode).toBe(403);

    expect((await t.app.inject({ method: 'DELETE', url: scheduleUrl(org), headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: scheduleUrl(org), headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: scheduleUrl(org), headers: admin })).statusCode).toBe(404);
    expect(await nextRun(t.app, org.orgId)).toBeUndefined();
  });

  it('lets a partner key read bundles and the schedule, but not change the schedule', async () => {
    const org = await createOrg(t.app);
    const minted = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/compliance/partner-keys`, headers: admin, payload: { name: 'Auditor' } });
    expect(minted.statusCode, minted.body).toBe(201);
    const partner = keyHeaders(minted.json().api_key);
    expect((await put(org, { cron: '0 6 * * *' })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: scheduleUrl(org), headers: partner })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/bundles`, headers: partner })).json()).toEqual({ bundles: [] });
    const putAsPartner = await put(org, { cron: '0 7 * * *' }, partner);
    expect(putAsPartner.statusCode).toBe(403);
    expect(putAsPartner.json().code).toBe('partner_key_scope');
    expect((await t.app.inject({ method: 'DELETE', url: scheduleUrl(org), headers: partner })).statusCode).toBe(403);

    const bundle = await exportAll(org, '', partner);
    expect(bundle.statusCode, bundle.body).toBe(200);
    const other = await createOrg(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/compliance/bundles`, headers: partner })).statusCode).toBe(403);
  });

  it('writes scheduled bundles on its runs, keeps the newest two of them, and leaves on-demand bundles alone', async () => {
    const org = await createOrg(t.app);
    const onDemand = await exportAll(org);
    expect(onDemand.statusCode, onDemand.body).toBe(200);
    expect((await put(org, { cron: '0 5 * * *', days: 3 })).statusCode).toBe(200);

    const runs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await runScheduleNow(org.orgId);
      expect(result?.bundle_id).toMatch(/^bnd_/);
      runs.push(result!.bundle_id);
    }
    expect(new Set(runs).size).toBe(3);

    const bundles = await bundleList(org);
    const scheduled = bundles.filter((b) => b.trigger === 'scheduled');
    expect(scheduled.map((b) => b.bundle_id)).toEqual([runs[2], runs[1]]);
    expect(scheduled[0]).toMatchObject({ days: 3, frameworks: [...FRAMEWORKS] });
    expect(bundles.filter((b) => b.trigger === 'on_demand')).toHaveLength(1);
    const dropped = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/bundles/${runs[0]}`, headers: admin });
    expect(dropped.statusCode).toBe(404);
    expect(await storedFor(t.app.mongo.db, runs[0]!)).toEqual([]);

    const latest = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/bundles/${runs[2]}`, headers: admin });
    expect(latest.statusCode).toBe(200);
    const manifest = JSON.parse(await (await JSZip.loadAsync(latest.rawPayload)).file('manifest.json')!.async('string'));
    expect(manifest).toMatchObject({ trigger: 'scheduled', window: { days: 3 } });
    expect(sha256(latest.rawPayload)).toBe(scheduled[0]?.sha256);
  });

  it('ends the schedule of an organization that is gone when its run comes', async () => {
    const org = await createOrg(t.app);
    expect((await put(org, { cron: '0 5 * * *' })).statusCode).toBe(200);
    // Gone behind the service's back: only the run can notice.
    await t.app.repos.organizations.delete(org.orgId);
    expect(await runScheduleNow(org.orgId)).toBeNull();
    expect(await t.app.queues.evidenceExport.getJobScheduler(`bundles-${org.orgId}`)).toBeUndefined();
    expect(await nextRun(t.app, org.orgId)).toBeUndefined();
  });

  it('drops the bundles and the schedule of a deleted organization', async () => {
    const org = await createOrg(t.app);
    const res = await exportAll(org);
    expect(res.statusCode, res.body).toBe(200);
    const [bundle] = await bundleList(org);
    expect((await put(org, { cron: '0 5 * * *' })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${org.orgId}`, headers: admin })).statusCode).toBe(204);
    expect(await t.app.queues.evidenceExport.getJobScheduler(`bundles-${org.orgId}`)).toBeUndefined();
    expect(await t.app.mongo.db.collection('evidence_bundles').countDocuments({ org_id: org.orgId })).toBe(0);
    expect(await storedFor(t.app.mongo.db, String(bundle?.bundle_id))).toEqual([]);
  });
});
