import { z } from 'zod';
import type { AuditDoc } from '../../store/audit-repository.js';
import { intParam, Timestamp } from './common.js';

export const AuditQuery = z.object({
  limit: intParam('limit', 1, 500, 50),
  offset: intParam('offset', 0, 10_000_000, 0),
  org_id: z.string().min(1).max(100).optional(),
  search: z.string().min(1).max(200).optional(),
});

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
});

export const AuditPage = z
  .object({ items: z.array(AuditItem), limit: z.number().int(), offset: z.number().int(), total: z.number().int() })
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
  };
}
