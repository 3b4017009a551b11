// The queue dashboard (bull-board) at /admin/queues: admin only, page, assets and JSON API alike;
// its refusals and failures leave as {detail, code} like the rest of the API.
import { describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, type OrgFixture, startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });

describe('/admin/queues', () => {
  const guarded = ['/admin/queues', '/admin/queues/queue/file-scan', '/admin/queues/api/queues', '/admin/queues/static/favicon-32x32.png'];

  it.each(guarded)('%s refuses a missing or wrong credential (401) and a policy key (403)', async (url) => {
    const none = await get(url, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'missing_credentials', detail: expect.any(String) });
    expect((await get(url, { authorization: 'Bearer not-the-admin-token' })).json().code).toBe('invalid_credentials');
    const policy = await get(url, { 'x-service-api-key': org.apiKey });
    expect(policy.statusCode).toBe(403);
    expect(policy.json().code).toBe('insufficient_permission');
  });

  it('sends a browser without credentials to sign in, and back; API clients still get JSON 401', async () => {
    const browser = await get('/admin/queues/queue/file-scan', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe(`/login?next=${encodeURIComponent('/admin/queues/queue/file-scan')}`);
    const api = await get('/admin/queues', { accept: 'application/json' });
    expect(api.statusCode).toBe(401);
    expect(api.json().code).toBe('missing_credentials');
    // A browser that did send a credential is answered as before.
    const wrong = await get('/admin/queues', { accept: 'text/html', authorization: 'Bearer not-the-admin-token' });
    expect(wrong.statusCode).toBe(401);
  });

  it('serves the dashboard page and every asset it loads to the admin, rate limited', async () => {
    const page = await get('/admin/queues');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-ratelimit-limit']).toBeDefined();
    expect(page.body).toContain('<base href="/admin/queues/"');
    const assets = [...page.body.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) expect((await get(`/admin/queues/${asset}`)).statusCode, asset).toBe(200);
  });

  it('its API lists the queues and pauses and resumes one', async () => {
    const list = await get('/admin/queues/api/queues');
    expect(list.statusCode).toBe(200);
    expect(list.json().queues.map((q: { name: string }) => q.name)).toEqual(['file-scan', 'evidence-export', 'file-retention', 'webhook-delivery']);

    const pause = await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/file-scan/pause', headers: admin });
    expect(pause.statusCode).toBe(200);
    expect(await t.app.queues.fileScan.isPaused()).toBe(true);
    await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/file-scan/resume', headers: admin });
    expect(await t.app.queues.fileScan.isPaused()).toBe(false);
  });

  it('an unknown path under it is the JSON 404', async () => {
    expect((await get('/admin/queues/nothing/here')).json()).toEqual({ detail: 'No route GET /admin/queues/nothing/here.', code: 'route_not_found' });
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json', {})).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
  });
});

describe('/admin/queues when the queue connection is gone', () => {
  it('answers 503 redis_unavailable, not a 500', async () => {
    const own = await startTestApp();
    try {
      await own.app.queues.fileScan.disconnect();
      const res = await own.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: admin });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({ code: 'redis_unavailable', detail: expect.any(String) });
    } finally {
      await own.close();
    }
  });
});
