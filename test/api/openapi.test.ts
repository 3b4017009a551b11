// The OpenAPI document for code generators: every operation has a summary and, for each JSON request
// body and JSON success response, an example that its own schema accepts; one schema per shape (no
// …Input/…Output twins); the /v1/preflight/text alias is documented.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithOrgForFile, type TestApp } from '../helpers/app.js';

let t: TestApp;
appWithOrgForFile((app) => {
  t = app;
});

interface Media {
  schema?: unknown;
  example?: unknown;
}
interface Operation {
  summary?: string;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let doc: Doc;
beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, op })));

describe('the OpenAPI document', () => {
  it('gives every operation a summary', () => {
    const missing = operations().filter(({ op }) => !op.summary?.trim()).map(({ id }) => id);
    expect(missing).toEqual([]);
  });

  it('gives every JSON request body and JSON success response an example', () => {
    const missing: string[] = [];
    for (const { id, op } of operations()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) if (type.includes('json') && media.example === undefined) missing.push(`${id} request ${type}`);
      const successes = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
      if (successes.length === 0) missing.push(`${id}: no success response`);
      for (const [status, response] of successes) {
        for (const [type, media] of Object.entries(response.content ?? {})) if (type.includes('json') && media.example === undefined) missing.push(`${id} ${status} ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('each example is valid against its own schema', () => {
    // Formats are not checked: the examples' shapes are what a generator reads.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    // OpenAPI 3.0's `nullable` as JSON Schema: the type or null.
    const plain = (s: unknown): unknown => {
      if (Array.isArray(s)) return s.map(plain);
      if (!s || typeof s !== 'object') return s;
      const { nullable, ...rest } = s as Record<string, unknown>;
      const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, plain(v)]));
      return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
    };
    ajv.addSchema(plain({ $id: 'doc', components: doc.components }) as object);
    const invalid: string[] = [];
    const check = (where: string, media: Media) => {
      if (media.schema === undefined || media.example === undefined) return;
      const schema = plain(JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"doc#/components/'))) as object;
      if (!ajv.validate(schema, media.example)) invalid.push(`${where}: ${ajv.errorsText()}`);
    };
    for (const { id, op } of operations()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) if (type.includes('json')) check(`${id} request`, media);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (status.startsWith('2')) for (const [type, media] of Object.entries(response.content ?? {})) if (type.includes('json')) check(`${id} ${status}`, media);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('has one schema per shape: no …Input / …Output twins', () => {
    const twins = Object.keys(doc.components.schemas).filter((name) => /(Input|Output)$/.test(name));
    expect(twins).toEqual([]);
  });

  it('documents the /v1/preflight/text alias', () => {
    expect(doc.paths['/v1/preflight/text']?.post?.summary).toContain('alias');
  });
});
