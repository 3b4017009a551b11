// Builds a real app against the real Redis and FerretDB that `npm test` started, with a database
// and Redis prefix of its own, so test files neither share state nor depend on order.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/api/app.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import type { Actor } from '../../src/services/change-log.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const MASTER_KEY = 'test-master-key-0123456789abcdef0123456789';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** The change log's name for the admin token, for tests that call services directly. */
export const ADMIN_ACTOR: Actor = { kind: 'admin', via: 'token', session_hash: null, key_id: null };

export function serviceUrls(): { redisUrl: string; mongodbUrl: string } {
  const redisUrl = process.env.REDIS_URL;
  const mongodbUrl = process.env.MONGODB_URL;
  if (!redisUrl || !mongodbUrl) throw new Error('REDIS_URL and MONGODB_URL are not set: run the suite with `npm test`');
  return { redisUrl, mongodbUrl };
}

export function withDatabase(mongodbUrl: string, database: string): string {
  const url = new URL(mongodbUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function testEnv(overrides: Record<string, string> = {}, shared?: { database: string; prefix: string }) {
  const { redisUrl, mongodbUrl } = serviceUrls();
  const id = randomBytes(4).toString('hex');
  return {
    MONGODB_URL: withDatabase(mongodbUrl, shared?.database ?? `pf_test_${id}`),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: shared?.prefix ?? `pf:test:${id}:`,
    SERVICE_ADMIN_TOKEN: ADMIN_TOKEN,
    SERVICE_MASTER_KEY: MASTER_KEY,
    LOG_LEVEL: 'silent',
    DETECT_THREADS: '1',
    ...overrides,
  };
}

/** A log stream for buildApp that keeps each line written, for a test to look for what was logged. */
export function loggedLines(): { logStream: Writable; lines: string[] } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logStream, lines };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = testEnv(), options: BuildOptions = {}): Promise<TestApp> {
  const config = loadConfig(env);
  const app = await buildApp(config, options);
  return {
    app,
    config,
    async close() {
      await app.mongo.db.dropDatabase().catch(() => undefined);
      await app.close();
    },
  };
}

export interface OrgFixture {
  orgId: string;
  slug: string;
  licenseKey: string;
  policyId: string;
  apiKey: string;
}

let orgCounter = 0;

/** An organization with its default policy, created through the API. */
export async function createOrg(app: FastifyInstance, slug = `org-${process.pid}-${++orgCounter}`): Promise<OrgFixture> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: admin,
    payload: { name: `Org ${slug}`, slug, settings: { admin_email: 'admin@example.com', primary_color: '#112233' } },
  });
  if (created.statusCode !== 201) throw new Error(`create org answered ${created.statusCode}: ${created.body}`);
  const org = created.json();
  const policies = (await app.inject({ method: 'GET', url: `/api/orgs/${org.org_id}/policies`, headers: admin })).json();
  return { orgId: org.org_id, slug, licenseKey: org.license_key, policyId: policies[0].policy_id, apiKey: policies[0].api_key };
}

/**
 * The usual test file's setup: one app and one organization of its own, started before the file's
 * tests and closed after them; `ready` receives both (assign them to the file's variables).
 */
export function appWithOrgForFile(ready: (t: TestApp, org: OrgFixture) => void, env?: Record<string, string>): void {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env);
    ready(started, await createOrg(started.app));
  });
  afterAll(async () => started?.close());
}

/**
 * Two apps on one database and Redis prefix (replicas of one deployment), started before the file's
 * tests and closed after them; `ready` receives both.
 */
export function appWithReplicaForFile(ready: (t: TestApp, replica: TestApp) => void, overrides: Record<string, string> = {}): void {
  let started: [TestApp, TestApp] | undefined;
  beforeAll(async () => {
    const env = testEnv(overrides);
    started = [await startTestApp(env), await startTestApp(env)];
    ready(...started);
  });
  afterAll(async () => {
    if (!started) return;
    await started[1].app.close();
    await started[0].close();
  });
}

/** Issues a license through the API (it becomes the org's current one) and answers the License. */
export async function issueLicense(app: FastifyInstance, orgId: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/orgs/${orgId}/licenses`, headers: admin, payload });
  if (res.statusCode !== 201) throw new Error(`issue license answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Waits until every audit record appended so far has been drained into the store. */
export function drained(app: FastifyInstance): Promise<void> {
  const drainer = app.services.auditDrainer;
  if (!drainer) throw new Error('this app does not drain its audit journal (AUDIT_DRAIN_IN_API=false)');
  return drainer.settled();
}

export function check(app: FastifyInstance, apiKey: string, payload: unknown, extra: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/preflight/text',
    headers: { 'x-service-api-key': apiKey },
    payload: payload as InjectOptions['payload'],
    ...extra,
  });
}

/** A multipart/form-data body as a browser or curl would send it (encoded by the platform's FormData). */
export async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; field?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field ?? 'file', new Blob([file.bytes]), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

/** POST /api/preflight with one file and the given form fields. */
export async function fileCheck(
  app: FastifyInstance,
  apiKey: string,
  bytes: Buffer,
  fields: Record<string, string> = { destination: 'AI_TOOL' },
  name = 'upload.bin',
  headers: Record<string, string> = {},
) {
  const body = await multipart(fields, { name, bytes });
  return app.inject({
    method: 'POST',
    url: '/api/preflight',
    headers: { ...headers, 'x-service-api-key': apiKey, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/**
 * A database of the test file's own on the real FerretDB, for store tests without an app: created
 * before the file's tests, dropped after them; `ready` receives it.
 */
export function scratchDbForFile(name: string, ready: (db: Db) => void): void {
  let client: MongoClient | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    client = await MongoClient.connect(serviceUrls().mongodbUrl);
    db = client.db(`pf_test_${name}_${randomBytes(4).toString('hex')}`);
    ready(db);
  });
  afterAll(async () => {
    await db?.dropDatabase();
    await client?.close();
  });
}
