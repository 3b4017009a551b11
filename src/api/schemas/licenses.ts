import { z } from 'zod';
import { licenseStatus, limitsOf } from '../../services/licenses.js';
import { LICENSE_TYPES, type LicenseDoc } from '../../store/license-repository.js';
import { ErrorBody, Timestamp } from './common.js';
import { OrgParams } from './organizations.js';
import { AllowEntrySchema, CustomDetectorSchema, RuleSchema } from './policies.js';

const Count = (name: string) =>
  z
    .number({ error: () => `${name} must be an integer` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be at least 1`)
    .max(1_000_000_000, `${name} must be at most 1000000000`);

export const LicenseCreate = z.strictObject({
  license_type: z.enum(LICENSE_TYPES, { error: () => `must be one of ${LICENSE_TYPES.join(', ')}` }),
  expires_at: z.iso
    .datetime({ offset: true, error: () => 'must be an ISO 8601 timestamp' })
    .transform((s) => new Date(s))
    .optional()
    .describe('Must be in the future (else 422: a rule JSON Schema cannot state). Default: 30 days (trial) or 365 days from now'),
  max_checks_per_month: Count('max_checks_per_month').optional().describe("Default: the plan's"),
  requests_per_minute: Count('requests_per_minute').optional().describe('Enterprise only (default 1,000)'),
  requests_per_day: Count('requests_per_day').optional().describe('Enterprise only (default 1,000,000)'),
});

export const LicenseParams = OrgParams.extend({ license_id: z.string().min(1).max(100) });

export const License = z
  .object({
    license_id: z.string(),
    org_id: z.string(),
    license_key: z.string(),
    license_type: z.enum(LICENSE_TYPES),
    status: z.enum(['active', 'revoked', 'expired']),
    expires_at: Timestamp,
    max_checks_per_month: z.number().int(),
    requests_per_minute: z.number().int().describe("Effective limit (the plan's unless the license sets one)"),
    requests_per_day: z.number().int().describe("Effective limit (the plan's unless the license sets one)"),
    default_policy_group: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'License' });

export function toLicense(doc: LicenseDoc, licenseKey: string): z.infer<typeof License> {
  const limits = limitsOf(doc);
  return {
    license_id: doc._id,
    org_id: doc.org_id,
    license_key: licenseKey,
    license_type: doc.license_type,
    status: licenseStatus(doc),
    expires_at: doc.expires_at.toISOString(),
    max_checks_per_month: doc.max_checks_per_month,
    requests_per_minute: limits.requestsPerMinute,
    requests_per_day: limits.requestsPerDay,
    default_policy_group: doc.default_policy_group,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

export const LicenseValidation = z
  .object({
    valid: z.literal(true),
    expires: Timestamp.describe('When the license expires'),
    org_id: z.string(),
    policy_version: z.string().describe('Fingerprint of policy_config: changes whenever any of it changes'),
    policy_config: z.object({
      policies: z.array(
        z.object({
          policy_id: z.string(),
          name: z.string(),
          group: z.string(),
          version: z.string(),
          is_active: z.boolean().describe('False also when the license the policy runs under is revoked or expired'),
          rules: z.array(RuleSchema),
          custom_detectors: z.array(CustomDetectorSchema),
          allow: z.array(AllowEntrySchema),
          min_confidence: z.number(),
        }),
      ),
    }),
    policy_groups: z.array(z.string()),
    default_policy_group: z.string(),
    jwt_token: z.string().describe('RS256 JWT (kid = key_id of /v1/license/public-key); at most 24 h, never past the license'),
  })
  .meta({ id: 'LicenseValidation' });

export const LicenseInvalid = ErrorBody.extend({ valid: z.literal(false) }).meta({ id: 'LicenseInvalid' });

export const PublicKey = z
  .object({ key_id: z.string(), public_key: z.string().describe('SPKI PEM'), algorithm: z.literal('RS256') })
  .meta({ id: 'PublicKey' });

export const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).meta({ id: 'JWKS' });
