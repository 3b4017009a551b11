// Dashboard users (docs/users-and-roles.md). Every read is an indexed equality: by `_id`, by the
// unique `email` (sign-in), or by `org_id` (an organization's users). Emails are stored lowercased,
// so the unique index is also case-insensitive. The password is kept only as its scrypt hash.
import type { Db } from 'mongodb';
import { DuplicateError, isDuplicateKey } from './errors.js';

export const ROLES = ['owner', 'admin', 'analyst', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export interface UserDoc {
  /** `usr_…` */
  _id: string;
  /** Lowercased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (src/services/passwords.ts); never leaves the service. */
  password_hash: string;
  role: Role;
  /** The one organization of an admin, analyst or auditor; null for an owner. */
  org_id: string | null;
  disabled: boolean;
  /** Raised when the password changes or the user is disabled: sessions started before it end. */
  session_version: number;
  password_changed_at: Date;
  created_at: Date;
  updated_at: Date;
}

export type UserRepository = ReturnType<typeof userRepository>;

export function userRepository(db: Db) {
  const col = db.collection<UserDoc>('users');
  return {
    async insert(doc: UserDoc): Promise<void> {
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateError('email');
        throw err;
      }
    },
    findById(id: string): Promise<UserDoc | null> {
      return col.findOne({ _id: id });
    },
    findByEmail(email: string): Promise<UserDoc | null> {
      return col.findOne({ email });
    },
    listByOrg(orgId: string | null): Promise<UserDoc[]> {
      return col.find({ org_id: orgId }).toArray();
    },
    /** Every user: an installation has tens, not thousands (owners list them across organizations). */
    listAll(): Promise<UserDoc[]> {
      return col.find({}).toArray();
    },
    async update(id: string, set: Partial<Omit<UserDoc, '_id' | 'email' | 'created_at'>>): Promise<UserDoc | null> {
      return col.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
    },
    async delete(id: string): Promise<boolean> {
      return (await col.deleteOne({ _id: id })).deletedCount === 1;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
