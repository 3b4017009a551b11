// Evidence evaluated at read time (spec parts 2 and 3; DESIGN §27–29): the catalog, tag merging,
// coverage, evidence sums, summary, bundle framework selection, windows and file names.
import { describe, expect, it } from 'vitest';
import { CATALOG, FRAMEWORKS, findControl, parseLegacyTag } from '../../src/compliance/catalog.js';
import { buildEvidenceReport, bundleFrameworks, type EvidenceInputs, type PolicyFacts } from '../../src/compliance/evidence.js';
import { bundleFilename, evidenceExportJson, evidenceWindow, exportFilename } from '../../src/compliance/exports.js';
import { ConfigHistory } from '../../src/compliance/history.js';

describe('catalog', () => {
  it('holds exactly the frameworks and control ids of DESIGN §27, each fully described', () => {
    const ids = Object.fromEntries(FRAMEWORKS.map((f) => [f, CATALOG[f].controls.map((c) => c.control_id)]));
    expect(ids).toEqual({
      SOC2: ['CC6.1', 'CC6.6', 'CC6.7', 'CC7.2', 'C1.1'],
      GDPR: ['Art. 5(1)(c)', 'Art. 5(1)(f)', 'Art. 25', 'Art. 28', 'Art. 30', 'Art. 32'],
      HIPAA: ['164.308(a)(1)(ii)(D)', '164.312(a)(1)', '164.312(b)', '164.312(e)(1)', '164.502(b)', '164.514(b)'],
      PCI_DSS: ['3.4.1', '3.5.1', '4.2.2', '10.2.1', '12.10.7'],
      ISO27001: ['A.5.12', 'A.5.14', 'A.5.34', 'A.8.11', 'A.8.12', 'A.8.15'],
    });
    for (const f of FRAMEWORKS) {
      expect(CATALOG[f].framework).toBe(f);
      for (const c of CATALOG[f].controls) {
        for (const field of [c.title, c.description, c.covered_by, c.default_owner_role]) expect(field.trim().length).toBeGreaterThan(3);
      }
    }
    expect(CATALOG.GDPR.controls.find((c) => c.control_id === 'Art. 25')?.title).toBe('Data protection by design and by default');
    expect(CATALOG.ISO27001.controls.find((c) => c.control_id === 'A.8.12')?.title).toBe('Data leakage prevention');
    expect(CATALOG.HIPAA.controls.find((c) => c.control_id === '164.312(b)')?.title).toBe('Audit controls');
  });

  it('reads legacy policy tags <FRAMEWORK>:<control_id> and ignores every other tag', () => {
    expect(parseLegacyTag('SOC2:CC6.1')).toEqual({ framework: 'SOC2', control_id: 'CC6.1' });
    expect(parseLegacyTag('GDPR:Art. 5(1)(c)')).toEqual({ framework: 'GDPR', control_id: 'Art. 5(1)(c)' });
    expect(parseLegacyTag('pci_dss: 3.4.1')).toEqual({ framework: 'PCI_DSS', control_id: '3.4.1' });
    for (const other of ['finance', 'SOC2', 'SOC2:', ':CC6.1', 'SOC2:CC9.9', 'NIST:AC-1', 'team:payments']) expect(parseLegacyTag(other)).toBeNull();
    expect(findControl('SOC2', 'CC6.6')?.control_id).toBe('CC6.6');
    expect(findControl('SOC2', 'A.8.12')).toBeNull();
  });
});

