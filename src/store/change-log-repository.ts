// The change log (docs/change-log.md): one document per management change, never updated. Reads go
// by organization and month: `org_month` (`<org id>:<YYYY-MM>`) is an indexed top-level equality,
// the only kind of filter FerretDB on PostgreSQL pushes down (docs/store.md). Which months hold
// entries is kept apart (`change_log_months`, indexed by org), so a listing reads only those, and a
// deleted organization's history can still be found.
import type { Db } from 'mongodb';

/**
 * Who made a change. Never a raw key or cookie: a session is named by its id's SHA-256, a key by its
 * id, a dashboard user by id, email and the role they acted in (entries before users lack these).
 */
export interface ChangeActor {
  kind: 'admin' | 'user' | 'partner' | 'policy' | 'license';
  via: 'token' | 'session' | 'key';
  session_hash: string | null;
  key_id: string | null;
  user_id?: string | null;
  email?: string | null;
  role?: string | null;
}

export type Settings = Record<string, unknown>;

export interface ChangeDoc {
  /** `chg_…`: ids sort in time order, so a listing orders and resumes by id. */
  _id: string;
  at: Date;
  org_id: string;
  org_month: string;
  action: string;
  target_type: string;
  target_id: string;
  actor: ChangeActor;
  /** The target's settings before and after the change (redacted); null where it did not exist. */
  before: Settings | null;
  after: Settings | null;
}

interface MonthDoc {
  /** `${org_id}:${month}` */
  _id: string;
  org_id: string;
  month: string;
  /** Raised after every entry written or withdrawn: readers that keep entries know when to read again. */
  v?: number;
}

/** `2026-11` */
export const monthOf = (at: Date | number) => new Date(at).toISOString().slice(0, 7);
const orgMonth = (orgId: string, month: string) => `${orgId}:${month}`;

export type ChangeLogRepository = ReturnType<typeof changeLogRepository>;

export function changeLogRepository(db: Db) {
  const col = db.collection<ChangeDoc>('change_log');
  const months = db.collection<MonthDoc>('change_log_months');
  return {
    /** The month is marked before the entry is written, so no entry is ever in an unlisted month. */
    async insert(doc: Omit<ChangeDoc, 'org_month'>): Promise<void> {
      const month = monthOf(doc.at);
      const _id = orgMonth(doc.org_id, month);
      await months.updateOne({ _id }, { $setOnInsert: { org_id: doc.org_id, month } }, { upsert: true });
      await col.insertOne({ ...doc, org_month: _id });
      await months.updateOne({ _id }, { $inc: { v: 1 } });
    },
    async delete(id: string): Promise<void> {
      const doc = await col.findOne({ _id: id }, { projection: { org_month: 1 } });
      if (!doc) return;
      await col.deleteOne({ _id: id });
      await months.updateOne({ _id: doc.org_month }, { $inc: { v: 1 } });
    },
    /**
     * The organization's months with their versions, as one string: it changes whenever an entry is
     * written or withdrawn, so entries read under it stay good while it does not.
     */
    async versionOf(orgId: string): Promise<string> {
      const docs = await months.find({ org_id: orgId }).toArray();
      return docs
        .map((d) => `${d.month}:${d.v ?? 0}`)
        .sort()
        .join(',');
    },
    /** The months (`YYYY-MM`) in which the organization has entries, newest first. */
    async monthsOf(orgId: string): Promise<string[]> {
      const docs = await months.find({ org_id: orgId }).toArray();
      return docs.map((d) => d.month).sort().reverse();
    },
    /** Every entry of the organization in that month, in no particular order. */
    inMonth(orgId: string, month: string): Promise<ChangeDoc[]> {
      return col.find({ org_month: orgMonth(orgId, month) }).toArray();
    },
  };
}
