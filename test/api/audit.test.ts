import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, check, createOrg, drained, startTestApp, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let a: OrgFixture;
let b: OrgFixture;
const ids: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t.app, 'audit-a');
  b = await createOrg(t.app, 'audit-b');
  const texts = [
    ['hello there', 'AI_TOOL'],
    ['mail jane@example.com', 'VENDOR'],
    ['key AKIAZ3MSJV4WWNKWW5FG', 'CUSTOMER'],
  ] as const;
  for (const [text, destination] of texts) ids.push((await check(t.app, a.apiKey, { text, destination })).json().preflight_id);
  await check(t.app, b.apiKey, { text: 'org b', destination: 'AI_TOOL' });
  await drained(t.app);
});
afterAll(async () => t.close());

const list = (query: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers });

describe('GET /api/audit', () => {
  it('lists every check newest first with paging fields', async () => {
    const page = (await list('')).json();
    expect(page).toMatchObject({ limit: 50, offset: 0, total: 4 });
    expect(page.items).toHaveLength(4);
    const times = page.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(Object.keys(page.items[0]).sort()).toEqual(
      // The spec's fields, and (additive) the request id every check now keeps.
      ['created_at', 'decision', 'destination', 'org_id', 'org_name', 'policy_name', 'policy_version', 'preflight_id', 'summary', 'request_id'].sort(),
    );
  });

  it('filters by org id or slug, and pages with limit/offset', async () => {
    for (const ref of [a.orgId, 'audit-a']) {
      const page = (await list(`?org_id=${ref}`)).json();
      expect(page.total).toBe(3);
      expect(page.items.map((i: { preflight_id: string }) => i.preflight_id)).toEqual([...ids].reverse());
    }
    const second = (await list(`?org_id=${a.orgId}&limit=1&offset=1`)).json();
    expect(second).toMatchObject({ limit: 1, offset: 1, total: 3 });
    expect(second.items.map((i: { preflight_id: string }) => i.preflight_id)).toEqual([ids[1]]);
    expect((await list(`?org_id=${a.orgId}&offset=10`)).json()).toMatchObject({ items: [], total: 3 });
    expect((await list('?org_id=no-such-org')).statusCode).toBe(404);
  });

  it('searches preflight_id exactly and summary, policy name, destination, decision case-insensitively', async () => {
    expect((await list(`?search=${ids[0]}`)).json().items.map((i: { preflight_id: string }) => i.preflight_id)).toEqual([ids[0]]);
    expect((await list('?search=blocked')).json().total).toBe(1);
    expect((await list('?search=vendor')).json().total).toBe(1);
    expect((await list('?search=DEFAULT%20POLICY')).json().total).toBe(4);
    expect((await list('?search=no%20such%20thing%20anywhere')).json().total).toBe(0);
    expect((await list('?search=.*')).json().total).toBe(0);
  });

  it('confines a policy key to its own organization', async () => {
    const own = (await list('', { 'x-service-api-key': b.apiKey })).json();
    expect(own.total).toBe(1);
    expect(own.items[0].org_id).toBe(b.orgId);
    const other = await list(`?org_id=${a.orgId}`, { 'x-service-api-key': b.apiKey });
    expect(other.statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=501', 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=2.5', 'limit'],
    ['?offset=-1', 'offset'],
    // Found by schemathesis: a blank value was read as 0 where the document promises an integer.
    ['?offset=', 'offset'],
    ['?limit=%20', 'limit'],
  ])('%s → 422', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(field);
  });

  it.each([
    ['?from=yesterday', 'from'],
    ['?to=2026-13-01', 'to'],
    ['?from=2026-11-25T10:00:00', 'from'],
    ['?from=2026-11-25&to=2026-11-24', 'from'],
    ['?decision=MAYBE', 'decision'],
    ['?destination=EMAIL', 'destination'],
    ['?source=fax', 'source'],
    ['?policy_id=', 'policy_id'],
    ['?cursor=', 'cursor'],
  ])('%s → 422 naming the parameter', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(field);
  });

  it('refuses, 422, a cursor that is not ours or belongs to another query', async () => {
    const page = (await list(`?org_id=${a.orgId}&limit=1`)).json();
    expect(page.next_cursor).toEqual(expect.any(String));
    for (const query of [`?cursor=${page.next_cursor}&org_id=${a.orgId}&decision=BLOCKED`, '?cursor=bm90LW91cnM']) {
      const res = await list(query);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_cursor', detail: expect.stringContaining('cursor') });
    }
  });

  it('filters by decision (or the rule action), destination, source, policy and time, with totals', async () => {
    const blocked = (await list(`?org_id=${a.orgId}&decision=block`)).json();
    expect(blocked).toMatchObject({ total: 1, total_exact: true, next_cursor: null });
    expect(blocked.items.map((i: { preflight_id: string }) => i.preflight_id)).toEqual([ids[2]]);
    expect((await list(`?decision=ALLOWED&destination=ai_tool`)).json().total).toBe(2);
    expect((await list(`?org_id=${a.orgId}&source=file`)).json().total).toBe(0);
    expect((await list(`?policy_id=${b.policyId}`)).json().total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).json().total).toBe(4);
    expect((await list('?to=2020-01-01')).json().total).toBe(0);
    expect((await list(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).json().total).toBe(0);
  });

  it('walks every record with next_cursor', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i += 1) {
      const page = (await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.items.map((x: { preflight_id: string }) => x.preflight_id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual((await list('')).json().items.map((x: { preflight_id: string }) => x.preflight_id));
    expect(seen).toHaveLength(4);
  });

  it('accepts the limit bounds 1 and 500', async () => {
    expect((await list('?limit=1')).json().items).toHaveLength(1);
    expect((await list('?limit=500')).statusCode).toBe(200);
  });
});
