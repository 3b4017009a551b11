import { z } from 'zod';
import { isKnownDataType } from '../../engine/index.js';
import { ACTIONS, MASKING_STYLES } from '../../engine/types.js';
import type { PolicyDoc } from '../../store/policy-repository.js';
import { DestinationSchema, Timestamp } from './common.js';
import { OrgParams } from './organizations.js';

const DataType = z
  .string()
  .min(1)
  .max(64)
  .refine(isKnownDataType, { error: (i) => `unknown data type '${String(i.input)}'` });

export const RuleInput = z.strictObject({
  id: z.string().optional().describe('Keep an existing rule: send back its id (PATCH only)'),
  name: z.string().trim().min(1).max(200),
  enabled: z.boolean().default(true),
  dataTypes: z.array(DataType).min(1).max(100).describe('Categories (PII, PHI, FINANCIAL, SECRETS, CUSTOM) or type names'),
  destinations: z.array(DestinationSchema).min(1),
  action: z.enum(ACTIONS, { error: () => `must be one of ${ACTIONS.join(', ')}` }),
});

const Name = z.string().trim().min(1).max(200);
const Description = z.string().max(2_000);
const Tags = z.array(z.string().min(1).max(100)).max(100);
const Rules = z.array(RuleInput).max(200);
const Masking = z.enum(MASKING_STYLES, { error: () => `must be one of ${MASKING_STYLES.join(', ')}` });
const Group = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of letters, digits, _ and -');

export const PolicyCreate = z.strictObject({
  name: Name,
  description: Description.default(''),
  tags: Tags.default([]),
  rules: Rules.default([]),
  masking: Masking.default('label'),
  group: Group.default('default'),
  is_active: z.boolean().default(true),
});

export const PolicyPatch = z.strictObject({
  name: Name.optional(),
  description: Description.optional(),
  tags: Tags.optional(),
  rules: Rules.optional().describe('Replaces the rule list; rules sent with their id keep it'),
  masking: Masking.optional(),
  group: Group.optional(),
  is_active: z.boolean().optional(),
});

export const PolicyParams = OrgParams.extend({ policy_id: z.string().min(1).max(100) });

export const RuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  dataTypes: z.array(z.string()),
  destinations: z.array(z.string()),
  action: z.string(),
});

export const Policy = z
  .object({
    policy_id: z.string(),
    org_id: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    tags: z.array(z.string()),
    is_active: z.boolean(),
    group: z.string(),
    masking: z.string(),
    license_id: z.string(),
    api_key: z.string(),
    rules: z.array(RuleSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Policy' });

export const RegeneratedKey = z.object({ api_key: z.string(), policy_id: z.string() });

export function toPolicy(doc: PolicyDoc, apiKey: string): z.infer<typeof Policy> {
  return {
    policy_id: doc._id,
    org_id: doc.org_id,
    name: doc.name,
    description: doc.description,
    version: doc.version,
    tags: doc.tags,
    is_active: doc.is_active,
    group: doc.group,
    masking: doc.masking,
    license_id: doc.license_id,
    api_key: apiKey,
    rules: doc.rules,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}
