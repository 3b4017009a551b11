// Examples for code generators and readers (docs/api-conformance.md): every JSON request body and
// every JSON success response of the document carries an example. A schema's own `example` (zod
// `.meta({ example })`), default or enum wins; otherwise one is built from the schema, so no operation
// can be left without one and none drifts from its schema.

type Schema = Record<string, unknown>;
interface Doc {
  paths?: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, Schema> };
}

const TIMESTAMP = '2026-11-25T13:00:00.000Z';
/** Nesting followed before an example stops (recursive shapes). */
const MAX_DEPTH = 16;

/** A string fit for its format, its pattern (when a plain one), or its name. */
function stringExample(schema: Schema, name: string): string {
  switch (schema.format) {
    case 'date-time':
      return TIMESTAMP;
    case 'date':
      return '2026-11-25';
    case 'uri':
    case 'url':
      return 'https://example.com/path';
    case 'email':
      return 'admin@example.com';
  }
  // Fields whose pattern a name says more about than a generic string would.
  if (name.includes('email')) return 'admin@example.com';
  if (name.includes('color')) return '#2563eb';
  if (name === 'cron') return '0 6 * * 1';
  if (name === 'destination') return 'AI_TOOL';
  if (name.endsWith('_id') || name === 'id') return `${name.replace(/_id$/, '').slice(0, 3) || 'id'}_0mx0abcd000a1b2c3d4e5f6`;
  if (name === 'url') return 'https://hooks.example.com/preflight';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const text = name || 'text';
  return text.length >= min ? text : text.padEnd(min, 'x');
}

function exampleOf(schema: unknown, doc: Doc, name = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return null;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return exampleOf(doc.components?.schemas?.[s.$ref.split('/').pop()!], doc, name, depth + 1);
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const choices = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (choices) return exampleOf(choices.find((c) => c.type !== 'null') ?? choices[0], doc, name, depth + 1);
  if (Array.isArray(s.allOf)) {
    const parts = (s.allOf as Schema[]).map((part) => exampleOf(part, doc, name, depth + 1));
    // Constraints stacked on one value (a string with two patterns) agree on the first; objects merge.
    return parts.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([key, prop]) => [key, exampleOf(prop, doc, key, depth + 1)]));
    }
    case 'array':
      return [exampleOf(s.items, doc, name, depth + 1)];
    case 'string':
      return stringExample(s, name);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

function withExamples(content: unknown, doc: Doc): void {
  for (const [type, media] of Object.entries((content ?? {}) as Record<string, { schema?: unknown; example?: unknown }>)) {
    if (!type.includes('json') || media.example !== undefined || media.schema === undefined) continue;
    media.example = exampleOf(media.schema, doc);
  }
}

/** Adds an example to every JSON request body and JSON success response that lacks one. */
export function addExamples<T extends Doc>(doc: T): T {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      withExamples((op.requestBody as { content?: unknown } | undefined)?.content, doc);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (status.startsWith('2')) withExamples((response as { content?: unknown }).content, doc);
      }
    }
  }
  return doc;
}

/**
 * One schema per shape: the zod provider writes each named schema twice, as read (`XInput`) and as
 * written (`X`, with closed objects). Where both are otherwise the same, references go to `X` and the
 * twin is dropped; a twin that differs (a default makes a field optional on input) is kept.
 */
export function mergeTwins<T extends Doc>(doc: T): T {
  // The written form closes its objects (additionalProperties false); otherwise the twins are alike.
  const open = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(open);
    if (!schema || typeof schema !== 'object') return schema;
    return Object.fromEntries(Object.entries(schema).filter(([k, v]) => !(k === 'additionalProperties' && v === false)).map(([k, v]) => [k, open(v)]));
  };
  const loose = (schema: unknown) => JSON.stringify(open(schema));
  // A twin nothing refers to (a response shape is never read) is not a second shape either.
  const paths = JSON.stringify(doc.paths ?? {});
  const unused = (name: string) => !paths.includes(`"#/components/schemas/${name}"`);
  const schemas = doc.components?.schemas ?? {};
  const same = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const base = name.replace(/Input$/, '');
    if (base !== name && schemas[base] && (unused(name) || loose(schemas[base]) === loose(schemas[name]))) same.set(name, base);
  }
  if (same.size === 0) return doc;
  for (const name of same.keys()) delete schemas[name];
  const json = JSON.stringify(doc).replace(/"#\/components\/schemas\/([A-Za-z0-9_.-]+)"/g, (ref, name: string) => (same.has(name) ? `"#/components/schemas/${same.get(name)}"` : ref));
  return Object.assign(doc, JSON.parse(json) as T);
}
