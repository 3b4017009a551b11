import { z } from 'zod';
import { DESTINATIONS } from '../../engine/types.js';
import { CheckMetadata } from '../../jobs/check-metadata.js';
import type { Categories } from '../../store/audit-layout.js';
import type { AuditDoc } from '../../store/audit-repository.js';
import { intParam, Timestamp } from './common.js';

/** Decisions as stored, and the rule actions that lead to them (`BLOCK` for `BLOCKED`), any case. */
const DECISION_ALIASES = { ALLOW: 'ALLOWED', MASK: 'ALLOWED_WITH_MASKING', BLOCK: 'BLOCKED' } as const;
const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** A day (`2026-11-25`, UTC) or an instant with its offset (`2026-11-25T13:00:00Z`). */
export const DateOrTimestamp = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The filters of an audit listing, shared by the page (GET /api/audit) and the export. */
const AuditFilters = z.object({
    org_id: z.string().min(1).max(100).optional(),
    search: z.string().min(1).max(200).optional(),
    from: DateOrTimestamp.optional().describe('Oldest record: a day (from its start, UTC) or a timestamp; inclusive'),
    to: DateOrTimestamp.optional().describe('Newest record: a day (to its end, UTC) or a timestamp; inclusive'),
    decision: z
      .preprocess(upper, z.enum(['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED', 'ALLOW', 'MASK', 'BLOCK']))
      .optional()
      .describe('A decision, or the rule action that leads to it (BLOCK for BLOCKED); any case'),
    destination: z.preprocess(upper, z.enum(DESTINATIONS)).optional(),
    policy_id: z.string().min(1).max(100).optional(),
    source: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['text', 'file'])).optional(),
});

const fromNotAfterTo: [(q: { from?: string | undefined; to?: string | undefined }) => boolean, { path: string[]; message: string }] = [
  (q) => q.from === undefined || q.to === undefined || windowOf(q).from! <= windowOf(q).to!,
  { path: ['from'], message: 'from must not be after to' },
];

export const AuditQuery = AuditFilters.extend({
  limit: intParam('limit', 1, 500, 50),
  offset: intParam('offset', 0, 10_000_000, 0),
  cursor: z.string().min(1).max(500).optional().describe('next_cursor of an earlier page of the same query: goes on from its last item'),
}).refine(...fromNotAfterTo);

export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditExportQuery = AuditFilters.extend({
  format: z.enum(['ndjson', 'csv']).default('ndjson'),
  app: z.string().min(1).max(64).optional().describe('Only checks whose metadata.app is exactly this'),
  user_ref: z.string().min(1).max(128).optional().describe('Only checks whose metadata.user_ref is exactly this'),
  tag: z.string().min(1).max(32).optional().describe('Only checks whose metadata.tags hold this tag'),
}).refine(...fromNotAfterTo);
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** The query's time window in ms, inclusive: a day given as `to` runs to its last millisecond. */
export function windowOf(q: { from?: string; to?: string }): { from?: number; to?: number } {
  const at = (v: string, endOfDay: boolean) => (v.length === 10 ? Date.parse(`${v}T00:00:00Z`) + (endOfDay ? 86_399_999 : 0) : Date.parse(v));
  return { from: q.from === undefined ? undefined : at(q.from, false), to: q.to === undefined ? undefined : at(q.to, true) };
}

/** The query's category filters, decisions as stored. */
export function categoriesOf(q: Pick<AuditQuery, 'decision' | 'destination' | 'source' | 'policy_id'>): Partial<Categories> {
  const decision = q.decision && (q.decision in DECISION_ALIASES ? DECISION_ALIASES[q.decision as keyof typeof DECISION_ALIASES] : q.decision);
  return { decision, destination: q.destination, source: q.source, policy_id: q.policy_id };
}

export const AuditItem = z.object({
  preflight_id: z.string(),
  created_at: Timestamp,
  destination: z.string(),
  decision: z.string(),
  summary: z.string(),
  policy_version: z.string(),
  policy_name: z.string(),
  org_id: z.string(),
  org_name: z.string(),
  request_id: z.string().optional().describe('The X-Request-Id of the check (absent from records made before it was kept)'),
  metadata: CheckMetadata.optional(),
});

export const AuditPage = z
  .object({
    items: z.array(AuditItem),
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int(),
    total_exact: z.boolean().describe('False when a search of all organizations (no org_id) ran out of time before reading the whole window: total counts what it read'),
    next_cursor: z.string().nullable().describe('Pass as cursor to go on after this page; null when there is nothing further'),
  })
  .meta({ id: 'AuditPage' });

export function toAuditItem(doc: AuditDoc): z.infer<typeof AuditItem> {
  return {
    preflight_id: doc._id,
    created_at: doc.created_at.toISOString(),
    destination: doc.destination,
    decision: doc.decision,
    summary: doc.summary,
    policy_version: doc.policy_version,
    policy_name: doc.policy_name,
    org_id: doc.org_id,
    org_name: doc.org_name,
    ...(doc.request_id !== undefined && { request_id: doc.request_id }),
    ...(doc.metadata !== undefined && { metadata: doc.metadata }),
  };
}
