// Webhooks end to end: endpoints managed through the API, events from real checks, delivered by the
// real BullMQ worker (in this process) to a real HTTP receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE),
// signed, retried with backoff, logged per endpoint, disabled after repeated failure; and the SSRF
// guard of an app without the setting. Real Redis and FerretDB.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLog } from '../../src/store/webhook-repository.js';
import { KeyVault } from '../../src/store/api-keys.js';
import { webhookDeliveryProcessor } from '../../src/workers/webhook-delivery.worker.js';
import { startEvidenceWorkers } from '../../src/workers/evidence-workers.js';
import { startFileWorkers } from '../../src/workers/file-workers.js';
import { startWebhookWorkers, type WebhookWorkers } from '../../src/workers/webhook-workers.js';
import { admin, check, createOrg, drained, fileCheck, MASTER_KEY, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';

const CANARY = 'canary-51d0e';
const BLOCKED_TEXT = `deploy with AKIAZ3MSJV4WWNKWW5FG ${CANARY} please`;
const TIMEOUT_MS = 1_500;

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

let env: Record<string, string>;
let t: TestApp;
let strict: TestApp;
let org: OrgFixture;
let workers: WebhookWorkers;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** Answers per path: a status, or 'hang' (never answers). Paths not listed answer 200. */
const plans = new Map<string, Array<number | 'hang'>>();
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const plan = plans.get(path);
      const next = plan && plan.length > 1 ? plan.shift()! : (plan?.[0] ?? 200);
      if (next === 'hang') hanging.push(res);
      else res.writeHead(next).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  env = testEnv({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_BACKOFF_MS: '50',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_ATTEMPTS: '5',
    WEBHOOK_DISABLE_AFTER_FAILURES: '3',
  });
  t = await startTestApp(env);
  strict = await startTestApp(testEnv());
  org = await createOrg(t.app);
  workers = startWebhookWorkers(t.config, t.app.repos, pino({ level: 'silent' }));
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await workers?.close();
  await strict?.close();
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const hooksUrl = (orgId = org.orgId) => `/api/orgs/${orgId}/webhooks`;

async function subscribe(path: string, events: string[] = ['check.blocked'], app = t.app, orgId = org.orgId) {
  const res = await app.inject({ method: 'POST', url: hooksUrl(orgId), headers: admin, payload: { url: `${base}${path}`, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook_id: string; secret: string };
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined && got !== false) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const deliveriesTo = (path: string) => received.filter((r) => r.path === path);
const logOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `${hooksUrl()}/${id}/deliveries`, headers: admin })).json().items;
const sendTest = (id: string) => t.app.inject({ method: 'POST', url: `${hooksUrl()}/${id}/test`, headers: admin });

function verify(r: Received, secret: string): boolean {
  const [, t_, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['preflight-signature'])) ?? [];
  return v1 === createHmac('sha256', secret).update(`${t_}.${r.body}`).digest('hex');
}

