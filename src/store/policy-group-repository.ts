import type { Db } from 'mongodb';

export interface PolicyGroupDoc {
  _id: string;
  org_id: string;
  name: string;
  created_at: Date;
}

export type PolicyGroupRepository = ReturnType<typeof policyGroupRepository>;

export function policyGroupRepository(db: Db) {
  const col = db.collection<PolicyGroupDoc>('policy_groups');
  return {
    async insert(doc: PolicyGroupDoc): Promise<void> {
      await col.insertOne(doc);
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
