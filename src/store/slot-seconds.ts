// A slot's records per second and per tenth of a second (audit-layout.ts), kept in Redis only: a
// listing that enters a dense slot walks its seconds, and a busy second's tenths, by these counts,
// skipping empty ones and whole seconds and tenths of an offset. Counted
// by the drainers with the rest (daily-rollups.ts), for records of the last two days only, and kept
// two days: not copied to the store, as every record would add two counters there to copy and only
// dense slots need them. A slot without them (older, or Redis lost them) is walked uncounted.
import type { Redis } from 'ioredis';
import { auditKeys } from './redis-keys.js';

/** How long a slot's counts are kept after its last record, and how old a record may be to be counted. */
export const SLOT_SECONDS_KEPT_S = 2 * 86_400;

export const slotSecondsKey = (redis: Redis, prefix: string, scope: string, slot: string) => `${auditKeys(redis, prefix)}audit:seconds:${scope}:${slot}`;

export type SlotSeconds = ReturnType<typeof slotSeconds>;

export function slotSeconds(redis: Redis, prefix: string) {
  return {
    /**
     * Records by second of the slot (`2026-11-25T13:40`), `'0'` to `'599'`, and by tenth of a
     * second, `'37.4'`; empty when not kept.
     */
    async read(scope: string, slot: string): Promise<Record<string, number>> {
      const counts = await redis.hgetall(slotSecondsKey(redis, prefix, scope, slot));
      return Object.fromEntries(Object.entries(counts).map(([second, n]) => [second, Number(n)]));
    },
  };
}