describe('webhook endpoints', () => {
  it('shows the secret once, keeps it out of listings and the change log, and records every change', async () => {
    const { webhook_id, secret } = await subscribe('/crud', ['check.blocked', 'bundle.ready']);
    expect(secret).toMatch(/^whsec_/);
    const listed = (await t.app.inject({ method: 'GET', url: hooksUrl(), headers: admin })).json();
    expect(listed.find((w: { webhook_id: string }) => w.webhook_id === webhook_id)).toMatchObject({ url: `${base}/crud`, enabled: true, events: ['check.blocked', 'bundle.ready'] });
    expect(JSON.stringify(listed)).not.toContain(secret);
    const patched = await t.app.inject({ method: 'PATCH', url: `${hooksUrl()}/${webhook_id}`, headers: admin, payload: { enabled: false } });
    expect(patched.json()).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const rotated = await t.app.inject({ method: 'POST', url: `${hooksUrl()}/${webhook_id}/rotate-secret`, headers: admin });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    expect((await t.app.inject({ method: 'DELETE', url: `${hooksUrl()}/${webhook_id}`, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${hooksUrl()}/${webhook_id}`, headers: admin })).statusCode).toBe(404);
    const changes = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/changes?target_id=${webhook_id}`, headers: admin })).json();
    expect(changes.items.map((c: { action: string }) => c.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.rotate_secret', 'webhook.update']);
    expect(JSON.stringify(changes)).not.toContain(secret);
    expect(JSON.stringify(changes)).not.toContain(rotated.json().secret);
  });

  it('refuses unknown events and a policy key', async () => {
    const bad = await t.app.inject({ method: 'POST', url: hooksUrl(), headers: admin, payload: { url: `${base}/x`, events: ['check.allowed'] } });
    expect(bad.statusCode).toBe(422);
    const byKey = await t.app.inject({ method: 'POST', url: hooksUrl(), headers: { 'x-service-api-key': org.apiKey }, payload: { url: `${base}/x`, events: ['check.blocked'] } });
    expect([401, 403]).toContain(byKey.statusCode);
  });
});

describe('deliveries', () => {
  it('delivers check.blocked signed, with ids, decision, types and counts, never content', async () => {
    const { webhook_id, secret } = await subscribe('/blocked');
    const res = await check(t.app, org.apiKey, { text: BLOCKED_TEXT, destination: 'AI_TOOL', metadata: { app: 'bot' } }, { headers: { 'x-service-api-key': org.apiKey, 'x-request-id': 'req-77' } });
    expect(res.json().decision).toBe('BLOCKED');
    const got = await until('the delivery', () => deliveriesTo('/blocked')[0]);
    expect(verify(got, secret)).toBe(true);
    expect(verify(got, 'whsec_wrong')).toBe(false);
    expect(got.headers['preflight-event']).toBe('check.blocked');
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ type: 'check.blocked', org_id: org.orgId, data: { preflight_id: res.json().preflight_id, decision: 'BLOCKED', source: 'text', request_id: 'req-77', detected: [{ type: 'AWS_ACCESS_KEY', count: 1 }] } });
    expect(got.body).not.toContain(CANARY);
    expect(got.body).not.toContain('AKIAZ3MSJV4WWNKWW5FG');
    expect(got.body).not.toContain('summary');
    const log = await until('the log entry', async () => (await logOf(webhook_id))[0]);
    expect(log).toMatchObject({ outcome: 'succeeded', status_code: 200, attempt: 1, event_type: 'check.blocked' });
    await drained(t.app);
  });

  it('retries a 500 with backoff until it succeeds, and logs every attempt', async () => {
    plans.set('/flaky', [500, 500, 200]);
    const { webhook_id, secret } = await subscribe('/flaky', ['license.revoked']);
    expect((await sendTest(webhook_id)).statusCode).toBe(202);
    await until('three attempts', () => deliveriesTo('/flaky').length >= 3 || undefined);
    const attempts = deliveriesTo('/flaky');
    expect(new Set(attempts.map((a) => a.headers['preflight-event-id'])).size).toBe(1);
    expect(attempts.every((a) => verify(a, secret))).toBe(true);
    const log = await until('three log entries', async () => ((await logOf(webhook_id)) as unknown[]).length >= 3 && (await logOf(webhook_id)));
    expect(log.map((e: { outcome: string; attempt: number }) => [e.attempt, e.outcome])).toEqual([
      [3, 'succeeded'],
      [2, 'failed'],
      [1, 'failed'],
    ]);
    // The endpoint's failures are cleared just after the attempt is logged: wait for that write.
    const hook = await until('the success recorded on the endpoint', async () => {
      const got = (await t.app.inject({ method: 'GET', url: `${hooksUrl()}/${webhook_id}`, headers: admin })).json();
      return got.consecutive_failures === 0 ? got : undefined;
    });
    expect(hook).toMatchObject({ enabled: true, consecutive_failures: 0, failing_since: null });
  });

  it('a receiver that hangs does not stall another endpoint’s delivery', async () => {
    plans.set('/hang', ['hang']);
    const stuck = await subscribe('/hang', ['license.revoked']);
    const healthy = await subscribe('/healthy', ['license.revoked']);
    for (let i = 0; i < 3; i++) await sendTest(stuck.webhook_id);
    await until('the hanging requests', () => deliveriesTo('/hang').length >= 3 || undefined);
    const sent = Date.now();
    await sendTest(healthy.webhook_id);
    const got = await until('the healthy delivery', () => deliveriesTo('/healthy')[0]);
    expect(got.at - sent).toBeLessThan(TIMEOUT_MS / 2);
    // The hanging ones time out and are logged as failures.
    const log = await until('a timeout', async () => (await logOf(stuck.webhook_id)).find((e: { outcome: string }) => e.outcome === 'failed'));
    expect(log.error).toContain(`no answer within ${TIMEOUT_MS} ms`);
    await t.app.inject({ method: 'DELETE', url: `${hooksUrl()}/${stuck.webhook_id}`, headers: admin });
  });

  it('disables an endpoint after repeated failure, and re-enabling clears its failures', async () => {
    plans.set('/down', [503]);
    const { webhook_id } = await subscribe('/down', ['license.revoked']);
    await sendTest(webhook_id);
    const hook = await until('the endpoint disabled', async () => {
      const h = (await t.app.inject({ method: 'GET', url: `${hooksUrl()}/${webhook_id}`, headers: admin })).json();
      return h.enabled ? undefined : h;
    });
    expect(hook).toMatchObject({ enabled: false, disabled_reason: 'failing', consecutive_failures: 3 });
    expect(hook.failing_since).not.toBeNull();
    // No attempt after it was disabled (WEBHOOK_DISABLE_AFTER_FAILURES=3 of 5 attempts).
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveriesTo('/down')).toHaveLength(3);
    const enabled = await t.app.inject({ method: 'PATCH', url: `${hooksUrl()}/${webhook_id}`, headers: admin, payload: { enabled: true } });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0, failing_since: null });
  });

  it('delivers file_check.completed (and check.blocked) from the file worker, without the file’s content', async () => {
    const files = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
    try {
      await subscribe('/files', ['file_check.completed', 'check.blocked']);
      const res = await fileCheck(t.app, org.apiKey, Buffer.from(BLOCKED_TEXT), { destination: 'AI_TOOL' }, 'notes.txt');
      expect(res.statusCode, res.body).toBe(200);
      const got = await until('both events', () => (deliveriesTo('/files').length >= 2 ? deliveriesTo('/files') : undefined));
      const types = got.map((r) => JSON.parse(r.body).type).sort();
      expect(types).toEqual(['check.blocked', 'file_check.completed']);
      for (const r of got) {
        expect(JSON.parse(r.body).data).toMatchObject({ preflight_id: res.json().preflight_id, source: 'file', decision: 'BLOCKED' });
        expect(r.body).not.toContain(CANARY);
      }
    } finally {
      await files.close();
    }
  });

  it('delivers bundle.ready when an evidence bundle is written, naming the very bytes downloaded', async () => {
    const evidence = startEvidenceWorkers(t.config, t.app.repos, pino({ level: 'silent' }));
    try {
      const other = await createOrg(t.app, `org-hooks-bundle-${process.pid}`);
      await subscribe('/bundles', ['bundle.ready'], t.app, other.orgId);
      const res = await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/compliance/export/all?days=7`, headers: admin });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const got = await until('the delivery', () => deliveriesTo('/bundles')[0], 60_000);
      const event = JSON.parse(got.body);
      expect(event).toMatchObject({ type: 'bundle.ready', org_id: other.orgId, data: { trigger: 'on_demand', size: res.rawPayload.length, sha256: createHash('sha256').update(res.rawPayload).digest('hex') } });
      const bundles = (await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/compliance/bundles`, headers: admin })).json().bundles as Array<{ bundle_id: string }>;
      expect(bundles.map((b) => b.bundle_id)).toContain(event.data.bundle_id);
    } finally {
      await evidence.close();
    }
  }, 120_000);

  it('delivers license.revoked when a license is revoked', async () => {
    const other = await createOrg(t.app, `org-hooks-lic-${process.pid}`);
    await subscribe('/licenses', ['license.revoked'], t.app, other.orgId);
    const licenses = (await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/licenses`, headers: admin })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orgs/${other.orgId}/licenses/${licenses[0].license_id}`, headers: admin })).statusCode).toBe(204);
    const got = await until('the delivery', () => deliveriesTo('/licenses')[0]);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'license.revoked', org_id: other.orgId, data: { license_id: licenses[0].license_id } });
  });

  it('loses no license.revoked that cannot be enqueued: the DELETE answers 503, and repeating it sends the event', async () => {
    const other = await createOrg(t.app, `org-hooks-lic-retry-${process.pid}`);
    await subscribe('/licenses-retry', ['license.revoked'], t.app, other.orgId);
    const licenseId = (await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/licenses`, headers: admin })).json()[0].license_id;
    const url = `/api/orgs/${other.orgId}/licenses/${licenseId}`;
    // A replica of the same deployment whose queues' connection to Redis is cut (it queues nothing offline).
    const cut = await startTestApp(env);
    try {
      (cut.app.queues.webhookDelivery.opts.connection as Redis).disconnect();
      const refused = await cut.app.inject({ method: 'DELETE', url, headers: admin });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().code).toBe('redis_unavailable');
    } finally {
      await cut.app.close();
    }
    // The license is revoked all the same (the refusal came after it); the repeat sends the event.
    const license = (await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/licenses`, headers: admin })).json()[0];
    expect(license.status).toBe('revoked');
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    const got = await until('the delivery', () => deliveriesTo('/licenses-retry')[0]);
    // The revocation's own time, whichever DELETE enqueued it: a repeat is the same event.
    expect(JSON.parse(got.body)).toMatchObject({ id: `evt_license_revoked_${licenseId}`, type: 'license.revoked', data: { license_id: licenseId, revoked_at: license.updated_at } });
  });
});

