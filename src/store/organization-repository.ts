import type { Db } from 'mongodb';
import { DuplicateError, isDuplicateKey } from './errors.js';

export interface OrganizationSettings {
  admin_email: string;
  primary_color: string;
}

export interface OrganizationDoc {
  _id: string;
  name: string;
  slug: string;
  settings: OrganizationSettings;
  created_at: Date;
  updated_at: Date;
}

export type OrganizationRepository = ReturnType<typeof organizationRepository>;

export function organizationRepository(db: Db) {
  const col = db.collection<OrganizationDoc>('organizations');
  return {
    async insert(doc: OrganizationDoc): Promise<void> {
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateError('slug');
        throw err;
      }
    },
    /** Paths accept the id or the slug; ids carry an `org_` prefix that slugs cannot contain. */
    findByRef(ref: string): Promise<OrganizationDoc | null> {
      return col.findOne(ref.startsWith('org_') ? { _id: ref } : { slug: ref });
    },
    list(): Promise<OrganizationDoc[]> {
      return col.find({}).sort({ created_at: 1, _id: 1 }).toArray();
    },
    async update(id: string, set: Partial<Omit<OrganizationDoc, '_id'>>): Promise<OrganizationDoc | null> {
      return col.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
    },
    async delete(id: string): Promise<boolean> {
      return (await col.deleteOne({ _id: id })).deletedCount === 1;
    },
  };
}
