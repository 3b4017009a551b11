// The HTML the PDF exports are printed from: a framework's evidence document and the one-page cover of
// a bundle. Self-contained (inline CSS, system fonts, no scripts, no URLs) because the renderer lets
// nothing load; every interpolated string is escaped, since team, policy and org names are user input.
import { taggedBy } from './csv.js';
import type { ControlRecord, EvidenceReport, ExportContext } from './types.js';

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
  ['Control', 36],
  ['Status', 10],
  ['Rules', 6, true],
  ['Events', 9, true],
  ['Blocked', 8, true],
  ['Masked', 8, true],
  ['Last evidence', 10],
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
<thead><tr>${columns.map(([label, , numeric]) => (numeric ? `<th class="n">${label}</th>` : `<th>${label}</th>`)).join('')}</tr></thead>`;

function controlRow(control: ControlRecord): string {
  const owners = taggedBy(control);
  return `<tr>
<td><div class="id">${esc(control.control_id)}</div>${esc(control.title)}
<div class="detail">Covered by: ${esc(control.covered_by)}. Owner: ${esc(control.default_owner_role)}.</div></td>
<td class="${control.status}">${control.status === 'covered' ? 'Covered' : 'Uncovered'}</td>
<td class="n">${count(control.rule_count)}</td>
<td class="n">${count(control.evidence_event_count)}</td>
<td class="n">${count(control.evidence_blocked)}</td>
<td class="n">${count(control.evidence_masked)}</td>
<td>${control.last_evidence_at ? esc(utcMinute(new Date(control.last_evidence_at))) : none}</td>
<td>${owners.length ? owners.map(esc).join('<br>') : none}</td>
</tr>`;
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
${report.controls.map(controlRow).join('\n')}
</tbody>
</table>
<p class="note">Rules: distinct rules tagged to the control. Events: evidence recorded in the window when those rules
blocked or masked content, split into Blocked and Masked.</p>`;
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

/** The cover of an evidence bundle: one page, one row per framework. */
export function summaryHtml(reports: EvidenceReport[], ctx: ExportContext): string {
  const body = `<table>
${tableHead(FRAMEWORK_COLUMNS)}
<tbody>
${reports.map(frameworkRow).join('\n')}
</tbody>
</table>
<p class="note">Each framework's evidence (evidence.pdf, evidence.csv, evidence.json) is in this bundle, in the folder named by
its framework code (${reports.map((r) => esc(r.framework)).join(', ')}); manifest.json is the bundle's index.</p>`;
  return htmlDocument('Compliance evidence summary', ctx, body);
}
