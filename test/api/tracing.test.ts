// Tracing a check: X-Request-Id accepted (validated) or minted, echoed and kept on the audit record;
// `metadata` bounded, 422 beyond its limits, kept on the record and found by the audit search (app).
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { admin, check, createOrg, drained, fileCheck, loggedLines, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
let workers: FileWorkers;
const { logStream, lines } = loggedLines();
beforeAll(async () => {
  t = await startTestApp(testEnv({ LOG_LEVEL: 'info' }), { logStream });
  org = await createOrg(t.app);
  workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
});

const CANARY = 'canary-7f3a9 jane.doe@example.com';
const audited = async (id: string) => {
  await drained(t.app);
  const page = await t.app.inject({ method: 'GET', url: `/api/audit?org_id=${org.orgId}&search=${id}`, headers: admin });
  return page.json().items[0];
};

describe('X-Request-Id', () => {
  it('is taken from the caller, echoed, logged and kept on the audit record', async () => {
    const res = await check(t.app, org.apiKey, { text: CANARY, destination: 'AI_TOOL' }, { headers: { 'x-service-api-key': org.apiKey, 'x-request-id': 'trace-abc:42.x_Y' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-abc:42.x_Y');
    expect(lines.some((l) => l.includes('"reqId":"trace-abc:42.x_Y"'))).toBe(true);
    expect((await audited(res.json().preflight_id)).request_id).toBe('trace-abc:42.x_Y');
  });

  it('is minted when absent, and echoed on errors too', async () => {
    const res = await check(t.app, org.apiKey, { text: 'hello', destination: 'AI_TOOL' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await audited(res.json().preflight_id)).request_id).toBe(res.headers['x-request-id']);
    const bad = await check(t.app, org.apiKey, { text: 'hello' });
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is refused with 422 when it is not 1-128 of [A-Za-z0-9._:-]', async () => {
    for (const id of ['has space', 'x'.repeat(129), 'semi;colon', 'ünï']) {
      const res = await check(t.app, org.apiKey, { text: 'hello', destination: 'AI_TOOL' }, { headers: { 'x-service-api-key': org.apiKey, 'x-request-id': id } });
      expect(res.statusCode, id).toBe(422);
      expect(res.json().code).toBe('invalid_request_id');
      expect(res.headers['x-request-id']).not.toBe(id);
    }
  });
});

describe('metadata', () => {
  const metadata = { app: 'support-bot', user_ref: 'u_1842', tags: ['beta', 'eu-west'] };

  it('is kept on the audit record of a text check, and the audit search finds the app', async () => {
    const other = await createOrg(t.app);
    const res = await check(t.app, other.apiKey, { text: CANARY, destination: 'AI_TOOL', metadata });
    expect(res.statusCode, res.body).toBe(200);
    await check(t.app, other.apiKey, { text: CANARY, destination: 'AI_TOOL' });
    await drained(t.app);
    const found = await t.app.inject({ method: 'GET', url: `/api/audit?org_id=${other.orgId}&search=support-bot`, headers: admin });
    expect(found.json().items.map((i: { preflight_id: string }) => i.preflight_id)).toEqual([res.json().preflight_id]);
    expect(found.json().items[0].metadata).toEqual(metadata);
    expect(JSON.stringify(found.json())).not.toContain('canary-7f3a9');
  });

  it('is kept on the audit record of a file check (a JSON form field)', async () => {
    const res = await fileCheck(t.app, org.apiKey, Buffer.from('plain words'), { destination: 'AI_TOOL', metadata: JSON.stringify(metadata) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await audited(res.json().preflight_id)).metadata).toEqual(metadata);
    const bad = await fileCheck(t.app, org.apiKey, Buffer.from('plain words'), { destination: 'AI_TOOL', metadata: '{"app": 5}' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('metadata.app');
  });

  it('is 422 with a detail beyond its limits, never silently dropped', async () => {
    const cases: Array<[unknown, string]> = [
      [{ app: 'a'.repeat(65) }, 'metadata.app'],
      [{ user_ref: 'u'.repeat(129) }, 'metadata.user_ref'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'metadata.tags'],
      [{ tags: ['x'.repeat(33)] }, 'metadata.tags.0'],
      [{ app: 'line\nbreak' }, 'metadata.app'],
      [{ team: 'unknown key' }, 'metadata'],
      ['a string', 'metadata'],
    ];
    for (const [value, where] of cases) {
      const res = await check(t.app, org.apiKey, { text: 'hello', destination: 'AI_TOOL', metadata: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(422);
      expect(res.json().detail).toContain(where);
    }
  });
});
