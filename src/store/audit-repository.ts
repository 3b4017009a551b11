// The audit trail: ids, decision, summary, types and counts; never the submitted content.
import { MongoBulkWriteError, type Db, type Filter } from 'mongodb';
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
  /** Detections the decision kept from the destination: all of a blocked check's, the masked ones otherwise. */
  prevented: number;
  source: 'text' | 'file';
  bytes: number;
  /**
   * The BLOCK and MASK rules whose action the check applied (compliance evidence, DESIGN §29); absent
   * from records made before evidence existed.
   */
  fired_rules?: Array<{ rule_id: string; action: 'BLOCK' | 'MASK' }>;
  /** File checks: what the file was and whether a masked copy was made (absent for text checks). */
  file?: { kind: string; pages: number; ocr_pages: number; masked: boolean };
  created_at: Date;
  /** The journal entry the stored copy came from (set by the drainer): tells a redelivery from a duplicate. */
  journal_entry?: string;
}

export interface AuditQuery {
  orgId?: string;
  search?: string;
  limit: number;
  offset: number;
}

export type AuditRepository = ReturnType<typeof auditRepository>;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Indexes of the documents an unordered insert refused as already stored; null if anything else failed. */
function duplicateIndexes(err: unknown): number[] | null {
  if (!(err instanceof MongoBulkWriteError)) return null;
  const errors = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
  if (errors.length === 0 || !errors.every((e) => e.code === 11000)) return null;
  return errors.map((e) => e.index);
}

export function auditRepository(db: Db) {
  const col = db.collection<AuditDoc>('audit');
  return {
    /**
     * Stores records idempotently by _id. Answers the journal entries whose record is stored from that
     * very entry: every entry inserted now, and an entry redelivered after a crash (its earlier attempt
     * stored it), but not a second journal entry of an already stored record.
     */
    async storeOnce(docs: Array<AuditDoc & { journal_entry: string }>): Promise<Set<string>> {
      const owners = new Set(docs.map((d) => d.journal_entry));
      try {
        await col.insertMany(docs, { ordered: false });
        return owners;
      } catch (err) {
        const refused = duplicateIndexes(err)?.flatMap((i) => docs[i] ?? []);
        if (!refused) throw err;
        const stored = await col.find({ _id: { $in: refused.map((d) => d._id) } }, { projection: { journal_entry: 1 } }).toArray();
        const storedFrom = new Map(stored.map((d) => [d._id, d.journal_entry]));
        for (const doc of refused) if (storedFrom.get(doc._id) !== doc.journal_entry) owners.delete(doc.journal_entry);
        return owners;
      }
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
