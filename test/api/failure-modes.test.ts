// Fail closed (DESIGN §22): when a dependency is gone or detection cannot run, the answer is 503
// with Retry-After — never ALLOWED, never a 500. Each case runs its own Redis / FerretDB to kill.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFerretDb, startRedis } from '../../scripts/local-services.js';
import { checkRecord } from '../../src/checks/record.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { admin, check, createOrg, drained, startTestApp, testEnv } from '../helpers/app.js';
import { kill, ownServices } from '../helpers/services.js';

const { tempDir, spawned } = ownServices('pf-failure-');

const expectUnavailable = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, code: string) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBeDefined();
  expect(res.json()).toMatchObject({ code, detail: expect.any(String) });
};

describe('store down', () => {
  it('still answers checks it can scan and journal, refuses what needs the store, and drains once the store is back', async () => {
    const dir = join(tempDir(), 'ferret');
    const ferret = spawned(await startFerretDb(dir, 'pf_down'));
    const port = Number(new URL(ferret.url).port);
    const t = await startTestApp(testEnv({ MONGODB_URL: ferret.url, MONGODB_TIMEOUT_MS: '500' }));
    try {
      const org = await createOrg(t.app);
      expect((await check(t.app, org.apiKey, { text: 'SSN 123-45-6789', destination: 'AI_TOOL' })).statusCode).toBe(200);
      await drained(t.app);
      await kill(ferret.child);

      // The policy is cached and still valid (Redis epoch), detection runs, the record is journaled.
      const during = await check(t.app, org.apiKey, { text: 'SSN 123-45-6789', destination: 'AI_TOOL' });
      expect(during.statusCode).toBe(200);
      expect(during.json().decision).toBe('ALLOWED_WITH_MASKING');
      // Anything that needs the store fails closed.
      expectUnavailable(await check(t.app, `svc_sk_${'B'.repeat(43)}`, { text: 'x', destination: 'AI_TOOL' }), 'store_unavailable');
      expectUnavailable(await t.app.inject({ method: 'GET', url: '/api/organizations', headers: admin }), 'store_unavailable');
      // A malformed key is refused without the store.
      expect((await check(t.app, 'svc_sk_malformed', { text: 'x', destination: 'AI_TOOL' })).statusCode).toBe(401);
      const ready = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { mongodb: false, redis: true } });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

      spawned(await startFerretDb(dir, 'pf_down', port));
      await drained(t.app);
      expect(await t.app.mongo.db.collection('audit').countDocuments({ _id: during.json().preflight_id })).toBe(1);
    } finally {
      await t.app.close();
    }
  });
});

describe('redis down', () => {
  it('answers 503 rather than trusting a cached key', async () => {
    const redis = spawned(await startRedis(join(tempDir(), 'redis'), false));
    const t = await startTestApp(testEnv({ REDIS_URL: redis.url }));
    try {
      const org = await createOrg(t.app);
      expect((await check(t.app, org.apiKey, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(200);
      await kill(redis.child);
      expectUnavailable(await check(t.app, org.apiKey, { text: 'hi', destination: 'AI_TOOL' }), 'redis_unavailable');
      // The admin token needs no Redis, but its rate limit does: limited requests fail closed, never unlimited.
      expectUnavailable(await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/policies`, headers: admin }), 'redis_unavailable');
      expect((await t.app.inject({ method: 'GET', url: '/ready' })).json().checks).toEqual({ mongodb: true, redis: false });
    } finally {
      await t.app.close();
    }
  });
});

/** About 1 MiB of text dense with candidates, so one scan keeps a detection thread busy. */
const heavyText = () => 'call 415-555-0132 or mail a.b@example.com, card 4111 1111 1111 1111; '.repeat(15_000);

describe('the audit journal cannot take the record', () => {
  it('a full journal answers 503 audit_overloaded, and the check is not recorded', async () => {
    const t = await startTestApp(testEnv({ AUDIT_MAX_BACKLOG: '2', AUDIT_DRAIN_IN_API: 'false' }));
    try {
      const org = await createOrg(t.app);
      // Another process filled the journal; this one measures the backlog on its first append.
      const other = new AuditJournal(t.app.redis, t.config.redis.prefix, 100);
      const subject = { org_id: org.orgId, org_name: 'Org', policy_id: org.policyId, policy_name: 'Default', policy_version: '1' };
      const outcome = { decision: 'ALLOWED' as const, summary: 'No sensitive data detected', detected: [], fired_rules: [] };
      for (const id of ['pf_full_1', 'pf_full_2']) {
        await other.append(checkRecord({ id, subject, destination: 'AI_TOOL', outcome, bytes: 5, createdAt: new Date() }));
      }
      expectUnavailable(await check(t.app, org.apiKey, { text: 'hello', destination: 'AI_TOOL' }), 'audit_overloaded');
      expect(await t.app.services.auditJournal.length()).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('a closing journal answers 503 shutting_down', async () => {
    const t = await startTestApp();
    try {
      const org = await createOrg(t.app);
      t.app.services.auditJournal.close();
      expectUnavailable(await check(t.app, org.apiKey, { text: 'hello', destination: 'AI_TOOL' }), 'shutting_down');
    } finally {
      await t.close();
    }
  });
});

describe('detection cannot run', () => {
  it('a saturated pool answers 503 detection_overloaded, never an unscanned ALLOWED', async () => {
    const t = await startTestApp(testEnv({ DETECT_THREADS: '1', DETECT_MAX_QUEUE: '1' }));
    try {
      const org = await createOrg(t.app);
      const text = heavyText();
      const results = await Promise.all(Array.from({ length: 12 }, () => check(t.app, org.apiKey, { text, destination: 'VENDOR' })));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      for (const r of results) {
        if (r.statusCode === 503) expectUnavailable(r, 'detection_overloaded');
        else expect(r.json().decision).toBe('ALLOWED_WITH_MASKING');
      }
      expect((await check(t.app, org.apiKey, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a scan over its time budget answers 503 detection_timeout', async () => {
    const t = await startTestApp(testEnv({ DETECT_TIMEOUT_MS: '10' }));
    try {
      const org = await createOrg(t.app);
      expectUnavailable(await check(t.app, org.apiKey, { text: heavyText(), destination: 'AI_TOOL' }), 'detection_timeout');
      expect(await t.app.services.auditJournal.length()).toBe(0);
      expect(await t.app.mongo.db.collection('audit').countDocuments({})).toBe(0);
    } finally {
      await t.close();
    }
  });
});
