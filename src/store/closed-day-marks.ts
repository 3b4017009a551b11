// Whether the audit counts of a scope's closed days (before today) changed: a mark in Redis, set anew
// by the drainers each time they raise such a count, so that API replicas may keep a scope's closed
// days in memory and re-read them only when the mark has moved. Closed days change rarely: late
// records around midnight, a backfill, seeding the past.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { auditKeys } from './redis-keys.js';

/** Whether `day` (YYYY-MM-DD) is before today (UTC) as this process sees it. */
export const beforeToday = (day: string, now = Date.now()) => day < new Date(now).toISOString().slice(0, 10);

export type ClosedDayMarks = ReturnType<typeof closedDayMarks>;

const freshMark = () => randomBytes(9).toString('base64url');

export function closedDayMarks(redis: Redis, prefix: string) {
  const key = (scope: string) => `${auditKeys(redis, prefix)}audit:closed-days:${scope}`;
  return {
    /**
     * After the counts of closed days of these scopes were raised in the store. A random mark, not a
     * counter: a Redis that lost its data cannot come back to a value a reader holds.
     */
    async moved(scopes: Iterable<string>): Promise<void> {
      const pipeline = redis.pipeline();
      for (const scope of new Set(scopes)) pipeline.set(key(scope), freshMark());
      if (pipeline.length === 0) return;
      for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
    },
    /**
     * The scope's mark now; read before its days, so a change made meanwhile is seen by the next reader.
     * A scope without one gets one: a mark lost later (Redis emptied, a key deleted) then reads as a
     * new one, never as the one a reader holds.
     */
    async current(scope: string): Promise<string> {
      const mark = await redis.get(key(scope));
      if (mark !== null) return mark;
      await redis.set(key(scope), freshMark(), 'NX');
      return (await redis.get(key(scope))) ?? '';
    },
  };
}
