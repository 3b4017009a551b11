// Compliance partner keys (DESIGN §30): read-only keys limited to an organization's /compliance/*
// endpoints, kept like every key: a SHA-256 hash for lookup and a ciphertext the dashboard can show.
import type { Db } from 'mongodb';

export interface PartnerKeyDoc {
  /** `cpk_…` */
  _id: string;
  org_id: string;
  name: string;
  key_hash: string;
  key_enc: string;
  created_at: Date;
}

export type PartnerKeyRepository = ReturnType<typeof partnerKeyRepository>;

export function partnerKeyRepository(db: Db) {
  const col = db.collection<PartnerKeyDoc>('partner_keys');
  return {
    async insert(doc: PartnerKeyDoc): Promise<void> {
      await col.insertOne(doc);
    },
    findByKeyHash(keyHash: string): Promise<PartnerKeyDoc | null> {
      return col.findOne({ key_hash: keyHash });
    },
    findInOrg(orgId: string, keyId: string): Promise<PartnerKeyDoc | null> {
      return col.findOne({ _id: keyId, org_id: orgId });
    },
    listByOrg(orgId: string): Promise<PartnerKeyDoc[]> {
      return col.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
    },
    countByOrg(orgId: string): Promise<number> {
      return col.countDocuments({ org_id: orgId });
    },
    async delete(orgId: string, keyId: string): Promise<boolean> {
      return (await col.deleteOne({ _id: keyId, org_id: orgId })).deletedCount === 1;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
