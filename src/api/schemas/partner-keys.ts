import { z } from 'zod';
import type { PartnerKeyWithSecret } from '../../services/partner-keys.js';
import { NOT_BLANK, Timestamp } from './common.js';
import { OrgParams } from './organizations.js';

export const PartnerKeyCreate = z.strictObject({
  name: z
    .string({ error: () => 'must be a string of 1 to 100 characters' })
    .regex(NOT_BLANK, 'must not be blank')
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe('Who or what holds the key (an auditor, a GRC tool)'),
});

export const PartnerKeyParams = OrgParams.extend({ key_id: z.string().min(1).max(100) });

export const PartnerKey = z
  .object({
    key_id: z.string(),
    name: z.string(),
    api_key: z.string().describe('svc_cpk_…: send it as X-Service-API-Key; read-only, this organization’s /compliance/* only'),
    created_at: Timestamp,
  })
  .meta({ id: 'PartnerKey' });

export function toPartnerKey({ doc, apiKey }: PartnerKeyWithSecret): z.infer<typeof PartnerKey> {
  return { key_id: doc._id, name: doc.name, api_key: apiKey, created_at: doc.created_at.toISOString() };
}
