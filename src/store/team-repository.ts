// Teams and the control tags they own (DESIGN §28): a tag says "this team answers for this control
// with this rule". Uniqueness (team names per org, one tag per team/control/rule) is held by the
// unique indexes of src/store/mongo.ts, so concurrent requests cannot both win.
import type { Db } from 'mongodb';
import type { Framework } from '../compliance/catalog.js';
import { DuplicateError, isDuplicateKey } from './errors.js';

export interface TeamDoc {
  /** `team_…` */
  _id: string;
  org_id: string;
  name: string;
  /** lower-cased name, unique per org */
  name_key: string;
  created_at: Date;
  updated_at: Date;
}

export interface ControlTagDoc {
  /** `tag_…` */
  _id: string;
  org_id: string;
  team_id: string;
  framework: Framework;
  control_id: string;
  rule_id: string;
  /** The policy the rule belongs to, so deleting the policy finds its tags. */
  policy_id: string;
  created_at: Date;
}

export type TeamRepository = ReturnType<typeof teamRepository>;
export type ControlTagRepository = ReturnType<typeof controlTagRepository>;

export function teamRepository(db: Db) {
  const col = db.collection<TeamDoc>('teams');
  return {
    /** DuplicateError('name') when the org has a team of that name in any case. */
    async insert(doc: TeamDoc): Promise<void> {
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateError('name');
        throw err;
      }
    },
    /** Sorted by name, case-insensitively. */
    listByOrg(orgId: string): Promise<TeamDoc[]> {
      return col.find({ org_id: orgId }).sort({ name_key: 1, _id: 1 }).toArray();
    },
    findInOrg(orgId: string, teamId: string): Promise<TeamDoc | null> {
      return col.findOne({ _id: teamId, org_id: orgId });
    },
    /** DuplicateError('name') when another team of the org has that name. */
    async rename(orgId: string, teamId: string, name: string, nameKey: string, now: Date): Promise<TeamDoc | null> {
      try {
        return await col.findOneAndUpdate({ _id: teamId, org_id: orgId }, { $set: { name, name_key: nameKey, updated_at: now } }, { returnDocument: 'after' });
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateError('name');
        throw err;
      }
    },
    async delete(orgId: string, teamId: string): Promise<boolean> {
      return (await col.deleteOne({ _id: teamId, org_id: orgId })).deletedCount === 1;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}

export function controlTagRepository(db: Db) {
  const col = db.collection<ControlTagDoc>('control_tags');
  return {
    /** DuplicateError('tag') when the team already tags that rule to that control. */
    async insert(doc: ControlTagDoc): Promise<void> {
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateError('tag');
        throw err;
      }
    },
    /** Oldest first. */
    listByOrg(orgId: string): Promise<ControlTagDoc[]> {
      return col.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
    },
    /** Oldest first; only those of one framework when it is given. */
    listByTeam(orgId: string, teamId: string, framework?: Framework): Promise<ControlTagDoc[]> {
      const filter = framework === undefined ? { org_id: orgId, team_id: teamId } : { org_id: orgId, team_id: teamId, framework };
      return col.find(filter).sort({ created_at: 1, _id: 1 }).toArray();
    },
    findInTeam(orgId: string, teamId: string, tagId: string): Promise<ControlTagDoc | null> {
      return col.findOne({ _id: tagId, org_id: orgId, team_id: teamId });
    },
    async delete(orgId: string, teamId: string, tagId: string): Promise<boolean> {
      return (await col.deleteOne({ _id: tagId, org_id: orgId, team_id: teamId })).deletedCount === 1;
    },
    async deleteByTeam(orgId: string, teamId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId, team_id: teamId });
    },
    async deleteByPolicy(orgId: string, policyId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId, policy_id: policyId });
    },
    /** Removes the tags of the policy's rules that are no longer among `ruleIds`. */
    async deleteByPolicyExceptRules(orgId: string, policyId: string, ruleIds: string[]): Promise<void> {
      await col.deleteMany({ org_id: orgId, policy_id: policyId, rule_id: { $nin: ruleIds } });
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