describe('server-side request forgery', () => {
  it('refuses URLs that are not http(s) or resolve to loopback, private or link-local addresses', async () => {
    const strictOrg = await createOrg(strict.app);
    const urls = [
      'file:///etc/passwd',
      'ftp://example.com/x',
      'http://127.0.0.1:8080/hook',
      'http://10.0.0.1/hook',
      'http://172.16.5.4/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://0.0.0.0/hook',
      'http://localhost:9999/hook',
      'http://user:pw@example.com/hook',
    ];
    for (const url of urls) {
      const res = await strict.app.inject({ method: 'POST', url: hooksUrl(strictOrg.orgId), headers: admin, payload: { url, events: ['check.blocked'] } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code, url).toBe('webhook_url_refused');
    }
  });

  it('refuses at delivery time too: a URL allowed when subscribed that now resolves to a private address is not called', async () => {
    const { webhook_id } = await subscribe('/rebound', ['license.revoked']);
    const log = deliveryLog(t.app.redis, t.config.redis.prefix);
    const process = webhookDeliveryProcessor({
      webhooks: t.app.repos.webhooks,
      deliveries: log,
      vault: new KeyVault(MASTER_KEY),
      settings: { allowPrivate: false, timeoutMs: TIMEOUT_MS, disableAfterFailures: 10, disableAfterMs: 86_400_000 },
    });
    const event = { id: 'evt_rebound', type: 'license.revoked' as const, created_at: new Date().toISOString(), org_id: org.orgId, data: {} };
    await expect(process({ id: 'job-rebound', attemptsMade: 0, data: { endpoint_id: webhook_id, event } })).rejects.toThrow(/127\.0\.0\.1/);
    expect(deliveriesTo('/rebound')).toHaveLength(0);
    expect((await log.list(webhook_id, 10))[0]).toMatchObject({ outcome: 'refused', event_id: 'evt_rebound' });

    // A name is judged by what it resolves to as the delivery connects (localhost: loopback).
    const named = (await t.app.inject({ method: 'POST', url: hooksUrl(), headers: admin, payload: { url: base.replace('127.0.0.1', 'localhost') + '/named', events: ['license.revoked'] } })).json();
    await expect(process({ id: 'job-named', attemptsMade: 0, data: { endpoint_id: named.webhook_id, event } })).rejects.toThrow(/localhost resolves to/);
    expect(deliveriesTo('/named')).toHaveLength(0);
    expect((await log.list(named.webhook_id, 10))[0]).toMatchObject({ outcome: 'refused' });
  });
});
