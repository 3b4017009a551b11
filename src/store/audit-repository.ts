// The audit trail: ids, decision, summary, types and counts; never the submitted content. Stored
// records also carry where they sit (audit-layout.ts), and are read by that: one slot at a time.
import type { Db, Filter } from 'mongodb';
import type { Decision, Destination } from '../engine/types.js';
import { layoutOf, type Categories, type LayoutFields } from './audit-layout.js';
import { auditTextsRepository } from './audit-texts-repository.js';
import { duplicateIndexes } from './errors.js';

/** What a caller said of a check (validated by src/jobs/check-metadata.ts). */
export interface CheckMetadata {
  app?: string | undefined;
  user_ref?: string | undefined;
  tags?: string[] | undefined;
}

/** How a check is traced: its request's id and the caller's metadata. */
export interface CheckTrace {
  request_id?: string | undefined;
  metadata?: CheckMetadata | undefined;
}

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
  /** The X-Request-Id of the check's request (given or minted); absent from older records. */
  request_id?: string;
  /** What the caller said of the check: app, user_ref, tags (jobs/check-metadata.ts); never content. */
  metadata?: CheckMetadata;
  /** The journal entry the stored copy came from (set by the drainer): tells a redelivery from a duplicate. */
  journal_entry?: string;
}

export type AuditRepository = ReturnType<typeof auditRepository>;

/** What a listing reads of a slot: the categories filtered on and, for a search, one text key. */
export interface SlotRead {
  /** A slot or tick key (audit-layout.ts): `<org id>|<slot>`, or `*|<slot or tick>`. */
  slot: string;
  /** With a `*|` tick key: that organization's records of the tick. */
  orgId?: string;
  filter: Partial<Categories>;
  textKey?: string;
}

/** The record's own fields: a read never returns the layout's. */
const RECORD_ONLY = { ob: 0, gb: 0, t: 0, journal_entry: 0 } as const;

export function auditRepository(db: Db) {
  const col = db.collection<AuditDoc & Partial<LayoutFields>>('audit');
  const texts = auditTextsRepository(db);
  return {
    /**
     * Stores records idempotently by _id. Answers the journal entries whose record is stored from that
     * very entry: every entry inserted now, and an entry redelivered after a crash (its earlier attempt
     * stored it), but not a second journal entry of an already stored record.
     */
    async storeOnce(docs: Array<AuditDoc & { journal_entry: string }>): Promise<Set<string>> {
      const owners = new Set(docs.map((d) => d.journal_entry));
      // Texts first: a search finds a stored record only through its text.
      await texts.record(docs);
      try {
        await col.insertMany(
          docs.map((doc) => ({ ...doc, ...layoutOf(doc) })),
          { ordered: false },
        );
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
      return col.findOne({ _id: id }, { projection: RECORD_ONLY });
    },
    /** The records of one slot that have the given categories (and text key), in no particular order. */
    readSlot({ slot, orgId, filter, textKey }: SlotRead): Promise<AuditDoc[]> {
      const query: Filter<AuditDoc & Partial<LayoutFields>> = slot.startsWith('*|') ? { gb: slot } : { ob: slot };
      if (orgId !== undefined) Object.assign(query, { org_id: orgId });
      for (const [field, value] of Object.entries(filter)) if (value !== undefined) Object.assign(query, { [field]: value });
      if (textKey !== undefined) Object.assign(query, { t: textKey });
      return col.find(query, { projection: RECORD_ONLY }).toArray();
    },
  };
}
