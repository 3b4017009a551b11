import type { Db } from 'mongodb';
import { isDuplicateKey } from './errors.js';
import { newId } from './ids.js';

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
    /** Creates the group unless it exists; concurrent callers end with one group. */
    async ensure(orgId: string, name: string): Promise<void> {
      try {
        await col.updateOne(
          { org_id: orgId, name },
          { $setOnInsert: { _id: newId('grp'), org_id: orgId, name, created_at: new Date() } },
          { upsert: true },
        );
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    },
    async namesByOrg(orgId: string): Promise<string[]> {
      const groups = await col.find({ org_id: orgId }, { projection: { name: 1 } }).sort({ name: 1 }).toArray();
      return groups.map((g) => g.name);
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
