// The HTML the PDF exports are printed from: a framework's evidence document and the one-page cover of
// a bundle. Self-contained (inline CSS, system fonts, no scripts, no URLs) because the renderer lets
// nothing load; every interpolated string is escaped, since team, policy and org names are user input.
import { taggedBy } from './csv.js';
import type { ControlRecord, EvidenceReport, ExportContext } from './types.js';

/** What the cover of a bundle summarizes besides the reports (src/services/compliance.ts, BundleContents). */
export interface CoverFacts {
  checks: { total: number; allowed: number; masked: number; blocked: number };
  reports: EvidenceReport[];
  reasons: ReadonlyArray<{ framework: string; detail: string }>;
}

/**
 * Rule definitions, sampled checks and history ranges a PDF shows per control (each page costs render
 * time: bench/RESULTS.md); evidence.json and evidence.csv hold them all.
 */
const PDF_RULES_PER_CONTROL = 3;
const PDF_SAMPLES_PER_CONTROL = 3;
const PDF_RANGES_PER_CONTROL = 8;

/** The organization default (src/api/schemas/organizations.ts); also used for any value that is not a hex color. */
const DEFAULT_COLOR = '#2563eb';
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The brand color goes into CSS: anything but a hex color could break out of the style sheet. */
const brandColor = (color: string) => (HEX_COLOR.test(color) ? color : DEFAULT_COLOR);

const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const windowText = (ctx: ExportContext) =>
  `${ctx.window.from_date} – ${ctx.window.to_date} (${ctx.window.days} ${ctx.window.days === 1 ? 'day' : 'days'})`;

// Brand color only on rules and bars, never under or as text: any hex color stays readable.
const styles = (color: string) => `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: 'DejaVu Sans', sans-serif; font-size: 9pt; line-height: 1.35; color: #1f2328; }
  .brand { height: 6px; background: ${color}; margin-bottom: 12px; }
  .org { font-size: 10pt; color: #57606a; overflow-wrap: anywhere; }
  h1 { font-size: 17pt; margin: 2px 0 6px; overflow-wrap: anywhere; }
  .meta { color: #57606a; margin: 0 0 14px; }
  .meta span + span::before { content: ' · '; }
  .stats { display: flex; gap: 10px; margin-bottom: 14px; }
  .stat { flex: 1; border-left: 4px solid ${color}; background: #f6f8fa; padding: 6px 10px; }
  .stat b { display: block; font-size: 15pt; }
  .stat span { color: #57606a; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  th, td { padding: 4px 3px; text-align: left; vertical-align: top; }
  th { font-size: 7.5pt; border-bottom: 2px solid ${color}; }
  /* Names are user input: a long one wraps anywhere rather than running off the page. */
  td { border-bottom: 1px solid #d0d7de; overflow-wrap: anywhere; }
  tr { break-inside: avoid; }
  .controls td { font-size: 7.5pt; }
  .id { font-weight: bold; }
  .n { text-align: right; }
  td.n { white-space: nowrap; }
  /* A number and the text column after it never touch ("0 2026-11-25"): room on both sides. */
  .controls td.n, .controls th.n { padding-right: 8px; }
  .controls td.gap, .controls th.gap { padding-left: 10px; }
  h2 { font-size: 11pt; margin: 16px 0 6px; }
  h3 { font-size: 9.5pt; margin: 12px 0 4px; break-after: avoid; }
  .detail-lines { font-size: 7pt; color: #57606a; overflow-wrap: anywhere; }
  .covered { color: #1a7f37; font-weight: bold; }
  .uncovered { color: #b42318; font-weight: bold; }
  .none { color: #8c959f; }
  .detail { color: #57606a; margin-top: 2px; }
  .meter { display: inline-block; width: 60px; height: 7px; background: #eaeef2; margin-left: 6px; }
  .meter i { display: block; height: 100%; background: ${color}; }
  .note { color: #57606a; font-size: 8pt; margin-top: 10px; }
`;

