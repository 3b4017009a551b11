// kill -9 of Redis and of the store (FerretDB) in the middle of traffic, each test with processes of
// its own: while one is down every answer is the real verdict or 503 with Retry-After (never a 500,
// never ALLOWED for content that was not scanned), and once it is back every check answered 200 is in
// the audit trail, once. The store's own PostgreSQL is killed too: FerretDB then still answers, but
// with errors of its own, which are as much an outage. (test/api/failure-modes.test.ts covers each
// outage request by request.)
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFerretDb, startPostgres, startRedis } from '../../scripts/local-services.js';
import { admin, check, createOrg, drained, issueLicense, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { expectFailClosed, traffic, type Answer } from '../helpers/traffic.js';
import { kill, ownServices } from '../helpers/services.js';

const { tempDir, spawned } = ownServices('pf-fault-');

const SSN = '123-45-6789';
/** Text checks of content the default policy masks: ALLOWED would mean it was not scanned. */
const checks = (t: TestApp, apiKey: string) => (label: string) => check(t.app, apiKey, { text: `claim ${label}: member SSN ${SSN}`, destination: 'AI_TOOL' });
const masked = (a: Answer) => {
  expect(a.body.decision).toBe('ALLOWED_WITH_MASKING');
  expect(a.body.masked_content).toBe(`claim ${a.sent}: member SSN [SSN]`);
};
const ok = (a: Answer) => a.status === 200;
const refused = (a: Answer) => a.status === 503;

/** An organization whose plan does not limit the traffic (limits are not what these tests are about). */
async function unlimitedOrg(t: TestApp): Promise<OrgFixture> {
  const org = await createOrg(t.app);
  await issueLicense(t.app, org.orgId, { license_type: 'enterprise', requests_per_minute: 1_000_000, requests_per_day: 100_000_000 });
  return org;
}
// Errors only: a request answered 500 logs what was thrown, so a failure here explains itself.
const unlimited = { DASHBOARD_RATE_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };

/** Every check answered 200 has its audit record, once, after the journal drained. */
async function expectAllRecorded(t: TestApp, answers: Answer[]): Promise<void> {
  const ids = answers.filter(ok).map((a) => a.body.preflight_id as string);
  await drained(t.app);
  expect(new Set(ids).size).toBe(ids.length);
  expect(await t.app.mongo.db.collection('audit').countDocuments({ _id: { $in: ids } } as object)).toBe(ids.length);
}

describe('Redis killed mid-traffic', () => {
  it('answers 503 while it is down, and loses no answered check once it is back', async () => {
    const dir = join(tempDir(), 'redis');
    // Persisted as the local stack and docker-compose run it (AOF): the journal outlives the kill.
    const redis = spawned(await startRedis(dir, true));
    const t = await startTestApp(testEnv({ ...unlimited, REDIS_URL: redis.url }));
    try {
      const org = await unlimitedOrg(t);
      const load = traffic(4, checks(t, org.apiKey));
      await load.until(20, ok);
      await kill(redis.child);
      await load.until(10, refused);
      spawned(await startRedis(dir, true, Number(new URL(redis.url).port)));
      await load.until(20, ok);
      await load.stop();

      expect(load.answers.filter(refused).length).toBeGreaterThanOrEqual(10);
      expectFailClosed(load.answers, masked, ['redis_unavailable']);
      await expectAllRecorded(t, load.answers);
    } finally {
      await t.close();
    }
  });
});

/**
 * Checks and management reads against an app on `storeUrl` while `outage` takes the store away and
 * `restore` brings it back: checks go on under cached policies, reads are refused 503 meanwhile, and
 * every answered check is recorded once it is back.
 */
async function storeOutage(storeUrl: string, outage: () => Promise<void>, restore: () => Promise<void>): Promise<void> {
  const t = await startTestApp(testEnv({ ...unlimited, MONGODB_URL: storeUrl, MONGODB_TIMEOUT_MS: '500' }));
  try {
    const org = await unlimitedOrg(t);
    const load = traffic(3, checks(t, org.apiKey));
    // Management reads need the store on every request.
    const reads = traffic(1, () => t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/policies`, headers: admin }));
    await load.until(20, ok);
    await outage();
    await reads.until(3, refused);
    await load.until(20, ok);
    await restore();
    await reads.until(1, ok);
    await Promise.all([load.stop(), reads.stop()]);

    expectFailClosed(load.answers, masked, ['store_unavailable']);
    expectFailClosed(reads.answers, (a) => expect(Array.isArray(a.body)).toBe(true), ['store_unavailable']);
    await expectAllRecorded(t, load.answers);
  } finally {
    await t.close();
  }
}

describe('the store killed mid-traffic', () => {
  it('goes on answering checks under cached policies, refuses what needs the store, and drains every record once it is back', async () => {
    const dir = join(tempDir(), 'ferret');
    const ferret = spawned(await startFerretDb(dir, 'pf_fault'));
    await storeOutage(
      ferret.url,
      () => kill(ferret.child),
      async () => void spawned(await startFerretDb(dir, 'pf_fault', Number(new URL(ferret.url).port))),
    );
  });
});

describe("the store's PostgreSQL killed mid-traffic", () => {
  it('answers what needs the store 503 while FerretDB cannot reach its backend, and drains every record once it is back', async () => {
    // Durable, as `npm start` runs it: without fsync a crash loses the last commits, acknowledged or not.
    const pg = spawned(await startPostgres(join(tempDir(), 'pg'), { persist: true }));
    const ferret = spawned(await startFerretDb(join(tempDir(), 'ferret'), 'pf_fault_pg', undefined, { postgresUrl: pg.url }));
    await storeOutage(
      ferret.url,
      // An immediate shutdown (SIGQUIT): its connections end at once, as in a crash; the next start recovers.
      () => kill(pg.child, 'SIGQUIT'),
      async () => void spawned(await startPostgres(pg.dir, { persist: true, port: pg.port })),
    );
  });
});
