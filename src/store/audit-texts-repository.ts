// The searchable texts of each organization's audit trail, once per distinct text (audit-layout.ts,
// textKeyOf): what a search matches its needle against before it counts and reads records by key.
// Written by the drainers before the records that carry the keys, so a stored record's text is
// always here. Texts are summaries, policy names and categories: never submitted content.
import type { Db } from 'mongodb';
import { auditTextOf, textKeyOf, type AuditText, type Categories } from './audit-layout.js';
import { duplicateIndexes } from './errors.js';

export interface AuditTextDoc extends AuditText {
  /** `${org id}|${text key}` */
  _id: string;
  org_id: string;
  key: string;
}

/** Keys this process knows are stored; forgotten in one go when full (a repeat insert is harmless). */
const KNOWN_LIMIT = 100_000;

export type AuditTextsRepository = ReturnType<typeof auditTextsRepository>;

export function auditTextsRepository(db: Db) {
  const col = db.collection<AuditTextDoc>('audit_texts');
  const known = new Set<string>();
  return {
    /** Stores the texts of these records that are not stored yet. */
    async record(docs: ReadonlyArray<Categories & { org_id: string; summary: string; policy_name: string }>): Promise<void> {
      const fresh = new Map<string, AuditTextDoc>();
      for (const doc of docs) {
        const key = textKeyOf(doc);
        const _id = `${doc.org_id}|${key}`;
        if (!known.has(_id)) fresh.set(_id, { _id, org_id: doc.org_id, key, ...auditTextOf(doc) });
      }
      if (fresh.size === 0) return;
      try {
        await col.insertMany([...fresh.values()], { ordered: false });
      } catch (err) {
        // Another drainer stored some first: what is left is stored all the same.
        if (!duplicateIndexes(err)) throw err;
      }
      if (known.size + fresh.size > KNOWN_LIMIT) known.clear();
      for (const id of fresh.keys()) known.add(id);
    },
    /** Every text of an organization, in no particular order. */
    ofOrg(orgId: string): Promise<AuditTextDoc[]> {
      return col.find({ org_id: orgId }).toArray();
    },
  };
}
