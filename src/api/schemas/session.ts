import { z } from 'zod';
import { Timestamp } from './common.js';

/** The dashboard session cookie (signed, HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'preflight_session';

export const SessionCreate = z
  .strictObject({
    admin_token: z.string({ error: () => 'must be a string' }).min(1, 'must not be empty').max(1_000, 'must be at most 1000 characters'),
  })
  .nullish()
  .describe('Or send the token as Authorization: Bearer <admin token> and no body');

export const Session = z
  .object({ expires_at: Timestamp.describe('When the session ends; sign in again after it') })
  .meta({ id: 'Session' });
