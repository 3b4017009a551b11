import { z } from 'zod';
import { DECISIONS } from '../../engine/types.js';
import { DestinationSchema, Timestamp } from './common.js';

export const TextCheckBody = z.object({
  text: z.string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must not be empty'),
  destination: DestinationSchema,
  org_id: z.string().min(1).max(100).optional().describe('Must be the key’s organization (id or slug)'),
  policy_id: z.string().min(1).max(100).optional().describe('Another policy of the key’s organization to apply'),
});
export type TextCheckBody = z.infer<typeof TextCheckBody>;

const Detection = z.object({ type: z.string(), count: z.number().int(), sample: z.string().nullable() });

export const TextCheckResult = z
  .object({
    preflight_id: z.string(),
    decision: z.enum(DECISIONS),
    summary: z.string(),
    detected: z.array(Detection),
    masked_content: z.string().nullable(),
    policy_version: z.string(),
    created_at: Timestamp,
  })
  .meta({ id: 'TextCheckResult' });

export const PreflightParams = z.object({ preflight_id: z.string().min(1).max(100) });
