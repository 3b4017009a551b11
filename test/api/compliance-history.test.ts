// Evidence an auditor accepts (issue 17), end to end on real Redis, FerretDB and Chromium: coverage
// over time from the change log in JSON, CSV and PDF; sampled checks that hold no content; and signed
// bundles that verify with the service's public key and fail after one changed byte. Past days are
// written through the product's repositories (policies, tags and change-log entries with past times).
import { createHash, randomBytes, verify } from 'node:crypto';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rule } from '../../src/engine/types.js';
import { verifyBundleZip } from '../../src/services/bundle-signature.js';
import { policySettings } from '../../src/services/policies.js';
import type { PolicyDoc } from '../../src/store/policy-repository.js';
import { newId } from '../../src/store/ids.js';
import { startEvidenceWorkers, type EvidenceWorkers } from '../../src/workers/evidence-workers.js';
import { admin, ADMIN_ACTOR, check, createOrg, drained, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';

const RUN_MS = 180_000;
const DAY = 86_400_000;

let t: TestApp;
let workers: EvidenceWorkers;
beforeAll(async () => {
  t = await startTestApp(testEnv({ EXPORT_WAIT_MS: String(RUN_MS) }));
  workers = startEvidenceWorkers(t.config, t.app.repos, pino({ level: 'silent' }));
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
const squash = (s: string) => s.replace(/\s+/g, '');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Day `n` (1 = the first) of the 30-day window ending today, at `hour` UTC. */
function windowDay(n: number, hour = 12): Date {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(today - (30 - n) * DAY + hour * 3_600_000);
}

const rule = (name: string, enabled = true): Rule => ({ id: newId('rule'), name, enabled, dataTypes: ['PII'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'MASK' });

describe('coverage over time (change log)', { timeout: RUN_MS }, () => {
  let org: OrgFixture;
  let tagged: Rule;
  let disabled: Rule;

  beforeAll(async () => {
    org = await createOrg(t.app);
    const { repos } = t.app;
    const licenseId = (await get(`/api/orgs/${org.orgId}/licenses`)).json()[0].license_id as string;
    const longAgo = new Date(Date.now() - 60 * DAY);
    tagged = rule('Mask PII (tagged day 20)');
    disabled = rule('Mask PII (disabled day 25)');
    // A policy from before the change log: it holds since its creation time.
    const policy: PolicyDoc = {
      _id: newId('pol', longAgo.getTime()),
      org_id: org.orgId,
      name: 'Legacy policy',
      description: '',
      version: '1.0',
      tags: [],
      is_active: true,
      group: 'default',
      license_id: licenseId,
      masking: 'label',
      rules: [tagged, disabled],
      custom_detectors: [],
      allow: [],
      min_confidence: 0.5,
      key_hash: randomBytes(16).toString('hex'),
      key_enc: 'unused',
      created_at: longAgo,
      updated_at: longAgo,
    };
    await repos.policies.insert(policy);
    const team = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/teams`, headers: admin, payload: { name: 'Security' } });
    const teamId = team.json().team_id as string;
    const tag = (at: Date, control_id: string, ruleId: string) => ({
      _id: newId('tag', at.getTime()),
      org_id: org.orgId,
      team_id: teamId,
      framework: 'SOC2' as const,
      control_id,
      rule_id: ruleId,
      policy_id: policy._id,
      created_at: at,
    });
    const entry = (at: Date, action: string, targetType: string, targetId: string, before: object | null, after: object | null) =>
      repos.changeLog.insert({ _id: newId('chg', at.getTime()), at, org_id: org.orgId, action, target_type: targetType, target_id: targetId, actor: ADMIN_ACTOR, before, after } as never);

    // CC6.1: tagged at noon of day 20 of the window.
    const day20 = windowDay(20);
    const late = tag(day20, 'CC6.1', tagged.id);
    await repos.controlTags.insert(late);
    const { _id: _l, org_id: _o, created_at: _c, ...lateSettings } = late;
    await entry(day20, 'control_tag.add', 'control_tag', late._id, null, lateSettings);

    // CC6.6: tagged long before the window (no entry: older than the log); its rule disabled at noon of day 25.
    await repos.controlTags.insert(tag(longAgo, 'CC6.6', disabled.id));
    const day25 = windowDay(25);
    const off = { ...policy, version: '1.1', rules: [tagged, { ...disabled, enabled: false }] };
    await entry(day25, 'policy.update', 'policy', policy._id, policySettings(policy), policySettings(off));
    await repos.policies.update(org.orgId, policy._id, { version: off.version, rules: off.rules, updated_at: day25 });
  });

  it('reports about 10 covered days for a control tagged on day 20 of 30, in JSON', async () => {
    const res = await get(`/api/orgs/${org.orgId}/compliance/evidence?framework=SOC2&days=30`);
    expect(res.statusCode, res.body).toBe(200);
    const cc61 = res.json().controls.find((c: { control_id: string }) => c.control_id === 'CC6.1');
    expect(cc61).toMatchObject({ status: 'covered', covered_days: 10, first_covered_at: windowDay(20).toISOString() });
    expect(cc61.tagged_rules).toEqual([expect.objectContaining({ owner_kind: 'team', rule_id: tagged.id, tagged_at: windowDay(20).toISOString() })]);
    expect(cc61.coverage_history.map((r: { status: string }) => r.status)).toEqual(['uncovered', 'uncovered', 'covered']);
    expect(cc61.coverage_history.at(-1)).toMatchObject({ to_date: new Date().toISOString().slice(0, 10), rules: [{ rule_id: tagged.id, enabled: true, policy_active: true }] });
    expect(cc61.rule_definitions).toEqual([
      {
        rule_id: tagged.id,
        name: tagged.name,
        enabled: true,
        dataTypes: ['PII'],
        destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'],
        action: 'MASK',
        policy_id: expect.stringMatching(/^pol_/),
        policy_name: 'Legacy policy',
        policy_version: '1.1',
        policy_active: true,
      },
    ]);
  });

  it('shows a rule disabled mid-window in the history', async () => {
    const res = await get(`/api/orgs/${org.orgId}/compliance/evidence?framework=SOC2&days=30`);
    const cc66 = res.json().controls.find((c: { control_id: string }) => c.control_id === 'CC6.6');
    expect(cc66).toMatchObject({ status: 'uncovered', covered_days: 24, first_covered_at: expect.any(String) });
    const day = (n: number) => windowDay(n).toISOString().slice(0, 10);
    expect(cc66.coverage_history).toEqual([
      { from_date: day(1), to_date: day(24), status: 'covered', rules: [{ rule_id: disabled.id, enabled: true, policy_active: true }] },
      { from_date: day(25), to_date: day(30), status: 'uncovered', rules: [{ rule_id: disabled.id, enabled: false, policy_active: true }] },
    ]);
  });

  it('says the same in the CSV (new columns at the end) and in the PDF', async () => {
    const csv = await get(`/api/orgs/${org.orgId}/compliance/export?framework=SOC2&format=csv&days=30`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.trim().split('\r\n').map((line) => line.split(','));
    expect(header!.slice(0, 10)).toEqual(['framework', 'control_id', 'title', 'status', 'rule_count', 'evidence_events', 'evidence_blocked', 'evidence_masked', 'last_evidence_at', 'tagged_by']);
    // Counted from the end: titles before them may hold quoted commas.
    const col = (name: string) => header!.indexOf(name) - header!.length;
    const cc61 = rows.find((r) => r[1] === 'CC6.1')!.slice(-header!.length);
    expect(cc61.at(col('covered_days'))).toBe('10');
    expect(cc61.at(col('coverage_history'))).toMatch(/uncovered;\d{4}-\d\d-\d\d\.\.\d{4}-\d\d-\d\d covered$/);

    const pdf = await get(`/api/orgs/${org.orgId}/compliance/export?framework=SOC2&format=pdf&days=30`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(squash(text)).toContain(squash('CC6.1: covered 10 of 30 days'));
    expect(squash(text)).toContain(squash('CC6.6: covered 24 of 30 days'));
    expect(text).toMatch(/Generated \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC · Page 1 \/ \d+/);
  });
});

describe('sampled checks', { timeout: RUN_MS }, () => {
  it('holds only ids, types and counts: a canary sent in a check appears in no export', async () => {
    const canary = `zq${randomBytes(5).toString('hex')}xv`;
    const org = await createOrg(t.app);
    const policy = (await get(`/api/orgs/${org.orgId}/policies/${org.policyId}`)).json();
    const pii = policy.rules.find((r: { dataTypes: string[]; action: string }) => r.dataTypes.includes('PII') && r.action === 'MASK');
    const team = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/teams`, headers: admin, payload: { name: 'Privacy' } });
    const tag = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${org.orgId}/teams/${team.json().team_id}/tags`,
      headers: admin,
      payload: { framework: 'SOC2', control_id: 'C1.1', rule_id: pii.id },
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const sent = await check(t.app, org.apiKey, { text: `Write to jane.doe@example.com about ${canary}`, destination: 'AI_TOOL' });
    expect(sent.statusCode, sent.body).toBe(200);
    const checkId = sent.json().preflight_id as string;
    await drained(t.app);

    const report = (await get(`/api/orgs/${org.orgId}/compliance/evidence?framework=SOC2&days=7`)).json();
    const c11 = report.controls.find((c: { control_id: string }) => c.control_id === 'C1.1');
    expect(c11.evidence_sample).toEqual([{ preflight_id: checkId, created_at: expect.any(String), rule_id: pii.id, decision: 'ALLOWED_WITH_MASKING', detected: [{ type: 'EMAIL', count: 1 }] }]);
    // An auditor re-fetches the sampled check.
    const fetched = await get(`/api/preflight/${checkId}`, { 'x-service-api-key': org.apiKey });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().preflight_id).toBe(checkId);

    const texts: string[] = [JSON.stringify(report)];
    for (const format of ['json', 'csv', 'pdf'] as const) {
      const file = await get(`/api/orgs/${org.orgId}/compliance/export?framework=SOC2&format=${format}&days=7`);
      expect(file.statusCode).toBe(200);
      texts.push(format === 'pdf' ? await pdfText(file.rawPayload) : file.body);
      if (format !== 'pdf') expect(file.body).toContain(checkId);
    }
    const bundle = await get(`/api/orgs/${org.orgId}/compliance/export/all?days=7`);
    expect(bundle.statusCode, bundle.body).toBe(200);
    const zip = await JSZip.loadAsync(bundle.rawPayload);
    for (const name of Object.keys(zip.files).filter((n) => !zip.files[n]!.dir)) {
      const bytes = await zip.file(name)!.async('uint8array');
      texts.push(name.endsWith('.pdf') ? await pdfText(bytes) : Buffer.from(bytes).toString('utf8'));
    }
    expect(texts.join('\n')).toContain(checkId);
    for (const text of texts) expect(text).not.toContain(canary);
    expect(texts.join('\n')).not.toContain('jane.doe@example.com');
  });
});

describe('signed bundles', { timeout: RUN_MS }, () => {
  it('verifies with the public key of /v1/license/public-key, offline and through …/verify, and fails after one changed byte', async () => {
    const org = await createOrg(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/orgs/${org.orgId}/compliance/frameworks/HIPAA`, headers: admin, payload: { enabled: true } });
    const res = await get(`/api/orgs/${org.orgId}/compliance/export/all?days=30`);
    expect(res.statusCode, res.body).toBe(200);
    const key = (await t.app.inject({ method: 'GET', url: '/v1/license/public-key' })).json() as { key_id: string; public_key: string; algorithm: string };
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).slice(0, 3)).toEqual(['manifest.json', 'manifest.jws', 'summary.pdf']);
    const manifestBytes = await zip.file('manifest.json')!.async('nodebuffer');
    const jws = await zip.file('manifest.jws')!.async('string');
    const manifest = JSON.parse(manifestBytes.toString('utf8'));
    expect(manifest).toMatchObject({
      org: { org_id: org.orgId, slug: org.slug },
      window: { days: 30 },
      frameworks: ['HIPAA'],
      framework_reasons: [{ framework: 'HIPAA', reason: 'opted_in' }],
      service: { name: 'preflight', version: expect.any(String), instance: expect.any(String) },
      policies: [{ policy_id: org.policyId, version: '1.0', is_active: true }],
      signature: { file: 'manifest.jws', algorithm: 'RS256', key_id: key.key_id },
    });

    // Offline, as docs/compliance.md says: the signing input is the header, a dot and the manifest's own bytes.
    const [header, payload, signature] = jws.split('.');
    expect(payload).toBe('');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', kid: key.key_id, b64: false, crit: ['b64'] });
    const input = Buffer.concat([Buffer.from(`${header}.`), manifestBytes]);
    expect(verify('sha256', input, key.public_key, Buffer.from(signature!, 'base64url'))).toBe(true);
    for (const file of manifest.files as Array<{ path: string; sha256: string }>) {
      expect(createHash('sha256').update(await zip.file(file.path)!.async('nodebuffer')).digest('hex')).toBe(file.sha256);
    }
    expect(await verifyBundleZip(res.rawPayload, key)).toMatchObject({ valid: true, signature_valid: true, key_id: key.key_id, problems: [] });

    // One byte of one file changed: that file no longer matches its signed digest.
    const summary = await zip.file('summary.pdf')!.async('nodebuffer');
    const at = summary.length >> 1;
    summary[at] = summary[at]! ^ 0x01;
    zip.file('summary.pdf', summary);
    const tampered = await zip.generateAsync({ type: 'nodebuffer' });
    const bad = await verifyBundleZip(tampered, key);
    expect(bad).toMatchObject({ valid: false, signature_valid: true });
    expect(bad.files.find((f) => f.path === 'summary.pdf')).toEqual({ path: 'summary.pdf', valid: false });
    // One byte of the manifest changed: the signature fails.
    const forged = Buffer.from(manifestBytes);
    forged[forged.indexOf('"days": 30') + 9] = '1'.charCodeAt(0);
    zip.file('manifest.json', forged);
    expect(await verifyBundleZip(await zip.generateAsync({ type: 'nodebuffer' }), key)).toMatchObject({ valid: false, signature_valid: false });
    expect(verify('sha256', Buffer.concat([Buffer.from(`${header}.`), forged]), key.public_key, Buffer.from(signature!, 'base64url'))).toBe(false);

    // The service re-checks the stored bundle; same auth as the download (the org's policy key).
    const bundleId = ((await get(`/api/orgs/${org.orgId}/compliance/bundles`)).json().bundles[0].bundle_id) as string;
    const checked = await get(`/api/orgs/${org.orgId}/compliance/bundles/${bundleId}/verify`, { 'x-service-api-key': org.apiKey });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ bundle_id: bundleId, valid: true, key_id: key.key_id, algorithm: 'RS256', signature_valid: true, zip_sha256_valid: true, problems: [] });
    expect(checked.json().files).toHaveLength(manifest.files.length);
    expect((await get(`/api/orgs/${org.orgId}/compliance/bundles/bnd_unknown/verify`)).statusCode).toBe(404);
    const other = await createOrg(t.app);
    expect((await get(`/api/orgs/${org.orgId}/compliance/bundles/${bundleId}/verify`, { 'x-service-api-key': other.apiKey })).statusCode).toBe(403);

    // The cover: organization, window, checks and decisions, each framework, how to verify and the key id.
    const cover = await pdfText(await JSZip.loadAsync(res.rawPayload).then((z) => z.file('summary.pdf')!.async('uint8array')));
    for (const words of [`Org ${org.slug}`, 'checks in the window', 'allowed with masking', 'HIPAA', 'Covered controls', 'Uncovered controls', key.key_id, '/verify']) {
      expect(squash(cover)).toContain(squash(words));
    }
    expect(cover).toMatch(/Page 1 \/ 1/);
  });
});
