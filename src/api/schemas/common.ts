import { z } from 'zod';
import { DESTINATIONS } from '../../engine/types.js';

export const ErrorBody = z
  .object({
    detail: z.string().describe('What went wrong, for a person'),
    code: z.string().describe('Stable machine-readable code (docs/errors.md)'),
  })
  .meta({ id: 'Error' });

export const Timestamp = z.iso.datetime();

/** An integer query parameter: its errors name it and its bounds. */
/** An integer query parameter. Query values arrive as text, and a blank one is refused rather than read as 0. */
export const intParam = (name: string, min: number, max: number, dflt: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value),
    z.coerce
      .number({ error: () => `${name} must be an integer` })
      .int(`${name} must be an integer`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(dflt),
  );

/** Names are trimmed before use, so one of only white space is refused: the document says so with a pattern. */
export const NOT_BLANK = /\S/;

export const DestinationSchema = z.enum(DESTINATIONS, {
  error: () => `must be one of ${DESTINATIONS.join(', ')}`,
});

export const RateLimitedBody = ErrorBody.extend({
  retry_after: z.number().int().describe('Seconds until the request can succeed (also in Retry-After)'),
}).meta({ id: 'RateLimited' });

const Binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * A download's 200, for the document only (the route streams or serializes it itself): one entry
 * per content type it can have, binary unless `schemas` gives one. The error statuses every route
 * shares are added to the document by src/api/plugins/openapi-document.ts.
 */
export function download(description: string, types: readonly string[], schemas: Record<string, z.ZodType> = {}) {
  const schemaOf = (type: string) => schemas[type] ?? (type.includes('json') ? z.unknown() : Binary);
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])) };
}
