// Compliance evidence end to end (spec "Compliance evidence", parts 2, 3, 8; DESIGN §27–29): framework
// opt-ins, evidence counted from real checks through the journal and drainer, coverage evaluated at read
// time, query validation, and single-framework exports.
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcDate } from '../../src/compliance/exports.js';
import { EVIDENCE_CSV_HEADER } from '../../src/compliance/csv.js';
import { admin, appWithOrgForFile, check, createOrg, drained, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, created) => {
  t = app;
  org = created;
});

const AWS_KEY = 'AKIAZ3MSJV4WWNKWW5FG';
const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
const inject = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const evidence = async (orgId: string, framework: string, days = 30, headers = admin) => {
  const res = await get(`/api/orgs/${orgId}/compliance/evidence?framework=${framework}&days=${days}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const control = (report: { controls: Array<{ control_id: string }> }, id: string) => report.controls.find((c) => c.control_id === id) as Record<string, unknown>;

describe('frameworks', () => {
  it('lists all five with the organization’s opt-in and control counts', async () => {
    const res = await get(`/api/orgs/${org.orgId}/compliance/frameworks`, { 'x-service-api-key': org.apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      frameworks: [
        { framework: 'SOC2', display_name: 'SOC 2', enabled: false, enabled_at: null, control_count: 5 },
        { framework: 'GDPR', display_name: 'GDPR', enabled: false, enabled_at: null, control_count: 6 },
        { framework: 'HIPAA', display_name: 'HIPAA', enabled: false, enabled_at: null, control_count: 6 },
        { framework: 'PCI_DSS', display_name: 'PCI DSS v4.0', enabled: false, enabled_at: null, control_count: 5 },
        { framework: 'ISO27001', display_name: 'ISO/IEC 27001:2022', enabled: false, enabled_at: null, control_count: 6 },
      ],
    });
  });

  it('opts in and out (admin only); enabled_at is kept while enabled and cleared when disabled', async () => {
    const o = await createOrg(t.app);
    const url = `/api/orgs/${o.slug}/compliance/frameworks/HIPAA`;
    const on = await inject('PUT', url, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ framework: 'HIPAA', enabled: true, control_count: 6 });
    const enabledAt = on.json().enabled_at;
    expect(Date.parse(enabledAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await inject('PUT', url, { enabled: true })).json().enabled_at).toBe(enabledAt);
    const list = (await get(`/api/orgs/${o.orgId}/compliance/frameworks`)).json().frameworks;
    expect(list.find((f: { framework: string }) => f.framework === 'HIPAA')).toMatchObject({ enabled: true, enabled_at: enabledAt });
    expect((await inject('PUT', url, { enabled: false })).json()).toMatchObject({ enabled: false, enabled_at: null });

    expect((await inject('PUT', url, { enabled: true }, { 'x-service-api-key': o.apiKey })).statusCode).toBe(403);
    expect((await inject('PUT', url, { enabled: true }, {})).statusCode).toBe(401);
    const unknown = await inject('PUT', `/api/orgs/${o.orgId}/compliance/frameworks/NIST`, { enabled: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toContain('SOC2, GDPR, HIPAA, PCI_DSS, ISO27001');
    expect((await inject('PUT', url, { enabled: 'yes' })).statusCode).toBe(422);
    expect((await inject('PUT', url, {})).statusCode).toBe(422);
  });

  it('refuses another organization’s policy key (403) and an unknown organization (404)', async () => {
    const other = await createOrg(t.app);
    expect((await get(`/api/orgs/${org.orgId}/compliance/frameworks`, { 'x-service-api-key': other.apiKey })).statusCode).toBe(403);
    expect((await get(`/api/orgs/org_nope/compliance/frameworks`)).statusCode).toBe(404);
    expect((await get(`/api/orgs/${org.orgId}/compliance/frameworks`, {})).statusCode).toBe(401);
  });
});

describe('evidence query validation', () => {
  const url = (q: string) => `/api/orgs/${org.orgId}/compliance/evidence?${q}`;
  it.each([
    ['framework=SOC2&days=0', 'days must be at least 1'],
    ['framework=SOC2&days=181', 'days must be at most 180'],
    ['framework=SOC2&days=1.5', 'days must be an integer'],
    ['framework=SOC2&days=abc', 'days must be an integer'],
    ['days=30', 'framework'],
    ['framework=NIST', 'must be one of SOC2, GDPR, HIPAA, PCI_DSS, ISO27001'],
    ['framework=soc2', 'must be one of'],
  ])('%s → 422 with a detail', async (q, detail) => {
    const res = await get(url(q));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });

  it('defaults days to 30 and accepts 1 and 180', async () => {
    expect((await evidence(org.orgId, 'SOC2', 1)).window_days).toBe(1);
    expect((await evidence(org.orgId, 'SOC2', 180)).window_days).toBe(180);
    expect((await get(url('framework=GDPR'))).json().window_days).toBe(30);
  });

  it('validates export format and framework the same way', async () => {
    const exp = (q: string) => get(`/api/orgs/${org.orgId}/compliance/export?${q}`);
    expect((await exp('framework=SOC2')).json().detail).toContain('format');
    expect((await exp('framework=SOC2&format=xml')).statusCode).toBe(422);
    expect((await exp('format=csv')).statusCode).toBe(422);
    expect((await exp('framework=SOC2&format=csv&days=200')).statusCode).toBe(422);
  });
});

describe('evidence counted from checks', () => {
  let o: OrgFixture;
  let policyId: string;
  let apiKey: string;
  let rules: Record<string, string>;
  let teamId: string;

  beforeAll(async () => {
    o = await createOrg(t.app);
    const created = await inject('POST', `/api/orgs/${o.orgId}/policies`, {
      name: 'Evidence policy',
      description: 'known rules',
      tags: ['SOC2:CC7.2', 'finance'],
      rules: [
        { name: 'Block secrets', enabled: true, dataTypes: ['SECRETS'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'BLOCK' },
        { name: 'Mask PII', enabled: true, dataTypes: ['PII'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'MASK' },
        { name: 'Allow financial', enabled: true, dataTypes: ['FINANCIAL'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'ALLOW' },
        { name: 'Mask PII to vendors (off)', enabled: false, dataTypes: ['PII'], destinations: ['VENDOR'], action: 'MASK' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    policyId = created.json().policy_id;
    apiKey = created.json().api_key;
    rules = Object.fromEntries(created.json().rules.map((r: { name: string; id: string }) => [r.name, r.id]));
    const team = await inject('POST', `/api/orgs/${o.orgId}/teams`, { name: 'Security' });
    expect(team.statusCode, team.body).toBe(201);
    teamId = team.json().team_id;
    for (const [control_id, rule] of [['CC6.6', 'Block secrets'], ['C1.1', 'Mask PII'], ['CC6.7', 'Mask PII to vendors (off)']] as const) {
      const tag = await inject('POST', `/api/orgs/${o.orgId}/teams/${teamId}/tags`, { framework: 'SOC2', control_id, rule_id: rules[rule] });
      expect(tag.statusCode, tag.body).toBe(201);
    }

    const checks: Array<[string, string]> = [
      ['mail jane@example.com please', 'AI_TOOL'], // MASK: Mask PII
      [`deploy with ${AWS_KEY}`, 'VENDOR'], // BLOCK: Block secrets
      [`key ${AWS_KEY} for jane@example.com`, 'CUSTOMER'], // BLOCKED: both rules fired
      ['card 4111 1111 1111 1111', 'AI_TOOL'], // ALLOW rule: no evidence
      ['nothing to see here', 'AI_TOOL'], // no rule fired
    ];
    for (const [text, destination] of checks) expect((await check(t.app, apiKey, { text, destination })).statusCode).toBe(200);
    await drained(t.app);
  });

  it('adds one increment per fired BLOCK or MASK rule, by the rule’s action', async () => {
    const report = await evidence(o.orgId, 'SOC2');
    expect(control(report, 'CC6.6')).toMatchObject({ status: 'covered', rule_count: 1, evidence_blocked: 2, evidence_masked: 0, evidence_event_count: 2 });
    expect(control(report, 'C1.1')).toMatchObject({ status: 'covered', rule_count: 1, evidence_blocked: 0, evidence_masked: 2, evidence_event_count: 2 });
    // The legacy tag names every rule of the policy: both firing rules count, the ALLOW rule adds nothing.
    expect(control(report, 'CC7.2')).toMatchObject({ status: 'covered', rule_count: 4, evidence_blocked: 2, evidence_masked: 2, evidence_event_count: 4 });
    // Tagged only to a disabled rule: uncovered, no evidence.
    expect(control(report, 'CC6.7')).toMatchObject({ status: 'uncovered', rule_count: 1, evidence_event_count: 0, last_evidence_at: null });
    expect(control(report, 'CC6.1')).toMatchObject({ status: 'uncovered', rule_count: 0, tagged_rules: [] });
    expect(report.summary).toEqual({ total_controls: 5, covered_controls: 3, uncovered_controls: 2, coverage_pct: 60, total_evidence_events: 8 });
    const last = Date.parse(control(report, 'CC7.2').last_evidence_at as string);
    expect(last).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(last).toBeLessThanOrEqual(Date.now());
  });

  it('merges team and legacy tags into tagged_rules (team: policy fields null; policy: populated)', async () => {
    const report = await evidence(o.orgId, 'SOC2');
    expect(control(report, 'CC6.6').tagged_rules).toEqual([
      { owner_kind: 'team', owner_id: teamId, owner_name: 'Security', rule_id: rules['Block secrets'], policy_id: null, policy_name: null, tagged_at: expect.any(String) },
    ]);
    expect((control(report, 'CC7.2').tagged_rules as unknown[])[0]).toEqual({
      owner_kind: 'policy',
      owner_id: policyId,
      owner_name: 'Evidence policy',
      rule_id: rules['Block secrets'],
      policy_id: policyId,
      policy_name: 'Evidence policy',
      tagged_at: expect.any(String),
    });
  });

  it('keeps evidence to the window: older days count only in a wider window', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.app.repos.evidence.raise([{ orgId: o.orgId, day: utcDate(old), rules: { [rules['Block secrets']!]: { blocked: 5, masked: 0, last_at: old.getTime() } } }]);
    expect(control(await evidence(o.orgId, 'SOC2', 30), 'CC6.6')).toMatchObject({ evidence_blocked: 2 });
    const wide = control(await evidence(o.orgId, 'SOC2', 60), 'CC6.6');
    expect(wide).toMatchObject({ evidence_blocked: 7, evidence_event_count: 7 });
    expect(Date.parse(wide.last_evidence_at as string)).toBeGreaterThan(old.getTime());
  });

  it('flips coverage when rules are disabled and back, at read time', async () => {
    const policyUrl = `/api/orgs/${o.orgId}/policies/${policyId}`;
    const current = (await get(policyUrl)).json().rules as Array<{ id: string; name: string; enabled: boolean }>;
    const withEnabled = (names: string[], enabled: boolean) =>
      current.map(({ id, name, enabled: was, ...rest }) => ({ id, name, ...rest, enabled: names.includes(name) ? enabled : was }));
    const patch = async (rulesBody: unknown) => expect((await inject('PATCH', policyUrl, { rules: rulesBody })).statusCode).toBe(200);

    await patch(withEnabled(['Block secrets'], false));
    let report = await evidence(o.orgId, 'SOC2');
    expect(control(report, 'CC6.6').status).toBe('uncovered');
    expect(control(report, 'CC6.6').evidence_blocked).toBe(2); // evidence already recorded stays
    expect(control(report, 'CC7.2').status).toBe('covered');
    expect(report.summary).toMatchObject({ covered_controls: 2, coverage_pct: 40 });

    await patch(withEnabled(['Block secrets', 'Mask PII to vendors (off)'], true));
    report = await evidence(o.orgId, 'SOC2');
    expect(control(report, 'CC6.6').status).toBe('covered');
    expect(control(report, 'CC6.7').status).toBe('covered');

    // A deactivated policy enforces nothing: every control its rules cover goes uncovered.
    expect((await inject('PATCH', policyUrl, { is_active: false })).statusCode).toBe(200);
    expect((await evidence(o.orgId, 'SOC2')).summary).toMatchObject({ covered_controls: 0, coverage_pct: 0 });
    expect((await inject('PATCH', policyUrl, { is_active: true })).statusCode).toBe(200);
    expect((await evidence(o.orgId, 'SOC2')).summary.covered_controls).toBe(4);
  });

  it('lets the organization’s policy key read evidence; another organization’s key gets 403', async () => {
    expect((await get(`/api/orgs/${o.orgId}/compliance/evidence?framework=SOC2`, { 'x-service-api-key': apiKey })).statusCode).toBe(200);
    expect((await get(`/api/orgs/${o.orgId}/compliance/evidence?framework=SOC2`, { 'x-service-api-key': org.apiKey })).statusCode).toBe(403);
  });

  it('exports CSV: the spec’s columns in order, one row per control, tagged_by, RFC 4180, attachment headers', async () => {
    const res = await get(`/api/orgs/${o.slug}/compliance/export?framework=SOC2&format=csv`, { 'x-service-api-key': apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${o.slug}-${utcDate(new Date())}-SOC2.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    // The spec's columns in order; issue 17's columns after them.
    expect(lines[0]!.startsWith('framework,control_id,title,status,rule_count,evidence_events,evidence_blocked,evidence_masked,last_evidence_at,tagged_by,')).toBe(true);
    expect(EVIDENCE_CSV_HEADER.join(',')).toBe(lines[0]);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 5 + 1);
    const report = await evidence(o.orgId, 'SOC2');
    const cc72 = control(report, 'CC7.2');
    const row = lines.find((l) => l.startsWith('SOC2,CC7.2,'))!;
    expect(row.startsWith(`SOC2,CC7.2,"${cc72.title}",covered,4,${cc72.evidence_event_count},${cc72.evidence_blocked},${cc72.evidence_masked},${cc72.last_evidence_at},Policy: Evidence policy,`)).toBe(true);
    expect(lines.find((l) => l.startsWith('SOC2,CC6.6,'))).toContain(',Team: Security,');
    expect(lines.find((l) => l.startsWith('SOC2,CC6.1,'))).toContain(',uncovered,0,0,0,0,,,0,,');
  });

  it('exports JSON: the evidence shape plus who, when and which window', async () => {
    const res = await get(`/api/orgs/${o.orgId}/compliance/export?framework=HIPAA&format=json&days=7`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${o.slug}-${utcDate(new Date())}-HIPAA.json"`);
    const body = res.json();
    const { org_id, org_slug, generated_at, from_date, to_date, ...report } = body;
    expect(report).toEqual(await evidence(o.orgId, 'HIPAA', 7));
    expect({ org_id, org_slug, to_date }).toEqual({ org_id: o.orgId, org_slug: o.slug, to_date: utcDate(new Date()) });
    expect(from_date).toBe(utcDate(new Date(Date.now() - 6 * 86_400_000)));
    expect(Date.parse(generated_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('exports PDF rendered by chromium, with the controls and the organization', async () => {
    const res = await get(`/api/orgs/${o.orgId}/compliance/export?framework=SOC2&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${o.slug}-${utcDate(new Date())}-SOC2.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    for (const id of ['CC6.1', 'CC6.6', 'CC6.7', 'CC7.2', 'C1.1', `Org ${o.slug}`, 'Security']) expect(text).toContain(id);
  });
});
