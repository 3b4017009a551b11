// The service on a Redis Cluster of its own (3 masters, scripts/local-services.ts), whatever Redis the
// suite runs on: two API replicas and a file worker on one cluster and one store. Every script and
// pipeline whose keys were not in one slot would fail here with CROSSSLOT.
import type { Cluster } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisCluster } from '../../scripts/local-services.js';
import { auditKeys } from '../../src/store/redis-keys.js';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { admin, check, createOrg, drained, fileCheck, issueLicense, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { ownServices } from '../helpers/services.js';

const own = ownServices('preflight-redis-cluster-');
let a: TestApp;
let b: TestApp;
let workers: FileWorkers;
let org: OrgFixture;
const EMAIL = 'jane.doe@example.com';

beforeAll(async () => {
  const cluster = await startRedisCluster(own.tempDir());
  cluster.children.forEach((child) => own.spawned({ child }));
  expect(cluster.url).toMatch(/^redis-cluster:\/\/127\.0\.0\.1:\d+,127\.0\.0\.1:\d+,127\.0\.0\.1:\d+$/);
  const env = testEnv({ REDIS_URL: cluster.url });
  a = await startTestApp(env);
  b = await startTestApp(env);
  workers = await startFileWorkers(a.config, a.app.repos, a.app.services.auditJournal, pino({ level: 'silent' }));
  org = await createOrg(a.app);
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await b?.app.close();
  await a?.close();
});

describe('on a Redis Cluster', () => {
  it('is a cluster of three masters, with the audit group tagged into one slot', async () => {
    const redis = a.app.redis as unknown as Cluster;
    expect(redis.isCluster).toBe(true);
    expect(redis.nodes('master')).toHaveLength(3);
    const keys = auditKeys(a.app.redis, a.config.redis.prefix);
    expect(keys).toBe(`${a.config.redis.prefix}{audit}:`);
    expect(a.app.services.auditJournal.stream).toBe(`${keys}audit:journal`);
    expect(a.app.queues.prefix).toBe(`{${a.config.redis.prefix}bull}`);
  });

  it('answers text checks on both replicas and records each once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => check(i % 2 ? b.app : a.app, org.apiKey, { text: `mail ${EMAIL} #${i}`, destination: 'AI_TOOL' })),
    );
    expect(answers.map((r) => r.statusCode), answers.find((r) => r.statusCode !== 200)?.body).toEqual(answers.map(() => 200));
    await drained(a.app);
    await drained(b.app);
    const ids = answers.map((r) => r.json().preflight_id as string);
    expect(await a.app.mongo.db.collection('audit').countDocuments({ _id: { $in: ids } } as object)).toBe(ids.length);
    const summary = await a.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/analytics`, headers: admin });
    expect(summary.statusCode, summary.body).toBe(200);
    // Counted by the drain's one script (journal, counters and dirty set in one slot), then copied.
    expect(summary.json().total_checks).toBeGreaterThanOrEqual(ids.length);
  });

  it('holds a plan’s per-minute limit across replicas (one script counts all windows of an organization)', async () => {
    const limited = await createOrg(a.app);
    await issueLicense(a.app, limited.orgId, { license_type: 'enterprise', requests_per_minute: 6 });
    const codes = [];
    for (let i = 0; i < 10; i += 1) codes.push((await check(i % 2 ? b.app : a.app, limited.apiKey, { text: 'hello', destination: 'AI_TOOL' })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });

  it('runs a file check through the BullMQ queue on the cluster, answered with its masked copy', async () => {
    const res = await fileCheck(b.app, org.apiKey, Buffer.from(`Customer mail ${EMAIL}\n`), { destination: 'AI_TOOL' }, 'notes.txt');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.decision).toBe('ALLOWED_WITH_MASKING');
    const file = await a.app.inject({ method: 'GET', url: new URL(body.masked_file_url).pathname, headers: { 'x-service-api-key': org.apiKey } });
    expect(file.body).toBe('Customer mail [EMAIL]\n');
  });

  it('a key regenerated on one replica is refused at once by the other', async () => {
    const res = await a.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies/${org.policyId}/regenerate-key`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect((await check(b.app, org.apiKey, { text: 'hello', destination: 'AI_TOOL' })).statusCode).toBe(401);
    expect((await check(b.app, res.json().api_key, { text: 'hello', destination: 'AI_TOOL' })).statusCode).toBe(200);
  });
});
