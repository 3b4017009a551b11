// Each organization's opt-in per compliance framework (DESIGN §28). A framework never set reads as
// not enabled.
import type { Db } from 'mongodb';
import type { Framework } from '../compliance/catalog.js';

export interface FrameworkSettingDoc {
  /** `${org_id}:${framework}` */
  _id: string;
  org_id: string;
  framework: Framework;
  enabled: boolean;
  /** When it was last switched on; null while it is off. */
  enabled_at: Date | null;
  updated_at: Date;
}

export type FrameworkSettingsRepository = ReturnType<typeof frameworkSettingsRepository>;

export function frameworkSettingsRepository(db: Db) {
  const col = db.collection<FrameworkSettingDoc>('compliance_frameworks');
  return {
    listByOrg(orgId: string): Promise<FrameworkSettingDoc[]> {
      return col.find({ org_id: orgId }).toArray();
    },
    /** Switching on keeps the time it was first switched on, until it is switched off. */
    async set(orgId: string, framework: Framework, enabled: boolean, now: Date): Promise<FrameworkSettingDoc> {
      const _id = `${orgId}:${framework}`;
      const current = await col.findOne({ _id });
      const enabled_at = enabled ? (current?.enabled ? current.enabled_at : now) : null;
      const doc: FrameworkSettingDoc = { _id, org_id: orgId, framework, enabled, enabled_at, updated_at: now };
      await col.replaceOne({ _id }, doc, { upsert: true });
      return doc;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
