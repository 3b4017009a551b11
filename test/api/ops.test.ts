import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

interface Operation {
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  security?: Array<Record<string, unknown>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

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

  it('/openapi.json documents every status each operation can answer, with its real body and content type', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const error = { $ref: '#/components/schemas/Error' };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method} ${path}`, op })));
    expect(operations.length).toBeGreaterThan(40);
    for (const { name, op } of operations) {
      const statuses = Object.keys(op.responses);
      const where = new Set((op.parameters ?? []).map((p) => p.in));
      const expected = ['400', '503'];
      if (where.has('path')) expected.push('404', '414', '422');
      if (op.requestBody) expected.push('413', '415', '422');
      if (op.security?.length && op.security.every((s) => Object.keys(s).length > 0)) expected.push('401', '403', '404', '429');
      expect({ name, statuses }).toEqual({ name, statuses: expect.arrayContaining(expected) });
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '204') {
          expect({ name, content: response.content }).toEqual({ name, content: undefined });
        } else if (Number(status) >= 400) {
          expect({ name, status, types: Object.keys(response.content ?? {}) }).toEqual({ name, status, types: ['application/json'] });
        }
      }
      if (op.responses['429']) expect(op.responses['429'].content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/RateLimited' });
      if (op.responses['414']) expect(op.responses['414'].content?.['application/json']?.schema).toEqual(error);
    }
  });

  it('/openapi.json gives downloads their own content types, and their 202 and errors JSON', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const exportAll = doc.paths['/api/orgs/{org_id}/compliance/export/all'].get.responses;
    expect(Object.keys(exportAll['200'].content)).toEqual(['application/zip']);
    expect(exportAll['200'].content['application/zip'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(exportAll['202'].content)).toEqual(['application/json']);
    const masked = doc.paths['/api/preflight/{preflight_id}/masked-file'].get.responses;
    expect(Object.keys(masked['200'].content)).toEqual(expect.arrayContaining(['application/pdf', 'image/png', 'text/plain']));
    expect(Object.keys(masked['404'].content)).toEqual(['application/json']);
    const exported = doc.paths['/api/orgs/{org_id}/compliance/export'].get.responses;
    expect(Object.keys(exported['200'].content)).toEqual(expect.arrayContaining(['text/csv; charset=utf-8', 'application/pdf']));
    expect(Object.keys(doc.paths['/metrics'].get.responses['200'].content)).toEqual(['text/plain']);
  });

  it('/openapi.json is as strict as the server: data types, time zones, cron shape, email pattern', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const policy = doc.paths['/api/orgs/{org_id}/policies'].post.requestBody.content['application/json'].schema;
    const dataType = policy.properties.rules.items.properties.dataTypes.items;
    expect(dataType.enum).toEqual(expect.arrayContaining(['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'CUSTOM', 'EMAIL', 'SSN']));
    expect(dataType.enum).not.toContain('NOT_A_TYPE');
    const schedule = doc.paths['/api/orgs/{org_id}/compliance/schedule'].put.requestBody.content['application/json'].schema;
    expect(schedule.properties.timezone.enum).toEqual(expect.arrayContaining(['UTC', 'Europe/Berlin']));
    const cron = new RegExp(schedule.properties.cron.pattern);
    expect(['0 3 * * *', '0 0 3 * * 1', '@daily'].every((c) => cron.test(c))).toBe(true);
    expect(['* *', 'every day'].some((c) => cron.test(c))).toBe(false);
    const org = doc.paths['/api/organizations'].post.requestBody.content['application/json'].schema;
    expect(org.properties.settings.properties.admin_email.format).toBeUndefined();
    expect(org.properties.settings.properties.admin_email.pattern).toBeTruthy();
    // Found by schemathesis: a name of white space only was valid by the document, and refused (it is trimmed).
    expect(new RegExp(org.properties.name.pattern).test('\n')).toBe(false);
    const license = doc.paths['/api/orgs/{org_id}/licenses'].post.requestBody.content['application/json'].schema;
    expect(license.properties.expires_at.description).toMatch(/future/);
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
