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
export const intParam = (name: string, min: number, max: number, dflt: number) =>
  z.coerce
    .number({ error: () => `${name} must be an integer` })
    .int(`${name} must be an integer`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(dflt);

export const DestinationSchema = z.enum(DESTINATIONS, {
  error: () => `must be one of ${DESTINATIONS.join(', ')}`,
});

export const RateLimitedBody = ErrorBody.extend({
  retry_after: z.number().int().describe('Seconds until the request can succeed (also in Retry-After)'),
}).meta({ id: 'RateLimited' });

/** Error responses an authenticated (hence rate-limited) route may answer, for the OpenAPI document. */
export const authErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: RateLimitedBody } as const;
export const unavailable = { 503: ErrorBody } as const;
