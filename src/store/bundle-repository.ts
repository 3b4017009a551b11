// What is known of each stored evidence bundle (collection `evidence_bundles`); its bytes are in the
// bundle store. A document is written once its ZIP is complete, so every listed bundle can be downloaded.
import type { Db } from 'mongodb';
import type { Framework } from '../compliance/catalog.js';
import type { BundleTrigger } from '../compliance/types.js';

export interface BundleDoc {
  /** `bnd_…` */
  _id: string;
  org_id: string;
  trigger: BundleTrigger;
  days: number;
  frameworks: Framework[];
  from_date: string;
  to_date: string;
  filename: string;
  size: number;
  sha256: string;
  created_at: Date;
}

export type BundleRepository = ReturnType<typeof bundleRepository>;

const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export function bundleRepository(db: Db) {
  const col = db.collection<BundleDoc>('evidence_bundles');
  return {
    /** A retried job writes its bundle again under the same id: the document is replaced. */
    async save(doc: BundleDoc): Promise<void> {
      await col.replaceOne({ _id: doc._id }, doc, { upsert: true });
    },
    find(orgId: string, id: string): Promise<BundleDoc | null> {
      return col.findOne({ _id: id, org_id: orgId });
    },
    listByOrg(orgId: string): Promise<BundleDoc[]> {
      return col.find({ org_id: orgId }).sort(NEWEST_FIRST).toArray();
    },
    /** The bundles of one trigger past the newest `keep`. */
    beyond(orgId: string, trigger: BundleTrigger, keep: number): Promise<BundleDoc[]> {
      return col.find({ org_id: orgId, trigger }).sort(NEWEST_FIRST).skip(keep).toArray();
    },
    async delete(id: string): Promise<void> {
      await col.deleteOne({ _id: id });
    },
  };
}
