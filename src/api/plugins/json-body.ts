// Request bodies: JSON only (anything else is 415 rather than a string that fails validation), parsed
// here rather than by Fastify's parser, which answers every failure with one generic error: a body
// with a `__proto__` key read as "not valid JSON" when it is valid JSON that is refused.
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';

/**
 * Whether a parsed body holds a key that poisons a prototype wherever the body is merged into an
 * object: `__proto__`, or `constructor` holding `prototype`. Iterative, so no nesting overflows it.
 */
export function hasPrototypeKey(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Object.hasOwn(value, '__proto__')) return true;
    const constructor: unknown = Object.hasOwn(value, 'constructor') ? (value as { constructor: unknown }).constructor : undefined;
    if (typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype')) return true;
    for (const child of Object.values(value)) pending.push(child);
  }
  return false;
}

function parseBody(text: string): unknown {
  if (text.length === 0) throw Errors.malformedJson('The request body is empty; send a JSON object.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    // V8 says where parsing stopped; the rest of its message may quote the body.
    const where = /at position \d+(?: \(line \d+ column \d+\))?/.exec(err instanceof Error ? err.message : '')?.[0];
    throw Errors.malformedJson(`The request body is not valid JSON${where ? ` (${where})` : ''}.`);
  }
  if (hasPrototypeKey(body)) {
    throw Errors.badRequest('The request body has a "__proto__" key (or "constructor" with "prototype"), which is refused: remove it.');
  }
  return body;
}

export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
      try {
        done(null, parseBody(text as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
  },
  { name: 'json-body' },
);
