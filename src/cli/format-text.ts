// Human output: one line per finding (`path:line:col  TYPE  ACTION  sample  rule`), notes for
// skipped files, and a closing line with the decision. Colour only when asked (a TTY, no NO_COLOR).
import type { Action } from '../engine/types.js';
import type { FileReport, ScanReport } from './report.js';

const CODES = { red: 31, yellow: 33, cyan: 36, dim: 2, bold: 1 } as const;
type Style = keyof typeof CODES;

export function formatText(report: ScanReport, colour: boolean): string {
  const paint = (style: Style, s: string) => (colour ? `\x1b[${CODES[style]}m${s}\x1b[0m` : s);
  const action = (a: Action | null) =>
    a === 'BLOCK' ? paint('red', 'BLOCK') : a === 'MASK' ? paint('yellow', 'MASK ') : paint('dim', a === 'ALLOW' ? 'ALLOW' : 'none ');
  const lines: string[] = [];

  const fileLines = (file: FileReport) => {
    for (const f of file.findings) {
      const where = `${file.path}:${f.line}:${f.column}${f.page ? ` (page ${f.page})` : ''}`;
      const rule = f.rule ? paint('dim', `  ${f.rule}`) : paint('dim', '  no rule covers it');
      lines.push(`${paint('cyan', where)}  ${f.type}  ${action(f.action)}  ${f.sample}${rule}`);
    }
    // Server mode: the service reports types and counts, not places.
    for (const d of file.detected ?? []) {
      lines.push(`${paint('cyan', file.path)}  ${d.type} ×${d.count}  ${file.decision}${d.sample ? `  ${d.sample}` : ''}`);
    }
  };
  report.files.forEach(fileLines);

  for (const s of report.skipped) lines.push(paint('dim', `note: skipped ${s.path}: ${s.reason}`));
  for (const f of report.failed) lines.push(paint('red', `error: ${f.path} could not be checked: ${f.error}`));

  const counts = { BLOCK: 0, MASK: 0, other: 0 };
  for (const file of report.files) {
    for (const f of file.findings) counts[f.action === 'BLOCK' || f.action === 'MASK' ? f.action : 'other']++;
  }
  const { files_scanned, bytes_scanned, seconds } = report.stats;
  const found = report.mode === 'server'
    ? `${report.files.length} file(s) with findings`
    : `${counts.BLOCK} to block, ${counts.MASK} to mask, ${counts.other} other finding(s)`;
  const verdict = report.failed.length ? paint('red', 'INCOMPLETE') : report.decision === 'BLOCKED' ? paint('red', 'BLOCKED') : report.decision === 'ALLOWED_WITH_MASKING' ? paint('yellow', report.decision) : report.decision;
  lines.push(
    `${paint('bold', 'preflight:')} ${files_scanned} file(s), ${(bytes_scanned / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; ${found}; ${report.skipped.length} skipped. ${verdict} for ${report.destination}.`,
  );
  return `${lines.join('\n')}\n`;
}
