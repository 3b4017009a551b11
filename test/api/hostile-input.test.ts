// Inputs meant to break a service: each gets a clear 4xx with a detail, or a correct answer;
// never a 500, and the service keeps answering afterwards.
import { describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, check, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const raw = (payload: string, headers: Record<string, string> = {}) =>
  check(t.app, org.apiKey, payload, { headers: { 'x-service-api-key': org.apiKey, 'content-type': 'application/json', ...headers } });

function expectClientError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
}

describe('hostile bodies on a check', () => {
  it('deeply nested JSON → 422 (or 400), not a crash', async () => {
    const res = await raw(`{"text":${'['.repeat(100_000)}${']'.repeat(100_000)},"destination":"AI_TOOL"}`);
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().detail).toBeTruthy();
  });

  it('a prototype-poisoning body → 400 bad_request saying which key, not "not valid JSON"', async () => {
    for (const body of [
      '{"text":"x","destination":"AI_TOOL","__proto__":{"admin":true}}',
      '{"text":"x","destination":"AI_TOOL","constructor":{"prototype":{"admin":true}}}',
      '{"text":"x","destination":"AI_TOOL","org_id":[[{"\\u005f_proto__":{}}]]}',
    ]) {
      const res = await raw(body);
      expectClientError(res, 400);
      expect(res.json()).toEqual({
        code: 'bad_request',
        detail: 'The request body has a "__proto__" key (or "constructor" with "prototype"), which is refused: remove it.',
      });
    }
  });

  it('a body that is not JSON → 400 malformed_json saying where, without quoting it', async () => {
    const cut = await raw('{"text":"secret words","destination":"AI_TOOL"');
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ code: 'malformed_json', detail: expect.stringMatching(/^The request body is not valid JSON \(at position 46/) });
    const bare = await raw('{"text": secret words}');
    expect(bare.json()).toEqual({ code: 'malformed_json', detail: 'The request body is not valid JSON.' });
  });

  it('"__proto__" inside a string is only text, and is checked', async () => {
    const res = await raw('{"text":"{\\"__proto__\\": 1} a@example.com","destination":"AI_TOOL"}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().masked_content).toBe('{"__proto__": 1} [EMAIL]');
  });

  it('a JSON array, string or null instead of an object → 422', async () => {
    for (const body of ['[]', '"text"', 'null', '42']) expectClientError(await raw(body), 422);
  });

  it('an empty body → 400', async () => {
    expectClientError(await raw(''), 400);
  });

  it('a wrong charset or odd content type → 415', async () => {
    expectClientError(await raw('{"text":"x","destination":"AI_TOOL"}', { 'content-type': 'application/xml' }), 415);
  });

  it('lone surrogates, NULs, RTL overrides and emoji are checked, and masked exactly around them', async () => {
    const text = '\u0000\ud800 a@example.com \u202e\u{1F600} \udfff';
    const res = await check(t.app, org.apiKey, { text, destination: 'AI_TOOL' });
    expect(res.statusCode).toBe(200);
    expect(res.json().masked_content).toBe('\u0000\ud800 [EMAIL] \u202e\u{1F600} \udfff');
  });

  it('one megabyte of a single repeated character on one line is answered', async () => {
    const res = await check(t.app, org.apiKey, { text: '@'.repeat(t.config.limits.maxTextBytes), destination: 'AI_TOOL' });
    expect(res.statusCode).toBe(200);
    expect(res.json().decision).toBe('ALLOWED');
  });

  it('a field of the wrong type is refused with its name', async () => {
    const res = await check(t.app, org.apiKey, { text: 'x', destination: 'AI_TOOL', org_id: 123 });
    expectClientError(res, 422);
    expect(res.json().detail).toContain('org_id');
  });

  it('an API key sent twice is not accepted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/preflight/text',
      headers: { 'x-service-api-key': [org.apiKey, org.apiKey] },
      payload: { text: 'x', destination: 'AI_TOOL' },
    });
    expectClientError(res, 401);
  });

  it('still answers normally after all of the above', async () => {
    const res = await check(t.app, org.apiKey, { text: 'mail a@example.com', destination: 'AI_TOOL' });
    expect(res.statusCode).toBe(200);
    expect(res.json().masked_content).toBe('mail [EMAIL]');
  });
});

describe('hostile paths and queries', () => {
  it('odd path parameters are a 4xx with a detail, never 500', async () => {
    for (const ref of ['%00', '..%2F..%2Fetc', 'x'.repeat(101), 'x'.repeat(5_000), '%F0%9F%98%80', '$where', '%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/organizations/${ref}`, headers: admin });
      expect([400, 404, 414, 422], ref).toContain(res.statusCode);
      expect(res.json(), ref).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
  });

  it('audit search with regex and operator syntax is taken literally', async () => {
    for (const search of ['(a+)+$', '{"$ne":null}', '.*', '\\', '[']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/audit?search=${encodeURIComponent(search)}`, headers: admin });
      expect(res.statusCode, search).toBe(200);
      expect(res.json().total).toBe(0);
    }
  });

  it('repeated query parameters are refused, not merged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit?limit=1&limit=2', headers: admin });
    expectClientError(res, 422);
  });
});
