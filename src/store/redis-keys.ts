// Keys that one script, transaction or pipeline uses together must hash to one slot on a Redis
// Cluster; a `{tag}` in their names makes them do so. On a single Redis the names stay untagged, as
// they always were, so an upgrade finds its journal and counters where it left them.
import type { Redis } from 'ioredis';

/**
 * `prefix` plus the group's hash tag on a cluster: `pf:{audit}:`. Groups: `audit` (journal, its
 * markers, counters and locks, the drain's state), a rate-limit subject, BullMQ's queues (prefix.ts).
 */
export function slotGroup(redis: Redis, prefix: string, group: string): string {
  return redis.isCluster ? `${prefix}{${group}}:` : prefix;
}

/** The group of everything the audit journal and its drain touch in one script (daily-rollups.ts). */
export const auditKeys = (redis: Redis, prefix: string) => slotGroup(redis, prefix, 'audit');
