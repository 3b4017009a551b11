// The CSV export (spec, compliance export): one row per catalog control, RFC 4180 (CRLF line ends,
// quoted fields with doubled quotes), no BOM.
import type { ControlRecord, EvidenceReport } from './types.js';

export const EVIDENCE_CSV_HEADER: readonly string[] = [
  'framework',
  'control_id',
  'title',
  'status',
  'rule_count',
  'evidence_events',
  'evidence_blocked',
  'evidence_masked',
  'last_evidence_at',
  'tagged_by',
  // Added (issue 17), after the spec's columns.
  'covered_days',
  'first_covered_at',
  'coverage_history',
  'sampled_check_ids',
];

/** `2026-11-01..2026-11-19 uncovered;2026-11-20..2026-11-28 covered`: the history's ranges by status. */
function historyField(control: ControlRecord): string {
  const ranges: Array<{ from: string; to: string; status: string }> = [];
  for (const r of control.coverage_history) {
    const last = ranges.at(-1);
    if (last?.status === r.status) last.to = r.to_date;
    else ranges.push({ from: r.from_date, to: r.to_date, status: r.status });
  }
  return ranges.map((r) => `${r.from}..${r.to} ${r.status}`).join(';');
}

const CRLF = '\r\n';

/**
 * Who answers for a control, once per owner in the order they were tagged: `Team: <name>`, or
 * `Policy: <name>` for a legacy policy tag (DESIGN §29). The HTML and PDF exports show the same list.
 */
export function taggedBy(control: ControlRecord): string[] {
  const owners = new Map<string, string>();
  for (const rule of control.tagged_rules) {
    const label = `${rule.owner_kind === 'team' ? 'Team' : 'Policy'}: ${rule.owner_name}`;
    const owner = `${rule.owner_kind}:${rule.owner_id}`;
    if (!owners.has(owner)) owners.set(owner, label);
  }
  return [...owners.values()];
}

function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function evidenceCsv(report: EvidenceReport): string {
  const rows = report.controls.map((control) => [
    report.framework,
    control.control_id,
    control.title,
    control.status,
    control.rule_count,
    control.evidence_event_count,
    control.evidence_blocked,
    control.evidence_masked,
    control.last_evidence_at ?? '',
    taggedBy(control).join(';'),
    control.covered_days,
    control.first_covered_at ?? '',
    historyField(control),
    control.evidence_sample.map((e) => e.preflight_id).join(';'),
  ]);
  return [EVIDENCE_CSV_HEADER, ...rows].map((row) => row.map(field).join(',') + CRLF).join('');
}
