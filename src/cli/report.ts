// What a scan found, in the shape every output format is written from. No raw value is ever held
// here: a finding carries the engine's partially hidden sample, never the match itself.
import type { Action, Category, Decision, Destination } from '../engine/types.js';

/** One match with where it is. Lines and columns are 1-based; columns count UTF-16 code units (SARIF's default). */
export interface LocatedFinding {
  type: string;
  category: Category;
  /** What the policy does with it; null when no rule for this destination covers its type. */
  action: Action | null;
  rule: string | null;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  /** PDFs only: the page the match is on. */
  page?: number;
  sample: string;
}

/** A type the service reported for a file (server mode): counts, no locations. */
export interface ReportedType {
  type: string;
  count: number;
  sample: string | null;
}

export interface FileReport {
  path: string;
  kind: 'text' | 'pdf' | 'docx' | 'image';
  decision: Decision;
  findings: LocatedFinding[];
  /** Server mode only: the check's id and what the service reported per type. */
  preflight_id?: string;
  detected?: ReportedType[];
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface FailedFile {
  path: string;
  error: string;
}

export type ScanMode = 'local' | 'staged' | 'server';

export interface ScanReport {
  mode: ScanMode;
  destination: Destination;
  decision: Decision;
  /** Files with at least one finding. */
  files: FileReport[];
  skipped: SkippedFile[];
  /** Files that could not be checked for a reason other than the file itself: the scan is incomplete. */
  failed: FailedFile[];
  stats: { files_scanned: number; bytes_scanned: number; seconds: number };
}

const RANK: Record<Decision, number> = { ALLOWED: 0, ALLOWED_WITH_MASKING: 1, BLOCKED: 2 };

export function worstDecision(decisions: Iterable<Decision>): Decision {
  let worst: Decision = 'ALLOWED';
  for (const d of decisions) if (RANK[d] > RANK[worst]) worst = d;
  return worst;
}

/** 2 when the scan is incomplete (fail closed), 1 when a BLOCK rule fired, else 0. */
export function exitCodeOf(report: ScanReport): 0 | 1 | 2 {
  if (report.failed.length > 0) return 2;
  return report.decision === 'BLOCKED' ? 1 : 0;
}
