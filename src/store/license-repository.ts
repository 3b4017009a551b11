import type { Db } from 'mongodb';

export const LICENSE_TYPES = ['trial', 'standard', 'enterprise'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
/** What is stored; `expired` is derived from `expires_at` when read (services/licenses.ts). */
export type StoredLicenseStatus = 'active' | 'revoked';

export interface LicenseDoc {
  _id: string;
  org_id: string;
  key_hash: string;
  key_enc: string;
  license_type: LicenseType;
  status: StoredLicenseStatus;
  expires_at: Date;
  max_checks_per_month: number;
  /** Null: the plan's default (only enterprise licenses set their own). */
  requests_per_minute: number | null;
  requests_per_day: number | null;
  default_policy_group: string;
  created_at: Date;
  updated_at: Date;
}

export type LicenseRepository = ReturnType<typeof licenseRepository>;

export function licenseRepository(db: Db) {
  const col = db.collection<LicenseDoc>('licenses');
  return {
    async insert(doc: LicenseDoc): Promise<void> {
      await col.insertOne(doc);
    },
    listByOrg(orgId: string): Promise<LicenseDoc[]> {
      return col.find({ org_id: orgId }).sort({ created_at: -1, _id: -1 }).toArray();
    },
    findById(id: string): Promise<LicenseDoc | null> {
      return col.findOne({ _id: id });
    },
    findByKeyHash(keyHash: string): Promise<LicenseDoc | null> {
      return col.findOne({ key_hash: keyHash });
    },
    /** The org's newest active license governs its new policies. */
    findCurrent(orgId: string, now: Date): Promise<LicenseDoc | null> {
      return col.findOne({ org_id: orgId, status: 'active', expires_at: { $gt: now } }, { sort: { created_at: -1, _id: -1 } });
    },
    /** Idempotent: a license already revoked keeps its `updated_at`. Null when the org has no such license. */
    async revoke(orgId: string, id: string, now: Date): Promise<LicenseDoc | null> {
      await col.updateOne({ _id: id, org_id: orgId, status: 'active' }, { $set: { status: 'revoked', updated_at: now } });
      return col.findOne({ _id: id, org_id: orgId });
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
