// One text through the engine, as the service checks it (scan, then decide under the policy), with
// each finding placed at its line and column. Raw values stay inside: only samples come out.
import { decide, sample, scan } from '../engine/index.js';
import type { Decision, Destination, Rule, ScanOptions } from '../engine/types.js';
import type { LocatedFinding } from './report.js';

export interface CliCheckOptions extends ScanOptions {
  rules: Rule[];
  destination: Destination;
}

export interface TextVerdict {
  decision: Decision;
  findings: LocatedFinding[];
}

/** Offsets where each line starts; line n (1-based) starts at starts[n - 1]. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The last index whose value is at most `offset` (starts are ascending and begin with 0). */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * `pageStarts`: for a PDF, the offset where each page's text starts, so a finding also names its page.
 * Findings come back in text order.
 */
export function checkText(text: string, options: CliCheckOptions, pageStarts?: readonly number[]): TextVerdict {
  const found = scan(text, options);
  const { decision, findings } = decide(found, options.rules, options.destination);
  if (findings.length === 0) return { decision, findings: [] };
  const starts = lineStarts(text);
  const at = (offset: number) => {
    const line = lastAtOrBefore(starts, offset);
    return { line: line + 1, column: offset - (starts[line] as number) + 1 };
  };
  return {
    decision,
    findings: findings.map(({ finding, action, rule }) => {
      const start = at(finding.start);
      // The end is exclusive in the engine; SARIF's endColumn is exclusive too.
      const end = at(finding.end);
      return {
        type: finding.type,
        category: finding.category,
        action,
        rule: rule?.name ?? null,
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
        ...(pageStarts ? { page: lastAtOrBefore(pageStarts, finding.start) + 1 } : {}),
        sample: sample(finding),
      };
    }),
  };
}