const rule = (id: string, enabled = true) => ({ id, name: `Rule ${id}`, enabled, dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' });
const policy = (id: string, rules: PolicyFacts['rules'], tags: string[] = [], is_active = true): PolicyFacts => ({ _id: id, name: `Policy ${id}`, version: '1.0', is_active, tags, rules });
const at = (iso: string) => new Date(iso);
/** Everything in these inputs exists since then, with no change logged. */
const CREATED = at('2026-10-01T00:00:00Z');
const NOW = at('2026-11-28T12:00:00Z');

function inputs(over: Partial<EvidenceInputs> = {}): EvidenceInputs {
  const base = {
    policies: [policy('p1', [rule('r1'), rule('r2'), rule('r3', false)]), policy('p2', [rule('r4')], ['SOC2:CC7.2', 'unrelated'])],
    teams: [
      { _id: 't2', name: 'Security' },
      { _id: 't1', name: 'Privacy' },
    ],
    tags: [
      { _id: 'tag1', team_id: 't2', framework: 'SOC2', control_id: 'CC6.6', rule_id: 'r1' },
      { _id: 'tag2', team_id: 't1', framework: 'SOC2', control_id: 'CC6.6', rule_id: 'r2' },
      { _id: 'tag3', team_id: 't1', framework: 'SOC2', control_id: 'C1.1', rule_id: 'r3' },
      { _id: 'tag4', team_id: 't1', framework: 'GDPR', control_id: 'Art. 32', rule_id: 'r1' },
      { _id: 'tag5', team_id: 't1', framework: 'SOC2', control_id: 'CC7.2', rule_id: 'r4' },
    ],
    evidence: new Map([
      ['r1', { blocked: 5, masked: 0, last_at: at('2026-11-20T10:00:00Z') }],
      ['r2', { blocked: 0, masked: 7, last_at: at('2026-11-21T09:30:00Z') }],
      ['r4', { blocked: 2, masked: 3, last_at: at('2026-11-01T00:00:00Z') }],
      ['r9', { blocked: 100, masked: 100, last_at: at('2026-11-22T00:00:00Z') }],
    ]),
    from_date: '2026-10-30',
    now: NOW,
    samples: new Map(),
    ...over,
  };
  const history = new ConfigHistory({
    policies: base.policies.map((p) => ({ ...p, license_id: 'lic', created_at: CREATED })),
    tags: base.tags.map((t) => ({ ...t, created_at: CREATED })),
    changes: [],
  });
  return { history, ...base };
}

describe('evidence report', () => {
  it('merges team and legacy tags into tagged_rules as spec part 2 says, teams first by name', () => {
    const report = buildEvidenceReport('SOC2', 30, inputs());
    const cc66 = report.controls.find((c) => c.control_id === 'CC6.6')!;
    expect(cc66.tagged_rules).toEqual([
      { owner_kind: 'team', owner_id: 't1', owner_name: 'Privacy', rule_id: 'r2', policy_id: null, policy_name: null, tagged_at: CREATED.toISOString() },
      { owner_kind: 'team', owner_id: 't2', owner_name: 'Security', rule_id: 'r1', policy_id: null, policy_name: null, tagged_at: CREATED.toISOString() },
    ]);
    const cc72 = report.controls.find((c) => c.control_id === 'CC7.2')!;
    expect(cc72.tagged_rules).toEqual([
      { owner_kind: 'team', owner_id: 't1', owner_name: 'Privacy', rule_id: 'r4', policy_id: null, policy_name: null, tagged_at: CREATED.toISOString() },
      { owner_kind: 'policy', owner_id: 'p2', owner_name: 'Policy p2', rule_id: 'r4', policy_id: 'p2', policy_name: 'Policy p2', tagged_at: CREATED.toISOString() },
    ]);
    // The same rule through two owners counts once, for rules and for evidence.
    expect(cc72).toMatchObject({ rule_count: 1, evidence_blocked: 2, evidence_masked: 3, evidence_event_count: 5, last_evidence_at: '2026-11-01T00:00:00.000Z' });
  });

  it('sums the tagged rules’ evidence and takes the newest time; untagged rules add nothing', () => {
    const report = buildEvidenceReport('SOC2', 30, inputs());
    const cc66 = report.controls.find((c) => c.control_id === 'CC6.6')!;
    expect(cc66).toMatchObject({
      status: 'covered',
      rule_count: 2,
      evidence_blocked: 5,
      evidence_masked: 7,
      evidence_event_count: 12,
      last_evidence_at: '2026-11-21T09:30:00.000Z',
    });
    const cc61 = report.controls.find((c) => c.control_id === 'CC6.1')!;
    expect(cc61).toMatchObject({ status: 'uncovered', rule_count: 0, tagged_rules: [], evidence_event_count: 0, last_evidence_at: null });
    expect(cc61.title).toBe(CATALOG.SOC2.controls[0]!.title);
  });

  it('is covered only while a tagged rule is enabled and its policy active', () => {
    const c11 = (i: EvidenceInputs) => buildEvidenceReport('SOC2', 30, i).controls.find((c) => c.control_id === 'C1.1')!;
    expect(c11(inputs()).status).toBe('uncovered'); // its one rule, r3, is disabled
    const enabled = inputs({ policies: [policy('p1', [rule('r1'), rule('r2'), rule('r3', true)])] });
    expect(c11(enabled).status).toBe('covered');
    const inactive = inputs({ policies: [policy('p1', [rule('r1'), rule('r2'), rule('r3', true)], [], false)] });
    expect(c11(inactive).status).toBe('uncovered');
    expect(c11(inactive).rule_count).toBe(1);
  });

  it('drops tags whose rule or team no longer exists', () => {
    const report = buildEvidenceReport('SOC2', 30, inputs({ policies: [policy('p1', [rule('r2')])], teams: [{ _id: 't1', name: 'Privacy' }] }));
    const cc66 = report.controls.find((c) => c.control_id === 'CC6.6')!;
    expect(cc66.tagged_rules.map((t) => t.rule_id)).toEqual(['r2']);
    expect(cc66.evidence_event_count).toBe(7);
  });

  it('has one record per catalog control and a summary consistent with them', () => {
    for (const framework of FRAMEWORKS) {
      const report = buildEvidenceReport(framework, 90, inputs());
      expect(report).toMatchObject({ framework, display_name: CATALOG[framework].display_name, window_days: 90 });
      expect(report.controls.map((c) => c.control_id)).toEqual(CATALOG[framework].controls.map((c) => c.control_id));
      const covered = report.controls.filter((c) => c.status === 'covered').length;
      expect(report.summary).toEqual({
        total_controls: report.controls.length,
        covered_controls: covered,
        uncovered_controls: report.controls.length - covered,
        coverage_pct: Math.round((covered * 100) / report.controls.length),
        total_evidence_events: report.controls.reduce((n, c) => n + c.evidence_event_count, 0),
      });
    }
    expect(buildEvidenceReport('SOC2', 30, inputs()).summary).toEqual({
      total_controls: 5,
      covered_controls: 2,
      uncovered_controls: 3,
      coverage_pct: 40,
      total_evidence_events: 17,
    });
  });
});

describe('bundle frameworks (spec part 4)', () => {
  const tag = (framework: string) => ({ _id: 'tag6', team_id: 't', framework, control_id: 'x', rule_id: 'r' });
  it('takes the opted-in frameworks and those team tags name, in catalog order', () => {
    expect(bundleFrameworks(['GDPR'], [])).toEqual(['GDPR']);
    expect(bundleFrameworks(['ISO27001'], [tag('SOC2'), tag('SOC2')])).toEqual(['SOC2', 'ISO27001']);
  });
  it('takes every framework when there are neither', () => {
    expect(bundleFrameworks([], [])).toEqual(['SOC2', 'GDPR', 'HIPAA', 'PCI_DSS', 'ISO27001']);
  });
});

describe('windows and file names', () => {
  const now = new Date('2026-03-01T23:59:59Z');
  it('is `days` UTC days ending today, inclusive', () => {
    expect(evidenceWindow(1, now)).toEqual({ days: 1, from_date: '2026-03-01', to_date: '2026-03-01' });
    expect(evidenceWindow(30, now)).toEqual({ days: 30, from_date: '2026-01-31', to_date: '2026-03-01' });
  });
  it('names files as the spec says', () => {
    const ctx = { org: { org_id: 'org_1', name: 'Acme', slug: 'acme-corp', primary_color: '#123456' }, generated_at: now, window: evidenceWindow(30, now) };
    expect(exportFilename(ctx, 'PCI_DSS', 'csv')).toBe('evidence-acme-corp-2026-03-01-PCI_DSS.csv');
    expect(bundleFilename(ctx)).toBe('evidence-acme-corp-2026-03-01.zip');
    const report = buildEvidenceReport('SOC2', 30, inputs());
    expect(evidenceExportJson(report, ctx)).toEqual({ ...report, org_id: 'org_1', org_slug: 'acme-corp', generated_at: now.toISOString(), from_date: '2026-01-31', to_date: '2026-03-01' });
  });
});
