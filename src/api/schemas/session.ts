import { z } from 'zod';
import { ROLES } from '../../services/roles.js';
import { Timestamp } from './common.js';
import { GivenPassword, User, UserEmail } from './users.js';

/** The dashboard session cookie (signed, HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'preflight_session';
/** The session's CSRF token where scripts can read it (not HttpOnly): axios, and so bull-board, send it back as X-XSRF-TOKEN. */
export const CSRF_COOKIE = 'XSRF-TOKEN';

export const SessionCreate = z
  .strictObject({
    admin_token: z.string({ error: () => 'must be a string' }).min(1, 'must not be empty').max(1_000, 'must be at most 1000 characters').optional(),
    email: UserEmail.optional(),
    password: GivenPassword.optional(),
  })
  .superRefine((body, ctx) => {
    const asUser = body.email !== undefined || body.password !== undefined;
    if (body.admin_token !== undefined && asUser) ctx.addIssue({ code: 'custom', path: ['admin_token'], message: 'send admin_token, or email and password, not both' });
    else if (asUser && body.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'is required with password' });
    else if (asUser && body.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required with email' });
  })
  .nullish()
  .describe('admin_token, or email and password; or send the admin token as Authorization: Bearer <admin token> and no body');
export type SessionCreate = z.infer<typeof SessionCreate>;

export const Session = z
  .object({
    expires_at: Timestamp.describe('When the session ends; sign in again after it'),
    csrf_token: z
      .string()
      .describe('Send it as X-CSRF-Token on every write made with the session cookie (also set as the XSRF-TOKEN cookie); it lasts as long as the session'),
    role: z.enum(ROLES).describe('The role the session acts in: owner for the admin token'),
    user: User.nullable().describe('The signed-in user; null for the admin token'),
  })
  .meta({ id: 'Session' });
