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
];

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
  ]);
  return [EVIDENCE_CSV_HEADER, ...rows].map((row) => row.map(field).join(',') + CRLF).join('');
}
