// `--format json`: the report as it is (src/cli/report.ts), with the tool's name and version.
import type { ScanReport } from './report.js';

export function formatJson(report: ScanReport, version: string): string {
  return `${JSON.stringify({ tool: { name: 'preflight', version }, ...report }, null, 2)}\n`;
}
