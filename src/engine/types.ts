// Shapes shared by the engine's parts and its callers. The engine imports nothing of the project's.

export const CATEGORIES = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'CUSTOM'] as const;
export type Category = (typeof CATEGORIES)[number];

export const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const ACTIONS = ['BLOCK', 'MASK', 'ALLOW'] as const;
export type Action = (typeof ACTIONS)[number];

export const DECISIONS = ['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const;
export type Decision = (typeof DECISIONS)[number];

export const MASKING_STYLES = ['label', 'pseudonym', 'partial', 'hash'] as const;
export type MaskingStyle = (typeof MASKING_STYLES)[number];

/** One match in the scanned text. `value` is raw content: it never leaves the engine's caller. */
export interface Finding {
  type: string;
  category: Category;
  start: number;
  end: number;
  value: string;
  confidence: number;
}

/**
 * A policy's own detector (DESIGN §18): a pattern run on RE2, or keywords matched as whole words.
 * Exactly one of `pattern` and `keywords`. Its `name` (upper case) is the type of its findings.
 */
export interface CustomDetectorSpec {
  name: string;
  category: Category;
  pattern?: string;
  keywords?: string[];
  /** Letter case matters for the pattern or keywords; false by default. */
  case_sensitive?: boolean;
}

/** A known false positive: a finding whose value equals `value`, or that `pattern` matches whole, is dropped. */
export type AllowEntry = { value: string } | { pattern: string };

/**
 * Per-policy scan settings (DESIGN §18). Plain data, so they cross to worker threads; the engine
 * compiles them itself (and caches the result).
 */
export interface ScanOptions {
  /** Findings below this confidence are dropped; defaults to DEFAULT_MIN_CONFIDENCE. */
  minConfidence?: number;
  customDetectors?: readonly CustomDetectorSpec[];
  allow?: readonly AllowEntry[];
}

export interface Rule {
  id: string;
  name: string;
  enabled: boolean;
  dataTypes: string[];
  destinations: Destination[];
  action: Action;
}

/** What a caller reports per type: no raw values, only a partially hidden sample. */
export interface Detection {
  type: string;
  count: number;
  sample: string | null;
}

/**
 * Where a finding is in the checked text, as offsets into the JavaScript string (UTF-16 code units),
 * and the action the policy took on it (null when no rule covers it). No value: only its caller,
 * which holds the text, can read it there.
 */
export interface FindingSpan {
  type: string;
  start: number;
  end: number;
  action: Action | null;
}

/** One rule that decided at least one finding, for evidence and audit. */
export interface FiredRule {
  rule_id: string;
  rule_name: string;
  action: Action;
  count: number;
}

export interface CheckOptions extends ScanOptions {
  rules: Rule[];
  destination: Destination;
  masking: MaskingStyle;
  /** Key for the `hash` masking style; a caller-supplied secret so hashes cannot be brute-forced offline. */
  hashKey: string;
}

export interface CheckOutcome {
  decision: Decision;
  summary: string;
  detected: Detection[];
  /** Null when BLOCKED. */
  masked_content: string | null;
  fired_rules: FiredRule[];
}

/** A type the engine can report, with the category rules may name instead of it. */
export interface DetectorType {
  type: string;
  category: Category;
}

/** A finding with the action the policy takes on it and the rule credited; both null when no rule covers it. */
export interface DecidedFinding {
  finding: Finding;
  action: Action | null;
  rule: Rule | null;
}

export interface DecideResult {
  decision: Decision;
  /** In the order of the findings given. */
  findings: DecidedFinding[];
  /** Rules that decided at least one finding, in rule-list order. */
  fired_rules: FiredRule[];
  summary: string;
}
