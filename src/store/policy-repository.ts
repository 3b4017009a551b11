import type { Db } from 'mongodb';
import { DEFAULT_MIN_CONFIDENCE } from '../engine/index.js';
import type { AllowEntry, CustomDetectorSpec, MaskingStyle, Rule } from '../engine/types.js';

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
  /** Detection settings (DESIGN §18); policies stored before they existed read as the defaults. */
  custom_detectors: CustomDetectorSpec[];
  allow: AllowEntry[];
  min_confidence: number;
  key_hash: string;
  key_enc: string;
  created_at: Date;
  updated_at: Date;
}

export type PolicyRepository = ReturnType<typeof policyRepository>;

type StoredPolicy = Omit<PolicyDoc, 'custom_detectors' | 'allow' | 'min_confidence'> & Partial<PolicyDoc>;

function withDefaults(doc: StoredPolicy): PolicyDoc;
function withDefaults(doc: StoredPolicy | null): PolicyDoc | null;
function withDefaults(doc: StoredPolicy | null): PolicyDoc | null {
  if (!doc) return null;
  return { ...doc, custom_detectors: doc.custom_detectors ?? [], allow: doc.allow ?? [], min_confidence: doc.min_confidence ?? DEFAULT_MIN_CONFIDENCE };
}

export function policyRepository(db: Db) {
  const col = db.collection<StoredPolicy>('policies');
  return {
    async insert(doc: PolicyDoc): Promise<void> {
      await col.insertOne(doc);
    },
    async listByOrg(orgId: string): Promise<PolicyDoc[]> {
      return (await col.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray()).map((d) => withDefaults(d));
    },
    async findInOrg(orgId: string, policyId: string): Promise<PolicyDoc | null> {
      return withDefaults(await col.findOne({ _id: policyId, org_id: orgId }));
    },
    async findById(policyId: string): Promise<PolicyDoc | null> {
      return withDefaults(await col.findOne({ _id: policyId }));
    },
    async findByKeyHash(keyHash: string): Promise<PolicyDoc | null> {
      return withDefaults(await col.findOne({ key_hash: keyHash }));
    },
    async update(orgId: string, policyId: string, set: Partial<Omit<PolicyDoc, '_id' | 'org_id'>>): Promise<PolicyDoc | null> {
      return withDefaults(await col.findOneAndUpdate({ _id: policyId, org_id: orgId }, { $set: set }, { returnDocument: 'after' }));
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
