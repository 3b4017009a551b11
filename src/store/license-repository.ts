import type { Db } from 'mongodb';

export const LICENSE_TYPES = ['trial', 'standard', 'enterprise'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export type LicenseStatus = 'active' | 'revoked';

export interface LicenseDoc {
  _id: string;
  org_id: string;
  key_hash: string;
  key_enc: string;
  license_type: LicenseType;
  status: LicenseStatus;
  expires_at: Date;
  max_checks_per_month: number;
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
    /** The org's newest active license governs its new policies. */
    findCurrent(orgId: string, now: Date): Promise<LicenseDoc | null> {
      return col.findOne({ org_id: orgId, status: 'active', expires_at: { $gt: now } }, { sort: { created_at: -1, _id: -1 } });
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
