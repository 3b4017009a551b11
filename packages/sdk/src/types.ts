// The service's request and response shapes, as the SDK's users see them. The SDK ships apart from
// the service, so these are plain declarations; test/sdk/types.ts holds them equal to the service's
// zod schemas (src/api/schemas), and `tsc` fails the build the moment either side drifts.

export const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const;
export type Destination = (typeof DESTINATIONS)[number];
export type Decision = 'ALLOWED' | 'ALLOWED_WITH_MASKING' | 'BLOCKED';

export interface Detection {
  type: string;
  count: number;
  /** A partially hidden example of the match; null when blocked content is not sampled. */
  sample: string | null;
}

/** What a caller may say about a check besides its content; kept on the audit record (limits in docs/integrations.md). */
export interface CheckMetadata {
  /** The calling application. */
  app?: string | undefined;
  /** An opaque reference to the end user (an id, not a name or an email). */
  user_ref?: string | undefined;
  tags?: string[] | undefined;
}

export interface TextCheckRequest {
  text: string;
  destination: Destination;
  org_id?: string | undefined;
  policy_id?: string | undefined;
  metadata?: CheckMetadata | undefined;
}

export interface TextCheckResult {
  preflight_id: string;
  decision: Decision;
  summary: string;
  detected: Detection[];
  /** Null when BLOCKED, and on a check read back by id (content is never kept). */
  masked_content: string | null;
  policy_version: string;
  created_at: string;
}

export interface FileCheckResult {
  preflight_id: string;
  decision: Decision;
  summary: string;
  detected: Detection[];
  /** Download of the masked file in its own format; null when BLOCKED. */
  masked_file_url: string | null;
  policy_version: string;
  created_at: string;
}

/** How far a pending file check has got, when the service says (fields may be absent). */
export interface CheckProgress {
  stage?: string;
  pages_done?: number;
  pages_total?: number;
  [field: string]: unknown;
}

/** A file check still running: GET /api/preflight/{preflight_id} answers when it is done. */
export interface PendingCheck {
  preflight_id: string;
  status: 'pending';
  progress?: CheckProgress | undefined;
}

export interface AuditItem {
  preflight_id: string;
  created_at: string;
  destination: string;
  decision: string;
  summary: string;
  policy_version: string;
  policy_name: string;
  org_id: string;
  org_name: string;
  /** The X-Request-Id of the check (absent from records made before it was kept). */
  request_id?: string | undefined;
  metadata?: CheckMetadata | undefined;
}

export interface AuditPage {
  items: AuditItem[];
  limit: number;
  offset: number;
  total: number;
  /** False when a search of all organizations ran out of time: total counts what it read. */
  total_exact: boolean;
  /** Pass as `cursor` to go on after this page; null when there is nothing further. */
  next_cursor: string | null;
}

/** GET /api/audit filters. A policy key sees its own organization only. */
export interface AuditQuery {
  limit?: number;
  offset?: number;
  org_id?: string;
  search?: string;
  /** A day (YYYY-MM-DD, UTC) or a timestamp; inclusive. */
  from?: string;
  to?: string;
  /** A decision or the rule action that leads to it (BLOCK for BLOCKED). */
  decision?: Decision | 'ALLOW' | 'MASK' | 'BLOCK';
  destination?: Destination;
  policy_id?: string;
  source?: 'text' | 'file';
  cursor?: string;
}

export type Period = '7d' | '30d' | '90d';

export interface OrgAnalytics {
  org_id: string;
  org_name: string;
  total_checks: number;
  bytes_protected: number;
  allowed: number;
  masked: number;
  blocked: number;
  safe_share_rate: number;
  prevented_exposures: number;
  from_date: string;
  to_date: string;
}

export interface AnalyticsTimeseries {
  org_id: string;
  period: Period;
  data: Array<{ date: string; checks_total: number; allowed: number; masked: number; blocked: number; bytes_processed: number }>;
}

export interface DetectionBreakdown {
  org_id: string;
  total_detections: number;
  types: Array<{ type: string; label: string; count: number; percentage: number }>;
  from_date: string;
  to_date: string;
}

export interface PolicyRule {
  id: string;
  name: string;
  enabled: boolean;
  dataTypes: string[];
  destinations: Destination[];
  action: 'BLOCK' | 'MASK' | 'ALLOW';
}

export interface PolicyConfigEntry {
  policy_id: string;
  name: string;
  group: string;
  version: string;
  is_active: boolean;
  rules: PolicyRule[];
  custom_detectors: Array<{ name: string; category: string; pattern?: string; keywords?: string[]; case_sensitive: boolean }>;
  allow: Array<{ value: string } | { pattern: string }>;
  min_confidence: number;
}

/** GET /v1/license/validate (spec "License validation result"). */
export interface LicenseValidation {
  valid: true;
  expires: string;
  org_id: string;
  policy_version: string;
  policy_config: { policies: PolicyConfigEntry[] };
  policy_groups: string[];
  default_policy_group: string;
  jwt_token: string;
}

/** The API's error body: `detail` for a person, `code` for a program (docs/errors.md). */
export interface ErrorBody {
  detail: string;
  code: string;
  retry_after?: number;
}
