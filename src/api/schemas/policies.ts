import { z } from 'zod';
import {
  allowlistProblems,
  BUILT_IN_DATA_TYPES,
  CUSTOM_CONFIDENCE,
  CUSTOM_LIMITS,
  customDetectorProblems,
  DEFAULT_MIN_CONFIDENCE,
  type CustomProblem,
} from '../../engine/index.js';
import { ACTIONS, CATEGORIES, MASKING_STYLES } from '../../engine/types.js';
import { toAllowEntry, unknownDataTypes } from '../../services/policies.js';
import type { PolicyDoc } from '../../store/policy-repository.js';
import { DestinationSchema, NOT_BLANK, Timestamp } from './common.js';
import { OrgParams } from './organizations.js';

// Whether a data type is known depends on the policy's custom detectors: checked on the whole
// policy (PolicyCreate below; for a PATCH, on the resulting policy by the policy service). The
// document lists the built-in names as an enum: a custom detector's name is the one value it omits.
const DataType = z
  .string()
  .min(1)
  .max(64)
  .meta({ enum: [...BUILT_IN_DATA_TYPES], description: 'A category, a built-in type, or the name of one of this policy’s custom_detectors' });

export const RuleInput = z.strictObject({
  id: z.string().optional().describe('Keep an existing rule: send back its id (PATCH only)'),
  name: z.string().regex(NOT_BLANK, 'must not be blank').trim().min(1).max(200),
  enabled: z.boolean().default(true),
  dataTypes: z.array(DataType).min(1).max(100).describe('Categories (PII, PHI, FINANCIAL, SECRETS, CUSTOM) or type names'),
  destinations: z.array(DestinationSchema).min(1),
  action: z.enum(ACTIONS, { error: () => `must be one of ${ACTIONS.join(', ')}` }),
});

const problemPath = (p: CustomProblem) => (p.index === null ? [] : p.field ? [p.index, p.field] : [p.index]);

const CustomDetectorInput = z.strictObject({
  name: z
    .string()
    .trim()
    .toUpperCase()
    .describe('Becomes the finding type (upper-cased): a letter, then 1-63 letters, digits or _; not a built-in type or category'),
  category: z.enum(CATEGORIES, { error: () => `must be one of ${CATEGORIES.join(', ')}` }).default('CUSTOM'),
  pattern: z
    .string()
    .min(1)
    .max(CUSTOM_LIMITS.patternChars)
    .optional()
    .describe('RE2 syntax (no lookaround, no backreferences); give pattern or keywords'),
  keywords: z
    .array(z.string().trim().min(1).max(CUSTOM_LIMITS.keywordChars))
    .min(1)
    .max(CUSTOM_LIMITS.keywords)
    .optional()
    .describe('Words or phrases matched as whole words; give pattern or keywords'),
  case_sensitive: z.boolean().default(false),
});

const CustomDetectors = z
  .array(CustomDetectorInput)
  .max(CUSTOM_LIMITS.detectors)
  .superRefine((detectors, ctx) => {
    for (const p of customDetectorProblems(detectors)) ctx.addIssue({ code: 'custom', message: p.message, path: problemPath(p) });
  })
  .describe(`The policy's own detectors; findings have confidence ${CUSTOM_CONFIDENCE}`);

const AllowEntryInput = z
  .strictObject({
    value: z.string().min(1).max(CUSTOM_LIMITS.allowValueChars).optional().describe('A finding with exactly this value is dropped'),
    pattern: z.string().min(1).max(CUSTOM_LIMITS.patternChars).optional().describe('A finding whose whole value matches (RE2) is dropped'),
  })
  .refine((e) => (e.value === undefined) !== (e.pattern === undefined), { error: 'give exactly one of value and pattern' });

const Allow = z
  .array(AllowEntryInput)
  .max(CUSTOM_LIMITS.allowEntries)
  .superRefine((entries, ctx) => {
    if (!entries.every((e) => (e.value === undefined) !== (e.pattern === undefined))) return;
    for (const p of allowlistProblems(entries.map(toAllowEntry))) ctx.addIssue({ code: 'custom', message: p.message, path: problemPath(p) });
  })
  .describe('Known false positives: exact values, or RE2 patterns that must match the whole value');

const MinConfidence = z.number().min(0).max(1).describe(`Findings below this confidence are dropped (default ${DEFAULT_MIN_CONFIDENCE})`);

const Name = z.string().regex(NOT_BLANK, 'must not be blank').trim().min(1).max(200);
const Description = z.string().max(2_000);
const Tags = z.array(z.string().min(1).max(100)).max(100);
const Rules = z.array(RuleInput).max(200);
const Masking = z.enum(MASKING_STYLES, { error: () => `must be one of ${MASKING_STYLES.join(', ')}` });
const Group = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of letters, digits, _ and -');

export const PolicyCreate = z
  .strictObject({
    name: Name,
    description: Description.default(''),
    tags: Tags.default([]),
    rules: Rules.default([]),
    masking: Masking.default('label'),
    group: Group.default('default'),
    is_active: z.boolean().default(true),
    custom_detectors: CustomDetectors.default([]),
    allow: Allow.default([]),
    min_confidence: MinConfidence.default(DEFAULT_MIN_CONFIDENCE),
  })
  .superRefine((policy, ctx) => {
    const names = new Set(policy.custom_detectors.map((d) => d.name));
    for (const issue of unknownDataTypes(policy.rules, names)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const PolicyPatch = z.strictObject({
  name: Name.optional(),
  description: Description.optional(),
  tags: Tags.optional(),
  rules: Rules.optional().describe('Replaces the rule list; rules sent with their id keep it'),
  masking: Masking.optional(),
  group: Group.optional(),
  is_active: z.boolean().optional(),
  custom_detectors: CustomDetectors.optional().describe('Replaces the list'),
  allow: Allow.optional().describe('Replaces the list'),
  min_confidence: MinConfidence.optional(),
});

export const PolicyParams = OrgParams.extend({ policy_id: z.string().min(1).max(100) });

export const CustomDetectorSchema = z
  .object({
    name: z.string(),
    category: z.string(),
    pattern: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    case_sensitive: z.boolean(),
  })
  .meta({ id: 'CustomDetector' });

export const AllowEntrySchema = z.object({ value: z.string().optional(), pattern: z.string().optional() }).meta({ id: 'AllowEntry' });

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
    custom_detectors: z.array(CustomDetectorSchema),
    allow: z.array(AllowEntrySchema),
    min_confidence: z.number(),
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
    custom_detectors: doc.custom_detectors.map((d) => ({ ...d, case_sensitive: d.case_sensitive === true })),
    allow: doc.allow,
    min_confidence: doc.min_confidence,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}
