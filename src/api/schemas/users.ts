import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../services/passwords.js';
import { ROLES } from '../../services/roles.js';
import type { UserDoc } from '../../store/user-repository.js';
import { Timestamp } from './common.js';

/** zod's own email rule as a plain pattern (as for organizations), lowercased by the service. */
export const UserEmail = z.string().max(254, 'must be at most 254 characters').regex(z.regexes.email, 'must be an email address');

export const NewPassword = z
  .string({ error: () => 'must be a string' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
  .describe(`${PASSWORD_MIN}–${PASSWORD_MAX} characters, at least 5 different ones, not containing the email's name; never stored or logged`);

/** A password being checked, not set: any length up to the bound, so old rules never lock anyone out. */
export const GivenPassword = z.string({ error: () => 'must be a string' }).min(1, 'must not be empty').max(1_024, 'must be at most 1024 characters');

const RoleSchema = z.enum(ROLES, { error: () => `must be one of ${ROLES.join(', ')}` });

export const UserCreate = z.strictObject({
  email: UserEmail,
  password: NewPassword,
  role: RoleSchema,
  org_id: z.string().min(1).max(100).optional().describe('Organization id or slug: required for admin, analyst and auditor; absent for owner. An admin may name only its own.'),
});

export const UserPatch = z.strictObject({
  role: RoleSchema.optional().describe('Not between owner and the organization roles'),
  disabled: z.boolean().optional().describe('A disabled user cannot sign in, and its sessions end at once'),
  password: NewPassword.optional().describe('A reset by an owner or admin: the user’s sessions end'),
});

export const UserParams = z.object({ user_id: z.string().min(1).max(100) });

export const UserListQuery = z.object({
  org_id: z.string().min(1).max(100).optional().describe('Only this organization’s users (an owner; an admin always sees its own organization)'),
});

export const PasswordChange = z.strictObject({
  current_password: GivenPassword,
  new_password: NewPassword,
});

export const User = z
  .object({
    user_id: z.string(),
    email: z.string(),
    role: RoleSchema,
    org_id: z.string().nullable().describe('Null for an owner'),
    disabled: z.boolean(),
    password_changed_at: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'User' });

export function toUser(doc: UserDoc): z.infer<typeof User> {
  return {
    user_id: doc._id,
    email: doc.email,
    role: doc.role,
    org_id: doc.org_id,
    disabled: doc.disabled,
    password_changed_at: doc.password_changed_at.toISOString(),
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}
