// Recording checks without making the store the bottleneck: audit records appended to the Redis
// journal by many concurrent callers (as checks do before answering), then drained into the store
// in large batches — against one store insert per check, on the same local FerretDB.
import type { Redis } from 'ioredis';
import { createRedis } from '../src/store/redis-client.js';
import { MongoClient } from 'mongodb';
import { analyticsRepository } from '../src/store/analytics-repository.js';
import { auditCountsRepository } from '../src/store/audit-counts-repository.js';
import { evidenceRepository } from '../src/store/evidence-repository.js';
import { evidenceSamplesRepository } from '../src/store/evidence-samples-repository.js';
import { AuditDrainer } from '../src/store/audit-drainer.js';
import { AuditJournal } from '../src/store/audit-journal.js';
import { auditRepository, type AuditDoc } from '../src/store/audit-repository.js';
import { DailyRollups } from '../src/store/daily-rollups.js';
import { newId } from '../src/store/ids.js';
import { machineLine, writeSection } from './results-file.js';

const RECORDS = 20_000;
const CALLERS = 64;
const silent = { warn: () => undefined, error: () => undefined };

function record(): AuditDoc {
  return {
    _id: newId('pf'),
    org_id: 'org_bench',
    org_name: 'Bench',
    policy_id: 'pol_bench',
    policy_name: 'Default policy',
    policy_version: '1.0',
    destination: 'AI_TOOL',
    decision: 'ALLOWED_WITH_MASKING',
    summary: 'Allowed with masking: 1 EMAIL, 1 PHONE masked for AI_TOOL by rule Mask PII everywhere.',
    detected: [
      { type: 'EMAIL', count: 1 },
      { type: 'PHONE', count: 1 },
    ],
    prevented: 2,
    source: 'text',
    bytes: 1024,
    created_at: new Date(),
  };
}

/** CALLERS concurrent callers each wait for their own write before the next: records/s and p99 wait. */
async function drive(write: () => Promise<unknown>): Promise<{ perSec: number; p99: number; seconds: number }> {
  const waits: number[] = [];
  let issued = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (issued < RECORDS) {
        issued += 1;
        const t = performance.now();
        await write();
        waits.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  waits.sort((a, b) => a - b);
  return { perSec: Math.round(RECORDS / seconds), p99: Number((waits[Math.floor(waits.length * 0.99)] ?? 0).toFixed(1)), seconds };
}

export async function benchAuditJournal(): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  const base = process.env.MONGODB_URL;
  if (!redisUrl || !base) throw new Error('REDIS_URL and MONGODB_URL must be set (run `npm run bench`)');
  const database = `pf_bench_journal_${Date.now()}`;
  const client = new MongoClient(Object.assign(new URL(base), { pathname: `/${database}` }).toString(), { maxPoolSize: 32 });
  const redis = createRedis(redisUrl, { enableAutoPipelining: true, connectionName: 'preflight-bench' });
  const blocking = createRedis(redisUrl, { connectionName: 'preflight-bench' });
  await client.connect();
  try {
    const repo = auditRepository(client.db());
    const direct = client.db().collection<AuditDoc>('audit_direct');
    console.log(`audit journal: ${RECORDS} records from ${CALLERS} concurrent callers, one store insert each`);
    const single = await drive(() => direct.insertOne(record()));

    const journal = new AuditJournal(redis, `pf:${database}:`, 10_000_000);
    console.log('audit journal: the same appended to the journal, drained in batches');
    const drainStart = performance.now();
    const appended = await drive(() => journal.append(record()));
    const rollups = new DailyRollups(blocking, journal.prefix, { analytics: analyticsRepository(client.db()), evidence: evidenceRepository(client.db()), evidenceSamples: evidenceSamplesRepository(client.db()), auditCounts: auditCountsRepository(client.db()) });
    const drainer = new AuditDrainer(blocking, journal, { audit: repo, rollups }, { batchSize: 1_000, blockMs: 200, claimIdleMs: 30_000, gatherMs: 50 }, silent);
    await drainer.start();
    await drainer.settled();
    const drainSeconds = (performance.now() - drainStart) / 1000 - appended.seconds;
    await drainer.stop();
    const stored = await client.db().collection('audit').countDocuments({});

    const section = `
## Audit recording (journal + batched drain)

${machineLine()}
${RECORDS} audit records from ${CALLERS} concurrent callers, each waiting until its own record is durable before the next (as a check does before it answers). Local Redis and FerretDB (on PostgreSQL).

| method | records/s | p99 wait ms |
|---|---:|---:|
| one store insert per record (insertOne) | ${single.perSec} | ${single.p99} |
| append to the Redis journal (what a check waits for) | ${appended.perSec} | ${appended.p99} |

The drainer then moved the journal into the store in batches of up to 1,000: ${Math.round(RECORDS / Math.max(drainSeconds, 0.001))} records/s after appending ended (${drainSeconds.toFixed(1)} s for the backlog); ${stored} of ${RECORDS} records stored, journal empty.
`;
    writeSection('audit-journal', section);
    console.log(section);
  } finally {
    await client.db().dropDatabase().catch(() => undefined);
    await client.close();
    redis.disconnect();
    blocking.disconnect();
  }
}