function htmlDocument(title: string, ctx: ExportContext, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${esc(title)}</title>
<style>${styles(brandColor(ctx.org.primary_color))}</style>
</head>
<body>
<div class="brand"></div>
<div class="org">${esc(ctx.org.name)}</div>
<h1>${esc(title)}</h1>
<p class="meta"><span>Window: ${esc(windowText(ctx))}</span><span>Generated: ${esc(utcMinute(ctx.generated_at))}</span></p>
${body}
</body>
</html>
`;
}

const none = '<span class="none">—</span>';

/** Label, width in percent, numeric (right-aligned). Fixed widths: long text wraps, the table never outgrows the page. */
type Column = [label: string, width: number, numeric?: boolean];
const CONTROL_COLUMNS: Column[] = [
  ['Control', 28],
  ['Status', 10],
  ['Covered days', 8, true],
  ['Rules', 6, true],
  ['Events', 8, true],
  ['Blocked', 8, true],
  ['Masked', 8, true],
  ['Last evidence', 11],
  ['Tagged by', 13],
];
const FRAMEWORK_COLUMNS: Column[] = [
  ['Framework', 34],
  ['Controls', 13, true],
  ['Covered', 13, true],
  ['Coverage', 22, true],
  ['Evidence events', 18, true],
];

const tableHead = (columns: Column[]) =>
  `<colgroup>${columns.map(([, width]) => `<col style="width:${width}%">`).join('')}</colgroup>
<thead><tr>${columns
    .map(([label, , numeric], i) => {
      const after = i > 0 && columns[i - 1]![2] === true && !numeric;
      return `<th class="${[numeric ? 'n' : '', after ? 'gap' : ''].join(' ').trim()}">${label}</th>`;
    })
    .join('')}</tr></thead>`;

const coveredDays = (control: ControlRecord, days: number) => `${count(control.covered_days)} of ${count(days)} days`;

function controlRow(control: ControlRecord, days: number): string {
  const owners = taggedBy(control);
  const since = control.status === 'covered' && control.first_covered_at ? `<div class="detail">since ${esc(control.first_covered_at.slice(0, 10))}</div>` : '';
  return `<tr>
<td><div class="id">${esc(control.control_id)}</div>${esc(control.title)}
<div class="detail">Covered by: ${esc(control.covered_by)}. Owner: ${esc(control.default_owner_role)}.</div></td>
<td class="${control.status}">${control.status === 'covered' ? 'Covered' : 'Uncovered'}${since}</td>
<td class="n">${coveredDays(control, days)}</td>
<td class="n">${count(control.rule_count)}</td>
<td class="n">${count(control.evidence_event_count)}</td>
<td class="n">${count(control.evidence_blocked)}</td>
<td class="n">${count(control.evidence_masked)}</td>
<td class="gap">${control.last_evidence_at ? esc(utcMinute(new Date(control.last_evidence_at))) : none}</td>
<td>${owners.length ? owners.map(esc).join('<br>') : none}</td>
</tr>`;
}

/** A control's history, rule definitions and sampled checks: what an auditor re-performs from. */
function controlDetail(control: ControlRecord, days: number): string {
  if (control.rule_count === 0 && control.coverage_history.every((r) => r.rules.length === 0)) return '';
  // One line per item, not tables: every page costs render time (bench/RESULTS.md).
  const history = control.coverage_history
    .slice(-PDF_RANGES_PER_CONTROL)
    .map((range) => {
      const on = range.rules.filter((r) => r.enabled && r.policy_active).length;
      const span = range.from_date === range.to_date ? range.from_date : `${range.from_date} – ${range.to_date}`;
      return `${esc(span)}: ${range.status}, ${count(range.rules.length)} tagged ${range.rules.length === 1 ? 'rule' : 'rules'} (${count(on)} enabled)`;
    });
  const earlier = control.coverage_history.length - PDF_RANGES_PER_CONTROL;
  const tagged = new Map(control.tagged_rules.map((t) => [t.rule_id, t.tagged_at]));
  const rules = control.rule_definitions.slice(0, PDF_RULES_PER_CONTROL).map((r) => {
    const since = tagged.get(r.rule_id);
    return `${esc(r.name)} (${esc(r.policy_name)} v${esc(r.policy_version)}${r.policy_active ? '' : ', inactive'}): ${esc(r.action)} ${esc(r.dataTypes.join(', '))} to ${esc(r.destinations.join(', '))}; ${r.enabled ? 'enabled' : 'disabled'}${since ? `; tagged ${esc(since.slice(0, 10))}` : ''}`;
  });
  const more = control.rule_definitions.length - rules.length;
  const samples = control.evidence_sample
    .slice(0, PDF_SAMPLES_PER_CONTROL)
    .map((e) => `${esc(e.preflight_id)} ${esc(utcMinute(new Date(e.created_at)))}: ${esc(e.decision)} by ${esc(e.rule_id)}; ${esc(e.detected.map((d) => `${d.type} × ${d.count}`).join(', '))}`);
  const lines = [
    ...(earlier > 0 ? [`${count(earlier)} earlier ranges: evidence.json`] : []),
    ...history.map((h) => `History ${h}`),
    ...rules.map((r) => `Rule ${r}`),
    ...(more > 0 ? [`${count(more)} more tagged rules: evidence.json`] : []),
    ...samples.map((e) => `Sampled check ${e}`),
  ];
  return `<h3>${esc(control.control_id)}: covered ${coveredDays(control, days)}${control.first_covered_at ? `, first covered ${esc(utcMinute(new Date(control.first_covered_at)))}` : ''}</h3>
<div class="detail-lines">${lines.join('<br>')}</div>`;
}

/** A framework's evidence document: summary, then one row per control. */
export function evidenceHtml(report: EvidenceReport, ctx: ExportContext): string {
  const { summary } = report;
  const body = `<div class="stats">
<div class="stat"><b>${summary.coverage_pct}%</b><span>coverage</span></div>
<div class="stat"><b>${count(summary.covered_controls)}</b><span>covered controls</span></div>
<div class="stat"><b>${count(summary.uncovered_controls)}</b><span>uncovered controls</span></div>
<div class="stat"><b>${count(summary.total_evidence_events)}</b><span>evidence events</span></div>
</div>
<table class="controls">
${tableHead(CONTROL_COLUMNS)}
<tbody>
${report.controls.map((c) => controlRow(c, report.window_days)).join('\n')}
</tbody>
</table>
<p class="note">Status: as configured now. Covered days: UTC days of the window on which the control was covered all day
(today: until generation), from the change log. Rules: distinct rules tagged to the control. Events: evidence recorded in
the window when those rules blocked or masked content, split into Blocked and Masked.</p>
<h2>Control history, rules and sampled checks</h2>
<p class="note">History: the window's days grouped by status and tagged rules as they stood at each day's end. Sampled
checks hold ids, types and counts only; fetch one with GET /api/preflight/{id}.</p>
${report.controls.map((c) => controlDetail(c, report.window_days)).join('\n')}`;
  return htmlDocument(`${report.display_name} compliance evidence`, ctx, body);
}

function frameworkRow(report: EvidenceReport): string {
  const { summary } = report;
  const pct = Math.min(100, Math.max(0, summary.coverage_pct));
  return `<tr>
<td>${esc(report.display_name)}</td>
<td class="n">${count(summary.total_controls)}</td>
<td class="n">${count(summary.covered_controls)}</td>
<td class="n">${summary.coverage_pct}%<span class="meter"><i style="width:${pct}%"></i></span></td>
<td class="n">${count(summary.total_evidence_events)}</td>
</tr>`;
}

/** The controls of a framework by status, as one line of ids. */
const controlIds = (report: EvidenceReport, status: ControlRecord['status']) =>
  report.controls.filter((c) => c.status === status).map((c) => esc(c.control_id)).join(', ') || none;

/** The cover of an evidence bundle: organization and window, checks, each framework, and how to verify the bundle. */
export function summaryHtml(facts: CoverFacts, ctx: ExportContext, keyId: string): string {
  const { reports, checks } = facts;
  const reasons = new Map(facts.reasons.map((r) => [r.framework, r.detail]));
  const body = `<div class="stats">
<div class="stat"><b>${count(checks.total)}</b><span>checks in the window</span></div>
<div class="stat"><b>${count(checks.allowed)}</b><span>allowed</span></div>
<div class="stat"><b>${count(checks.masked)}</b><span>allowed with masking</span></div>
<div class="stat"><b>${count(checks.blocked)}</b><span>blocked</span></div>
</div>
<table>
${tableHead(FRAMEWORK_COLUMNS)}
<tbody>
${reports.map(frameworkRow).join('\n')}
</tbody>
</table>
<h2>Controls by framework</h2>
<table class="controls">
<colgroup><col style="width:22%"><col style="width:39%"><col style="width:39%"></colgroup>
<thead><tr><th>Framework</th><th>Covered controls</th><th>Uncovered controls</th></tr></thead>
<tbody>
${reports
  .map(
    (r) => `<tr><td>${esc(r.display_name)}<div class="detail">${esc(reasons.get(r.framework) ?? '')}</div></td>
<td>${controlIds(r, 'covered')}</td><td>${controlIds(r, 'uncovered')}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
<h2>Verifying this bundle</h2>
<p>manifest.json lists every other file of the bundle with its size and SHA-256, and records the organization, window,
generation time, service version and instance, why each framework is included and the policy and rule versions in force.
manifest.jws is a detached JWS (RS256) over manifest.json's exact bytes, signed with the service's key
<b>${esc(keyId)}</b>, the key served at /v1/license/public-key and /.well-known/jwks.json. To verify: check the
signature with that public key, then each file's SHA-256 against the manifest (docs/compliance.md, "Verifying a bundle"),
or ask the service: GET /api/orgs/${esc(ctx.org.org_id)}/compliance/bundles/{bundle_id}/verify.</p>
<p class="note">Each framework's evidence (evidence.pdf, evidence.csv, evidence.json) is in the folder named by its framework
code (${reports.map((r) => esc(r.framework)).join(', ')}). A rule tagged in two frameworks counts in both.</p>`;
  return htmlDocument('Compliance evidence summary', ctx, body);
}
