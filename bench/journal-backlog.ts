// How far the audit drain is behind: the journal's length at a moment (the end of a load run), and
// how long the running drainers then take to empty it.
import { createRedis } from '../src/store/redis-client.js';
import { journalKey } from '../src/store/audit-journal.js';

export interface Backlog {
  /** Records in the journal when measured. */
  atEnd: number;
  /** Seconds until the journal was empty (0 if it already was). */
  drainedS: number;
}

export async function journalBacklog(redisUrl: string, prefix: string, timeoutMs = 120_000): Promise<Backlog> {
  const redis = createRedis(redisUrl, { connectionName: 'bench-journal-backlog' });
  const stream = journalKey(redis, prefix);
  try {
    const start = performance.now();
    const atEnd = await redis.xlen(stream);
    let length = atEnd;
    while (length > 0) {
      if (performance.now() - start > timeoutMs) throw new Error(`audit journal still holds ${length} records ${timeoutMs} ms after the run`);
      await new Promise((r) => setTimeout(r, 20));
      length = await redis.xlen(stream);
    }
    return { atEnd, drainedS: (performance.now() - start) / 1000 };
  } finally {
    redis.disconnect();
  }
}
