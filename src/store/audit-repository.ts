// The audit trail: ids, decision, summary, types and counts; never the submitted content. Stored
// records are packed and carry where they sit (audit-layout.ts), and are read by that: one slot at a time.
import type { Db } from 'mongodb';
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

/**
 * Records one insert command carries: a batch goes as several at once. FerretDB runs a command's
 * inserts one after another on one PostgreSQL connection; a batch of 1,000 in four commands was
 * stored in ~95 ms instead of ~140.
 */
const INSERT_CHUNK = 250;

/**
 * A record as stored: at top level only what reads select or order by (its organization and
 * categories, its time, its layout); the rest packed in one JSON string, `r`. FerretDB converts every
 * field of every document it writes or returns, so ~20 fields (two arrays of documents among them)
 * cost it twice what 11 do: measured on FerretDB 1.24 and PostgreSQL 15, 1,000 records stored in
 * ~75 ms against ~130, and 800 read in 134 ms against 278. Records stored before have no `r`.
 */
export type StoredAudit = Pick<AuditDoc, '_id' | 'org_id' | 'policy_id' | 'destination' | 'decision' | 'source' | 'created_at'> & LayoutFields & { r: string };

export function packAudit(doc: AuditDoc & { journal_entry: string }): StoredAudit {
  const { _id, org_id, policy_id, destination, decision, source, created_at, ...rest } = doc;
  return { _id, org_id, policy_id, destination, decision, source, created_at, ...layoutOf(doc), r: JSON.stringify(rest) };
}

/** The record a stored document holds, without its layout; packed or, stored before packing, not. */
export function unpackAudit(stored: object): AuditDoc & { journal_entry?: string } {
  const { r, ob: _ob, gb: _gb, t: _t, ...top } = stored as Partial<StoredAudit>;
  return { ...top, ...(r === undefined ? {} : (JSON.parse(r) as object)) } as AuditDoc & { journal_entry?: string };
}

/** What a read returns: the record, without where it sits or where it came from. */
function recordOf(stored: object): AuditDoc {
  const { journal_entry: _entry, ...record } = unpackAudit(stored);
  return record;
}

/** Not read back: the layout fields. */
const NO_LAYOUT = { ob: 0, gb: 0, t: 0 } as const;

export function auditRepository(db: Db) {
  const col = db.collection<StoredAudit>('audit');
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
      const rows = docs.map(packAudit);
      const refused: typeof docs = [];
      const chunks = Array.from({ length: Math.ceil(rows.length / INSERT_CHUNK) }, (_, c) => c * INSERT_CHUNK);
      const inserts = await Promise.allSettled(
        chunks.map(async (from) => {
          try {
            await col.insertMany(rows.slice(from, from + INSERT_CHUNK), { ordered: false });
          } catch (err) {
            const indexes = duplicateIndexes(err);
            if (!indexes) throw err;
            refused.push(...indexes.flatMap((i) => docs[from + i] ?? []));
          }
        }),
      );
      // Every command settles before a failure is thrown: the batch's retry must not race its own inserts.
      for (const insert of inserts) if (insert.status === 'rejected') throw insert.reason;
      if (refused.length === 0) return owners;
      // One lookup by _id each: FerretDB pushes down an equality, not an `$in`, which would read the trail whole.
      const stored = await Promise.all(refused.map((doc) => col.findOne({ _id: doc._id }, { projection: NO_LAYOUT })));
      refused.forEach((doc, i) => {
        const found = stored[i];
        if (!found || unpackAudit(found).journal_entry !== doc.journal_entry) owners.delete(doc.journal_entry);
      });
      return owners;
    },
    async findById(id: string): Promise<AuditDoc | null> {
      const stored = await col.findOne({ _id: id }, { projection: NO_LAYOUT });
      return stored && recordOf(stored);
    },
    /** The records of one slot that have the given categories (and text key), in no particular order. */
    async readSlot({ slot, orgId, filter, textKey }: SlotRead): Promise<AuditDoc[]> {
      const query: Record<string, unknown> = slot.startsWith('*|') ? { gb: slot } : { ob: slot };
      if (orgId !== undefined) query.org_id = orgId;
      for (const [field, value] of Object.entries(filter)) if (value !== undefined) query[field] = value;
      if (textKey !== undefined) query.t = textKey;
      return (await col.find(query, { projection: NO_LAYOUT }).toArray()).map(recordOf);
    },
  };
}
