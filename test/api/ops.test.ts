import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('ops endpoints', () => {
  it('/health and /ready answer without auth', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { mongodb: true, redis: true } });
  });

  it('/openapi.json describes every endpoint of this service with its security schemes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/preflight/text',
      '/api/preflight',
      '/api/preflight/{preflight_id}',
      '/api/preflight/{preflight_id}/masked-file',
      '/api/organizations',
      '/api/organizations/{org_id}',
      '/api/orgs/{org_id}/policies',
      '/api/orgs/{org_id}/policies/{policy_id}',
      '/api/orgs/{org_id}/policies/{policy_id}/regenerate-key',
      '/api/audit',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-API-Key' });
    const body = doc.paths['/api/preflight/text'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['text', 'destination']));
    const form = doc.paths['/api/preflight'].post.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['file', 'destination']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.destination.enum).toEqual(['AI_TOOL', 'VENDOR', 'CUSTOMER']);
  });

  it('/docs serves the interactive documentation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('an unknown route is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No route GET /api/nothing-here.', code: 'route_not_found' });
  });
});
