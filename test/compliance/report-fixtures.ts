// Evidence reports built by hand from the catalog, for the CSV, HTML and PDF export tests.
import { CATALOG, FRAMEWORKS, type CatalogControl, type Framework } from '../../src/compliance/catalog.js';
import type { ControlRecord, EvidenceReport, ExportContext, TaggedRule } from '../../src/compliance/types.js';

export const ctx = (org: Partial<ExportContext['org']> = {}): ExportContext => ({
  org: { org_id: 'org_fixture', name: 'Acme Health', slug: 'acme-health', primary_color: '#0f766e', ...org },
  generated_at: new Date('2025-03-14T09:26:53.120Z'),
  window: { days: 30, from_date: '2025-02-13', to_date: '2025-03-14' },
});

export const teamTag = (ownerId: string, ownerName: string, ruleId: string): TaggedRule => ({
  owner_kind: 'team',
  owner_id: ownerId,
  owner_name: ownerName,
  rule_id: ruleId,
  policy_id: null,
  policy_name: null,
  tagged_at: null,
});

export const policyTag = (policyId: string, policyName: string, ruleId: string): TaggedRule => ({
  owner_kind: 'policy',
  owner_id: policyId,
  owner_name: policyName,
  rule_id: ruleId,
  policy_id: policyId,
  policy_name: policyName,
  tagged_at: null,
});

/** Every control of the framework, uncovered and without evidence unless `edit` says otherwise. */
export function report(framework: Framework, edit: (control: CatalogControl) => Partial<ControlRecord> = () => ({})): EvidenceReport {
  const controls: ControlRecord[] = CATALOG[framework].controls.map((control) => ({
    ...control,
    status: 'uncovered',
    rule_count: 0,
    tagged_rules: [],
    evidence_event_count: 0,
    evidence_blocked: 0,
    evidence_masked: 0,
    last_evidence_at: null,
    covered_days: 0,
    coverage_history: [{ from_date: '2025-02-13', to_date: '2025-03-14', status: 'uncovered', rules: [] }],
    first_covered_at: null,
    rule_definitions: [],
    evidence_sample: [],
    ...edit(control),
  }));
  const covered = controls.filter((c) => c.status === 'covered').length;
  return {
    framework,
    display_name: CATALOG[framework].display_name,
    window_days: 30,
    controls,
    summary: {
      total_controls: controls.length,
      covered_controls: covered,
      uncovered_controls: controls.length - covered,
      coverage_pct: Math.round((covered * 100) / controls.length),
      total_evidence_events: controls.reduce((sum, c) => sum + c.evidence_event_count, 0),
    },
  };
}

/** The first control of each framework covered by one team with some evidence. */
export const busyReports = (): EvidenceReport[] =>
  FRAMEWORKS.map((framework) =>
    report(framework, (control) =>
      control === CATALOG[framework].controls[0]
        ? {
            status: 'covered',
            rule_count: 1,
            tagged_rules: [teamTag('team_sec', 'Security Engineering', 'rule_1')],
            evidence_event_count: 1234,
            evidence_blocked: 1000,
            evidence_masked: 234,
            last_evidence_at: '2025-03-13T17:05:00.000Z',
          }
        : {},
    ),
  );
