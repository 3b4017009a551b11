import type { Db } from 'mongodb';
import type { MaskingStyle, Rule } from '../engine/types.js';

export interface PolicyDoc {
  _id: string;
  org_id: string;
  name: string;
  description: string;
  version: string;
  tags: string[];
  is_active: boolean;
  group: string;
  license_id: string;
  masking: MaskingStyle;
  rules: Rule[];
  key_hash: string;
  key_enc: string;
  created_at: Date;
  updated_at: Date;
}

export type PolicyRepository = ReturnType<typeof policyRepository>;

export function policyRepository(db: Db) {
  const col = db.collection<PolicyDoc>('policies');
  return {
    async insert(doc: PolicyDoc): Promise<void> {
      await col.insertOne(doc);
    },
    listByOrg(orgId: string): Promise<PolicyDoc[]> {
      return col.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
    },
    findInOrg(orgId: string, policyId: string): Promise<PolicyDoc | null> {
      return col.findOne({ _id: policyId, org_id: orgId });
    },
    findByKeyHash(keyHash: string): Promise<PolicyDoc | null> {
      return col.findOne({ key_hash: keyHash });
    },
    update(orgId: string, policyId: string, set: Partial<Omit<PolicyDoc, '_id' | 'org_id'>>): Promise<PolicyDoc | null> {
      return col.findOneAndUpdate({ _id: policyId, org_id: orgId }, { $set: set }, { returnDocument: 'after' });
    },
    /** Revoking a license stops every policy running under it (spec part 3). */
    async deactivateByLicense(orgId: string, licenseId: string, now: Date): Promise<void> {
      await col.updateMany({ org_id: orgId, license_id: licenseId }, { $set: { is_active: false, updated_at: now } });
    },
    /** A newly issued license governs every policy of its org. */
    async moveToLicense(orgId: string, licenseId: string): Promise<void> {
      await col.updateMany({ org_id: orgId }, { $set: { license_id: licenseId } });
    },
    async delete(orgId: string, policyId: string): Promise<boolean> {
      return (await col.deleteOne({ _id: policyId, org_id: orgId })).deletedCount === 1;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
