// The shapes of compliance evidence (spec part 2, "Compliance control record"). The evidence JSON
// is stable across releases (spec part 9): fields are only ever added.
import type { CatalogControl, Framework } from './catalog.js';
import type { CoverageRange } from './history.js';

/** What made an export/all bundle: a request, or the organization's schedule. */
export const BUNDLE_TRIGGERS = ['on_demand', 'scheduled'] as const;
export type BundleTrigger = (typeof BUNDLE_TRIGGERS)[number];

export interface TaggedRule {
  owner_kind: 'team' | 'policy';
  /** Team id (owner_kind team) or policy id (legacy policy tag). */
  owner_id: string;
  owner_name: string;
  rule_id: string;
  /** Null for team tags, populated for legacy policy tags (spec part 2). */
  policy_id: string | null;
  policy_name: string | null;
  /** Added (issue 17): since when this owner has tagged the rule to the control without a break; null when unknown. */
  tagged_at: string | null;
}

/** Added (issue 17): what a tagged rule does, so an auditor can re-perform it. */
export interface RuleDefinition {
  rule_id: string;
  name: string;
  enabled: boolean;
  dataTypes: string[];
  destinations: string[];
  action: string;
  policy_id: string;
  policy_name: string;
  policy_version: string;
  policy_active: boolean;
}

/** Added (issue 17): one check behind a control's counts. Ids, types and counts only: never content. */
export interface EvidenceSample {
  preflight_id: string;
  created_at: string;
  rule_id: string;
  decision: string;
  detected: Array<{ type: string; count: number }>;
}

export interface ControlRecord extends CatalogControl {
  status: 'covered' | 'uncovered';
  /** Distinct rules tagged to the control. */
  rule_count: number;
  tagged_rules: TaggedRule[];
  evidence_event_count: number;
  evidence_blocked: number;
  evidence_masked: number;
  /** ISO time of the newest evidence in the window; null when there is none. */
  last_evidence_at: string | null;
  /** Added (issue 17): UTC days of the window the control was covered all day long (today: until now). */
  covered_days: number;
  /** Added (issue 17): the window's days as ranges of one status and one set of tagged rules. */
  coverage_history: CoverageRange[];
  /** Added (issue 17): when the covered stretch that first reaches into the window began; null when never covered in it. */
  first_covered_at: string | null;
  /** Added (issue 17): the definitions of the rules tagged now, in `tagged_rules` order. */
  rule_definitions: RuleDefinition[];
  /** Added (issue 17): a bounded sample of the checks behind the evidence counts. */
  evidence_sample: EvidenceSample[];
}

export interface EvidenceSummary {
  total_controls: number;
  covered_controls: number;
  uncovered_controls: number;
  /** Whole percent, rounded half up; 0 when there are no controls. */
  coverage_pct: number;
  /** Sum of the controls' evidence_event_count. */
  total_evidence_events: number;
}

/** GET .../compliance/evidence */
export interface EvidenceReport {
  framework: Framework;
  display_name: string;
  window_days: number;
  controls: ControlRecord[];
  summary: EvidenceSummary;
}

/** Who and when an export is for: file names, headers of CSV/PDF, the bundle manifest. */
export interface ExportContext {
  org: { org_id: string; name: string; slug: string; primary_color: string };
  generated_at: Date;
  /** The evidence window as UTC dates, inclusive: `days` days ending today. */
  window: { days: number; from_date: string; to_date: string };
}

/** The JSON export (`format=json`, and evidence.json in bundles): the report plus who, when, which window. */
export interface EvidenceExportJson extends EvidenceReport {
  org_id: string;
  org_slug: string;
  generated_at: string;
  from_date: string;
  to_date: string;
}

/** An entry of GET .../compliance/frameworks (spec part 2, "Compliance framework entry"). */
export interface FrameworkEntry {
  framework: Framework;
  display_name: string;
  enabled: boolean;
  enabled_at: string | null;
  control_count: number;
}
