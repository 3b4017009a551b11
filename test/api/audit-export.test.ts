// The SIEM feed: GET /api/audit/export streams the audit trail as NDJSON or CSV with the listing's
// filters (and exact metadata filters), page by page as the consumer reads: a slow reader of a few
// thousand records holds back the pages not yet read. Real Redis and FerretDB.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/checks/record.js';
import { auditExport, CSV_COLUMNS, EXPORT_PAGE } from '../../src/services/audit-export.js';
import { admin, check, createOrg, drained, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';

const RECORDS = 3_000;
const CANARY = 'canary-9c1b7 jane.doe@example.com';

let t: TestApp;
let org: OrgFixture;

beforeAll(async () => {
  t = await startTestApp(testEnv());
  org = await createOrg(t.app);
  const subject = { org_id: org.orgId, org_name: `Org ${org.slug}`, policy_id: org.policyId, policy_name: 'Default', policy_version: '1.0' };
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < RECORDS; i++) {
    const blocked = i % 3 === 0;
    const outcome = blocked
      ? { decision: 'BLOCKED' as const, summary: 'Blocked: secrets', detected: [{ type: 'AWS_ACCESS_KEY', count: 1, sample: null, confidence: 1 }], fired_rules: [] }
      : { decision: 'ALLOWED' as const, summary: 'No sensitive data detected', detected: [], fired_rules: [] };
    await t.app.services.auditJournal.append(
      checkRecord({
        id: `pf_export_${String(i).padStart(5, '0')}`,
        subject,
        destination: 'AI_TOOL',
        outcome,
        bytes: 10,
        createdAt: new Date(start + i * 1_000),
        trace: { request_id: `req-${i}`, metadata: { app: i % 2 ? 'odd-app' : 'even-app', user_ref: `u${i % 7}`, tags: ['t1'] } },
      }),
    );
  }
  await drained(t.app);
}, 120_000);
afterAll(async () => t?.close());

const exportOf = (query: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url: `/api/audit/export?${query}`, headers });

// Each export walks the whole window page by page on FerretDB: seconds per export on a busy machine.
describe('GET /api/audit/export', { timeout: 120_000 }, () => {
  it('streams every record of the window as NDJSON, newest first, with the listing’s filters', async () => {
    const res = await exportOf(`org_id=${org.orgId}&format=ndjson`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    const lines = res.body.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(RECORDS);
    expect(lines[0]).toMatchObject({ preflight_id: `pf_export_0${RECORDS - 1}`, request_id: `req-${RECORDS - 1}`, app: 'odd-app', tags: ['t1'] });
    expect(lines.at(-1).preflight_id).toBe('pf_export_00000');
    const blocked = (await exportOf(`org_id=${org.orgId}&decision=BLOCK`)).body.trimEnd().split('\n');
    expect(blocked).toHaveLength(RECORDS / 3);
    expect(blocked.every((l) => JSON.parse(l).decision === 'BLOCKED')).toBe(true);
  });

  it('filters by metadata exactly and by a time window', async () => {
    const byUser = (await exportOf(`org_id=${org.orgId}&user_ref=u3&app=odd-app`)).body.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r) => r.user_ref === 'u3' && r.app === 'odd-app')).toBe(true);
    const from = new Date(Date.now() - 3_600_000 + 10_000).toISOString();
    const to = new Date(Date.now() - 3_600_000 + 19_500).toISOString();
    const windowed = (await exportOf(`org_id=${org.orgId}&from=${from}&to=${to}`)).body.trimEnd().split('\n');
    expect(windowed.length).toBeGreaterThanOrEqual(8);
    expect(windowed.length).toBeLessThanOrEqual(11);
  });

  it('streams CSV with a header row', async () => {
    const res = await exportOf(`org_id=${org.orgId}&format=csv&decision=BLOCKED`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(RECORDS / 3 + 1);
    expect(rows[1]).toContain(',AWS_ACCESS_KEY:1,');
  });

  it('a policy key exports its own organization only, and never the content of a check', async () => {
    await check(t.app, org.apiKey, { text: CANARY, destination: 'AI_TOOL' });
    await drained(t.app);
    const other = await createOrg(t.app);
    expect((await exportOf(`org_id=${org.orgId}`, { 'x-service-api-key': other.apiKey })).statusCode).toBe(403);
    const own = await exportOf('search=email', { 'x-service-api-key': org.apiKey });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('EMAIL');
    expect(own.body).not.toContain('canary-9c1b7');
    expect(own.body).not.toContain('jane.doe');
    expect((await exportOf('format=xml')).statusCode).toBe(422);
  });

  // A paused consumer stops the reading of pages: the route sends `Readable.from` of the export, which
  // pulls a page only when its buffer wants more. Asserted on that stream, not through a socket: a
  // loopback socket's kernel buffers (several MB with autotuning) can hold a 1 MB export whole.
  it('reads pages only as a slow consumer takes them (bounded memory)', async () => {
    const log = t.app.services.auditLog;
    let pages = 0;
    const counting = { list: (q: Parameters<typeof log.list>[0]) => ((pages += 1), log.list(q)) };
    const stream = Readable.from(auditExport(counting, { orgId: org.orgId, filter: {} }, 'ndjson', {}), { objectMode: false });
    const first = await new Promise<Buffer>((resolve) => stream.once('data', (chunk: Buffer) => (stream.pause(), resolve(chunk))));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const whileStalled = pages;
    let bytes = first.length;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    const allPages = Math.ceil((RECORDS + 1) / EXPORT_PAGE);
    expect(pages).toBeGreaterThanOrEqual(allPages);
    expect(whileStalled).toBeLessThanOrEqual(2);
    expect(bytes).toBeGreaterThan(RECORDS * 200);
  });
});
