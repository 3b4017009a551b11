// Analytics (spec "Analytics records", part 8; docs/analytics.md): exact counts after a known mix of
// checks, served from the per-day rollups the drainers keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDoc } from '../../src/store/audit-repository.js';
import { newId } from '../../src/store/ids.js';
import { admin, check, createOrg, drained, startTestApp, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
let quiet: OrgFixture;
const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** A record of a check made `daysAgo` days ago, appended to the journal as a check would. */
const pastRecord = (daysAgo: number, over: Partial<AuditDoc>): AuditDoc => ({
  _id: newId('pf'),
  org_id: org.orgId,
  org_name: 'x',
  policy_id: org.policyId,
  policy_name: 'Default policy',
  policy_version: '1.0',
  destination: 'AI_TOOL',
  decision: 'ALLOWED',
  summary: 's',
  detected: [],
  prevented: 0,
  source: 'text',
  bytes: 100,
  created_at: new Date(Date.now() - daysAgo * DAY_MS),
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t.app);
  quiet = await createOrg(t.app);
  // The default policy (DESIGN §21): secrets blocked everywhere; PII masked everywhere.
  const mix = [
    ...Array(3).fill(['hello there', 'AI_TOOL']), // ALLOWED, 11 bytes each
    ...Array(2).fill(['mail jane@example.com or bob@example.org', 'AI_TOOL']), // masked: 2 EMAIL, 40 bytes
    ['call 415-555-0132, SSN 123-45-6789', 'VENDOR'], // masked: PHONE, SSN, 34 bytes
    ['key AKIAZ3MSJV4WWNKWW5FG and jane@example.com', 'CUSTOMER'], // BLOCKED: AWS_ACCESS_KEY, EMAIL, 45 bytes
  ] as Array<[string, string]>;
  for (const [text, destination] of mix) expect((await check(t.app, org.apiKey, { text, destination })).statusCode).toBe(200);
  // A policy without rules lists what it finds but lets it through: a detection, not a prevented exposure.
  const open = (await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies`, headers: admin, payload: { name: 'Open' } })).json();
  expect((await check(t.app, open.api_key, { text: 'mail jane@example.com', destination: 'AI_TOOL' })).json().decision).toBe('ALLOWED'); // 21 bytes
  await check(t.app, quiet.apiKey, { text: 'another org', destination: 'AI_TOOL' });
  // Earlier days, through the journal like any check: 3 days ago (inside 7d) and 20 days ago (inside 30d only).
  await t.app.services.auditJournal.append(pastRecord(3, { decision: 'BLOCKED', detected: [{ type: 'SSN', count: 2 }], prevented: 2, bytes: 50 }));
  await t.app.services.auditJournal.append(pastRecord(20, { decision: 'ALLOWED_WITH_MASKING', detected: [{ type: 'EMAIL', count: 1 }], prevented: 1, bytes: 70 }));
  await drained(t.app);
});
afterAll(async () => t.close());

const get = (path: string, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/analytics${path}`, headers });

describe('GET /analytics', () => {
  it('totals the period exactly', async () => {
    const res = await get('?period=7d');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      org_id: org.orgId,
      org_name: `Org ${org.slug}`,
      total_checks: 9,
      bytes_protected: 3 * 11 + 2 * 40 + 34 + 45 + 21 + 50,
      allowed: 4,
      masked: 3,
      blocked: 2,
      safe_share_rate: 77.78, // (4 + 3) / 9
      prevented_exposures: 2 * 2 + 2 + 2 + 2, // masked emails, PHONE + SSN masked, the blocked check's two, the past SSNs
      from_date: day(6),
      to_date: day(0),
    });
  });

  it('defaults to 30 days, which reaches the older record', async () => {
    const body = (await get('')).json();
    expect(body).toMatchObject({ total_checks: 10, masked: 4, bytes_protected: 263 + 70, prevented_exposures: 11, from_date: day(29), to_date: day(0) });
    expect(body.safe_share_rate).toBe(80);
  });

  it('an organization without checks: zeros, and a safe share rate of 0', async () => {
    const other = await createOrg(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/orgs/${other.slug}/analytics`, headers: admin })).json()).toMatchObject({
      total_checks: 0,
      bytes_protected: 0,
      allowed: 0,
      masked: 0,
      blocked: 0,
      safe_share_rate: 0,
      prevented_exposures: 0,
    });
  });
});

describe('GET /analytics/timeseries', () => {
  it('has one entry per day of the period, oldest first, zero-filled', async () => {
    const body = (await get('/timeseries?period=7d')).json();
    expect(body).toMatchObject({ org_id: org.orgId, period: '7d' });
    expect(body.data.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    const zero = { checks_total: 0, allowed: 0, masked: 0, blocked: 0, bytes_processed: 0 };
    expect(body.data[0]).toEqual({ date: day(6), ...zero });
    expect(body.data[3]).toEqual({ date: day(3), checks_total: 1, allowed: 0, masked: 0, blocked: 1, bytes_processed: 50 });
    expect(body.data[6]).toEqual({ date: day(0), checks_total: 8, allowed: 4, masked: 3, blocked: 1, bytes_processed: 213 });
  });

  it.each([
    ['30d', 30],
    ['90d', 90],
  ])('%s has %i entries', async (period, n) => {
    const body = (await get(`/timeseries?period=${period}`)).json();
    expect(body.data).toHaveLength(n);
    expect(body.period).toBe(period);
    expect(body.data.find((d: { date: string }) => d.date === day(20)).masked).toBe(1);
  });
});

describe('GET /analytics/detections', () => {
  it('counts detections per type with readable labels and percentages, most frequent first', async () => {
    const body = (await get('/detections?period=7d')).json();
    expect(body).toEqual({
      org_id: org.orgId,
      total_detections: 11,
      types: [
        { type: 'EMAIL', label: 'Email address', count: 6, percentage: 54.55 },
        { type: 'SSN', label: 'US Social Security number', count: 3, percentage: 27.27 },
        { type: 'PHONE', label: 'Phone number', count: 1, percentage: 9.09 },
        { type: 'AWS_ACCESS_KEY', label: 'AWS access key', count: 1, percentage: 9.09 },
      ],
      from_date: day(6),
      to_date: day(0),
    });
  });

  it('is empty for an organization whose checks found nothing', async () => {
    const body = (await t.app.inject({ method: 'GET', url: `/api/orgs/${quiet.orgId}/analytics/detections`, headers: admin })).json();
    expect(body).toMatchObject({ total_detections: 0, types: [] });
  });
});

describe('requests', () => {
  it.each(['1d', '7D', '365d', '', 'week'])('period=%s → 422', async (period) => {
    for (const path of ['', '/timeseries', '/detections']) {
      const res = await get(`${path}?period=${period}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.stringContaining('period') });
    }
  });

  it('needs the admin token (a policy key is 403); an unknown organization is 404', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    expect((await get('', { 'x-service-api-key': org.apiKey })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/orgs/no-such-org/analytics', headers: admin })).statusCode).toBe(404);
  });

  it('deleting the organization removes its rollups', async () => {
    const gone = await createOrg(t.app);
    await check(t.app, gone.apiKey, { text: 'hello', destination: 'AI_TOOL' });
    await drained(t.app);
    const rollups = t.app.mongo.db.collection('analytics_daily');
    expect(await rollups.countDocuments({ org_id: gone.orgId })).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/organizations/${gone.orgId}`, headers: admin });
    expect(await rollups.countDocuments({ org_id: gone.orgId })).toBe(0);
  });
});
