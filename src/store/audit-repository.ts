// The audit trail: ids, decision, summary, types and counts; never the submitted content.
import type { Db, Filter } from 'mongodb';
import type { Decision, Destination } from '../engine/types.js';

export interface AuditDoc {
  _id: string;
  org_id: string;
  org_name: string;
  policy_id: string;
  policy_name: string;
  policy_version: string;
  destination: Destination;
  decision: Decision;
  summary: string;
  detected: Array<{ type: string; count: number }>;
  source: 'text' | 'file';
  bytes: number;
  created_at: Date;
}

export interface AuditQuery {
  orgId?: string;
  search?: string;
  limit: number;
  offset: number;
}

export type AuditRepository = ReturnType<typeof auditRepository>;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function auditRepository(db: Db) {
  const col = db.collection<AuditDoc>('audit');
  return {
    async insertMany(docs: AuditDoc[]): Promise<void> {
      await col.insertMany(docs, { ordered: false });
    },
    findById(id: string): Promise<AuditDoc | null> {
      return col.findOne({ _id: id });
    },
    /** DESIGN §14: preflight_id exact; summary, policy name, destination, decision case-insensitive. */
    async list(q: AuditQuery): Promise<{ items: AuditDoc[]; total: number }> {
      const filter: Filter<AuditDoc> = {};
      if (q.orgId) filter.org_id = q.orgId;
      if (q.search) {
        const pattern = { $regex: escapeRegex(q.search), $options: 'i' };
        filter.$or = [
          { _id: q.search },
          { summary: pattern },
          { policy_name: pattern },
          { destination: pattern },
          { decision: pattern },
        ] as Filter<AuditDoc>[];
      }
      const [items, total] = await Promise.all([
        col.find(filter).sort({ created_at: -1, _id: -1 }).skip(q.offset).limit(q.limit).toArray(),
        col.countDocuments(filter),
      ]);
      return { items, total };
    },
  };
}
