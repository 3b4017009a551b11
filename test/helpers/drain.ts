// What a test file of the audit journal and its drainers needs, against the real Redis and FerretDB:
// Redis connections, a scratch database, drainers made like the service makes them. Drainers stop
// after each test; connections and the database go after the file.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis, keyNodes } from '../../src/store/redis-client.js';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { analyticsRepository } from '../../src/store/analytics-repository.js';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { evidenceRepository } from '../../src/store/evidence-repository.js';
import { evidenceSamplesRepository } from '../../src/store/evidence-samples-repository.js';
import { AuditDrainer, type DrainTargets } from '../../src/store/audit-drainer.js';
import type { AuditJournal } from '../../src/store/audit-journal.js';
import { auditRepository } from '../../src/store/audit-repository.js';
import { DailyRollups } from '../../src/store/daily-rollups.js';
import { serviceUrls, withDatabase } from './app.js';

const silent = { warn: () => undefined, error: () => undefined };

/** KEYS on every master of a cluster (a cluster's KEYS asks one node), or on the one Redis. */
export async function keysMatching(redis: Redis, pattern: string): Promise<string[]> {
  return (await Promise.all((await keyNodes(redis)).map((node) => node.keys(pattern)))).flat();
}

/** `name` tells this file's database and Redis prefixes apart from the others'. */
export function drainHarness(name: string) {
  const { redisUrl, mongodbUrl } = serviceUrls();
  const connections: Redis[] = [];
  const drainers: AuditDrainer[] = [];
  let mongo: MongoClient;
  const harness = {
    db: undefined as unknown as Db,
    redis(): Redis {
      const r = createRedis(redisUrl, { enableAutoPipelining: true, connectionName: 'preflight-test' });
      connections.push(r);
      return r;
    },
    /** A Redis prefix of its own. */
    prefix: () => `pf:test:${name}:${randomBytes(4).toString('hex')}:`,
    rollupsFor: (journal: AuditJournal) => new DailyRollups(harness.redis(), journal.prefix, { analytics: analyticsRepository(harness.db), evidence: evidenceRepository(harness.db), evidenceSamples: evidenceSamplesRepository(harness.db), auditCounts: auditCountsRepository(harness.db) }),
    /** `more`: the drainer's rollups (for a test to watch them), its pending limit, its gathering time (the default's 50 ms). */
    drainer(journal: AuditJournal, claimIdleMs = 30_000, beforeAck?: DrainTargets['beforeAck'], more: { rollups?: DailyRollups; pendingLimit?: number; gatherMs?: number } = {}): AuditDrainer {
      const targets = { audit: auditRepository(harness.db), rollups: more.rollups ?? harness.rollupsFor(journal), ...(beforeAck && { beforeAck }) };
      const limit = more.pendingLimit === undefined ? {} : { pendingLimit: more.pendingLimit };
      const d = new AuditDrainer(harness.redis(), journal, targets, { batchSize: 100, blockMs: 200, claimIdleMs, gatherMs: more.gatherMs ?? 50, ...limit }, silent);
      drainers.push(d);
      return d;
    },
  };
  beforeAll(async () => {
    mongo = new MongoClient(withDatabase(mongodbUrl, `pf_test_${name}_${randomBytes(4).toString('hex')}`));
    await mongo.connect();
    harness.db = mongo.db();
  });
  afterEach(async () => {
    await Promise.all(drainers.splice(0).map((d) => d.stop()));
  });
  afterAll(async () => {
    connections.forEach((c) => c.disconnect());
    await harness.db.dropDatabase();
    await mongo.close();
  });
  return harness;
}
