import { z } from 'zod';
import { CHANGE_ACTIONS, TARGET_TYPES } from '../../services/change-log.js';
import type { ChangeDoc } from '../../store/change-log-repository.js';
import { DateOrTimestamp, windowOf } from './audit.js';
import { intParam, Timestamp } from './common.js';

export const ChangeQuery = z
  .object({
    limit: intParam('limit', 1, 200, 50),
    from: DateOrTimestamp.optional().describe('Oldest change: a day (from its start, UTC) or a timestamp; inclusive'),
    to: DateOrTimestamp.optional().describe('Newest change: a day (to its end, UTC) or a timestamp; inclusive'),
    action: z.enum(CHANGE_ACTIONS, { error: () => `must be one of ${CHANGE_ACTIONS.join(', ')}` }).optional(),
    target_type: z.enum(TARGET_TYPES, { error: () => `must be one of ${TARGET_TYPES.join(', ')}` }).optional(),
    target_id: z.string().min(1).max(100).optional().describe('Only changes of this policy, license, team, tag, key or framework'),
    cursor: z.string().min(1).max(100).optional().describe('next_cursor of an earlier page: goes on with older changes'),
  })
  .refine((q) => q.from === undefined || q.to === undefined || windowOf(q).from! <= windowOf(q).to!, {
    path: ['from'],
    message: 'from must not be after to',
  });
export type ChangeQuery = z.infer<typeof ChangeQuery>;

const Settings = z.record(z.string(), z.unknown()).nullable();

export const Change = z
  .object({
    change_id: z.string(),
    at: Timestamp,
    org_id: z.string(),
    action: z.enum(CHANGE_ACTIONS),
    target_type: z.enum(TARGET_TYPES),
    target_id: z.string(),
    actor: z
      .object({
        kind: z.enum(['admin', 'user', 'partner', 'policy', 'license']).describe('admin: the admin token or a session signed in with it; user: a dashboard user'),
        via: z.enum(['token', 'session', 'key']),
        session_hash: z.string().nullable().describe('SHA-256 (hex) of the dashboard session id; null unless via is session'),
        key_id: z.string().nullable().describe('The partner key, policy or license whose key was used; null for the admin'),
        user_id: z.string().nullable().describe('The dashboard user; null unless kind is user'),
        email: z.string().nullable().describe('The user’s email when the change was made; null unless kind is user'),
        role: z.string().nullable().describe('The role the user acted in; null unless kind is user'),
      })
      .describe('Who made the change'),
    before: Settings.describe('The target’s settings before the change (secrets redacted); null when it did not exist'),
    after: Settings.describe('Its settings after the change; null when it was deleted'),
  })
  .meta({ id: 'Change' });

export const ChangePage = z
  .object({
    items: z.array(Change),
    limit: z.number().int(),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next, older page; null when there is nothing further'),
  })
  .meta({ id: 'ChangePage' });

export function toChange(doc: ChangeDoc): z.infer<typeof Change> {
  return {
    change_id: doc._id,
    at: doc.at.toISOString(),
    org_id: doc.org_id,
    action: doc.action as z.infer<typeof Change>['action'],
    target_type: doc.target_type as z.infer<typeof Change>['target_type'],
    target_id: doc.target_id,
    actor: { ...doc.actor, user_id: doc.actor.user_id ?? null, email: doc.actor.email ?? null, role: doc.actor.role ?? null },
    before: doc.before,
    after: doc.after,
  };
}
