import { describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, check, createOrg, drained, type OrgFixture, type TestApp } from '../helpers/app.js';
import { unpackAudit } from '../../src/store/audit-repository.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const PII_TEXT = 'Contact jane.doe@example.com or call (415) 555-0132. SSN 123-45-6789.';
const SECRET_TEXT = 'deploy with AKIAZ3MSJV4WWNKWW5FG please';
const PHI_TEXT = 'Patient John Smith (MRN 00482913) was diagnosed with diabetes and prescribed metformin.';

async function policyWith(payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies`, headers: admin, payload: { name: 'extra', ...payload } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/preflight/text with the default policy', () => {
  it('masks personal data and returns the result shape of the spec', async () => {
    const res = await check(t.app, org.apiKey, { text: PII_TEXT, destination: 'AI_TOOL' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['created_at', 'decision', 'detected', 'masked_content', 'policy_version', 'preflight_id', 'summary']);
    expect(body.decision).toBe('ALLOWED_WITH_MASKING');
    expect(body.preflight_id).toMatch(/^pf_/);
    expect(body.policy_version).toBe('1.0');
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.masked_content).toBe('Contact [EMAIL] or call [PHONE]. SSN [SSN].');
    const types = Object.fromEntries(body.detected.map((d: { type: string; count: number; sample: string }) => [d.type, d]));
    expect(types.EMAIL).toMatchObject({ count: 1, sample: 'j***@example.com' });
    expect(types.SSN).toMatchObject({ count: 1, sample: '***-**-6789' });
    expect(types.PHONE.count).toBe(1);
    expect(body.summary).not.toContain('jane.doe');
    expect(body.summary).not.toContain('123-45-6789');
  });

  it('blocks secrets with no masked content and no samples', async () => {
    const body = (await check(t.app, org.apiKey, { text: SECRET_TEXT, destination: 'CUSTOMER' })).json();
    expect(body.decision).toBe('BLOCKED');
    expect(body.masked_content).toBeNull();
    expect(body.detected).toEqual([{ type: 'AWS_ACCESS_KEY', count: 1, sample: null }]);
    expect(body.summary.length).toBeGreaterThan(0);
    expect(body.summary).not.toContain('AKIAZ3MSJV4WWNKWW5FG');
  });

  it('blocks PHI to AI tools and masks it for customers', async () => {
    const toAi = (await check(t.app, org.apiKey, { text: PHI_TEXT, destination: 'AI_TOOL' })).json();
    expect(toAi.decision).toBe('BLOCKED');
    expect(toAi.detected.map((d: { type: string }) => d.type)).toContain('PHI');
    const toCustomer = (await check(t.app, org.apiKey, { text: PHI_TEXT, destination: 'CUSTOMER' })).json();
    expect(toCustomer.decision).toBe('ALLOWED_WITH_MASKING');
    expect(toCustomer.masked_content).not.toContain('diabetes');
    expect(toCustomer.masked_content).not.toContain('00482913');
  });

  it('allows clean text unchanged', async () => {
    const text = 'The quarterly roadmap review is on Thursday.';
    const body = (await check(t.app, org.apiKey, { text, destination: 'VENDOR' })).json();
    expect(body).toMatchObject({ decision: 'ALLOWED', detected: [], masked_content: text });
  });

  it('gives the same answer for a long text, which is scanned in the worker pool', async () => {
    const filler = ' The roadmap review moved to Thursday.'.repeat(200);
    expect(filler.length).toBeGreaterThan(t.config.detect.inlineMaxChars);
    const body = (await check(t.app, org.apiKey, { text: PII_TEXT + filler, destination: 'AI_TOOL' })).json();
    expect(body.decision).toBe('ALLOWED_WITH_MASKING');
    expect(body.masked_content).toBe('Contact [EMAIL] or call [PHONE]. SSN [SSN].' + filler);
  });

  it('answers on the /v1 alias too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/preflight/text',
      headers: { 'x-service-api-key': org.apiKey },
      payload: { text: PII_TEXT, destination: 'VENDOR' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().decision).toBe('ALLOWED_WITH_MASKING');
  });
});

describe('policy choices', () => {
  it.each([
    ['pseudonym', 'a@example.com b@example.com a@example.com', '[EMAIL_1] [EMAIL_2] [EMAIL_1]'],
    ['partial', 'SSN 123-45-6789', 'SSN ***-**-6789'],
  ])('masks in the %s style', async (masking, text, expected) => {
    const p = await policyWith({ masking, rules: [{ name: 'mask pii', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' }] });
    expect((await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json().masked_content).toBe(expected);
  });

  it('masks in the hash style with a stable keyed hash', async () => {
    const p = await policyWith({ masking: 'hash', rules: [{ name: 'mask pii', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' }] });
    const a = (await check(t.app, p.api_key, { text: 'x jane@example.com', destination: 'AI_TOOL' })).json().masked_content;
    const b = (await check(t.app, p.api_key, { text: 'y jane@example.com', destination: 'AI_TOOL' })).json().masked_content;
    expect(a).toMatch(/^x \[EMAIL:[0-9a-f]{8}\]$/);
    expect(b.slice(2)).toBe(a.slice(2));
  });

  it('lists detections no rule covers without changing the decision', async () => {
    const p = await policyWith({ rules: [{ name: 'block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL'], action: 'BLOCK' }] });
    const body = (await check(t.app, p.api_key, { text: PII_TEXT, destination: 'AI_TOOL' })).json();
    expect(body.decision).toBe('ALLOWED');
    expect(body.masked_content).toBe(PII_TEXT);
    expect(body.detected.length).toBeGreaterThan(0);
  });

  it('ignores disabled rules and rules for other destinations', async () => {
    const p = await policyWith({
      rules: [
        { name: 'off', enabled: false, dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'BLOCK' },
        { name: 'vendor only', dataTypes: ['PII'], destinations: ['VENDOR'], action: 'BLOCK' },
      ],
    });
    expect((await check(t.app, p.api_key, { text: PII_TEXT, destination: 'AI_TOOL' })).json().decision).toBe('ALLOWED');
    expect((await check(t.app, p.api_key, { text: PII_TEXT, destination: 'VENDOR' })).json().decision).toBe('BLOCKED');
  });

  it('accepts its own org_id by id or slug and refuses another org (403)', async () => {
    for (const ref of [org.orgId, org.slug]) {
      expect((await check(t.app, org.apiKey, { text: 'x', destination: 'AI_TOOL', org_id: ref })).statusCode).toBe(200);
    }
    const other = await createOrg(t.app);
    const res = await check(t.app, org.apiKey, { text: 'x', destination: 'AI_TOOL', org_id: other.orgId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('organization_mismatch');
  });

  it('applies policy_id of the same org, refuses one of another org or an inactive one (403)', async () => {
    const blocker = await policyWith({ rules: [{ name: 'block pii', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'BLOCK' }] });
    const chosen = (await check(t.app, org.apiKey, { text: PII_TEXT, destination: 'AI_TOOL', policy_id: blocker.policy_id })).json();
    expect(chosen.decision).toBe('BLOCKED');
    const other = await createOrg(t.app);
    expect((await check(t.app, org.apiKey, { text: 'x', destination: 'AI_TOOL', policy_id: other.policyId })).statusCode).toBe(403);
    await t.app.inject({ method: 'PATCH', url: `/api/orgs/${org.orgId}/policies/${blocker.policy_id}`, headers: admin, payload: { is_active: false } });
    const inactive = await check(t.app, org.apiKey, { text: 'x', destination: 'AI_TOOL', policy_id: blocker.policy_id });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('policy_inactive');
  });
});

describe('bad input', () => {
  it.each([
    ['missing text', { destination: 'AI_TOOL' }, 'text: is required'],
    ['missing destination', { text: 'x' }, 'destination'],
    ['unknown destination', { text: 'x', destination: 'SLACK' }, 'destination: must be one of AI_TOOL, VENDOR, CUSTOMER'],
    ['text not a string', { text: 42, destination: 'AI_TOOL' }, 'text'],
    ['empty text', { text: '', destination: 'AI_TOOL' }, 'text'],
  ])('%s → 422 with a detail', async (_name, payload, detail) => {
    const res = await check(t.app, org.apiKey, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.stringContaining(detail) });
  });

  it('malformed JSON → 400', async () => {
    const res = await check(t.app, org.apiKey, '{"text": "x", ', { headers: { 'x-service-api-key': org.apiKey, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_json', detail: expect.any(String) });
  });

  it('a body that is not JSON → 415', async () => {
    const res = await check(t.app, org.apiKey, 'text=hello', { headers: { 'x-service-api-key': org.apiKey, 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toContain('application/json');
  });

  it('text over the limit → 413 naming the limit; exactly at the limit is checked', async () => {
    const limit = t.config.limits.maxTextBytes;
    const over = await check(t.app, org.apiKey, { text: 'a'.repeat(limit + 1), destination: 'AI_TOOL' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'payload_too_large', detail: expect.stringContaining(String(limit)) });
    const multiByte = await check(t.app, org.apiKey, { text: 'é'.repeat(limit / 2 + 1), destination: 'AI_TOOL' });
    expect(multiByte.statusCode).toBe(413);
    const at = await check(t.app, org.apiKey, { text: 'a'.repeat(limit), destination: 'AI_TOOL' });
    expect(at.statusCode).toBe(200);
  });

  it('a body far over any limit → 413, not parsed', async () => {
    const huge = JSON.stringify({ text: 'a'.repeat(t.config.limits.maxTextBytes * 7), destination: 'AI_TOOL' });
    const res = await check(t.app, org.apiKey, huge, { headers: { 'x-service-api-key': org.apiKey, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /api/preflight/{id}', () => {
  it('returns the recorded check in the same shape, without content or samples, before and after draining', async () => {
    await t.app.services.auditDrainer?.stop();
    const first = (await check(t.app, org.apiKey, { text: PII_TEXT, destination: 'AI_TOOL' })).json();
    const get = () => t.app.inject({ method: 'GET', url: `/api/preflight/${first.preflight_id}`, headers: { 'x-service-api-key': org.apiKey } });
    const expected = {
      preflight_id: first.preflight_id,
      decision: first.decision,
      summary: first.summary,
      detected: first.detected.map((d: { type: string; count: number }) => ({ type: d.type, count: d.count, sample: null })),
      masked_content: null,
      policy_version: '1.0',
      created_at: first.created_at,
    };
    const fromJournal = await get();
    expect(fromJournal.statusCode).toBe(200);
    expect(fromJournal.json()).toEqual(expected);
    await t.app.services.auditDrainer?.start();
    await drained(t.app);
    expect(await t.app.services.auditJournal.length()).toBe(0);
    expect((await get()).json()).toEqual(expected);
  });

  it('is 404 for an unknown id and for another organization’s check', async () => {
    const first = (await check(t.app, org.apiKey, { text: 'x', destination: 'AI_TOOL' })).json();
    const other = await createOrg(t.app);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/preflight/${first.preflight_id}`, headers: { 'x-service-api-key': other.apiKey } });
    expect(foreign.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/preflight/pf_nope', headers: { 'x-service-api-key': org.apiKey } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBeTruthy();
  });
});

describe('privacy', () => {
  it('keeps no submitted content in the audit journal or the audit trail', async () => {
    const res = (await check(t.app, org.apiKey, { text: PII_TEXT, destination: 'AI_TOOL' })).json();
    const journal = t.app.services.auditJournal;
    const inJournal = JSON.stringify(await t.app.redis.xrange(journal.stream, '-', '+'));
    for (const value of ['jane.doe', '555-0132', '123-45-6789', 'Contact']) expect(inJournal).not.toContain(value);
    await drained(t.app);
    const doc = await t.app.mongo.db.collection('audit').findOne({ _id: res.preflight_id });
    expect(doc).not.toBeNull();
    const stored = JSON.stringify(doc);
    for (const value of ['jane.doe', '555-0132', '123-45-6789', 'Contact']) expect(stored).not.toContain(value);
    expect(unpackAudit(doc!)).toMatchObject({ source: 'text', bytes: Buffer.byteLength(PII_TEXT), destination: 'AI_TOOL' });
  });
});
