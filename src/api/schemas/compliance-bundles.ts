// Evidence bundles (spec "export/all"; DESIGN §31): the export/all query, stored bundles and the
// organization's bundle schedule.
import { z } from 'zod';
import { BUNDLE_TRIGGERS } from '../../compliance/types.js';
import type { BundleDoc } from '../../store/bundle-repository.js';
import { Days, FrameworkSchema } from './compliance.js';
import { Timestamp } from './common.js';

export const ExportAllQuery = z.object({ days: Days });

export const BundleParams = z.object({
  org_id: z.string().min(1).max(100).describe('Organization id or slug'),
  bundle_id: z.string().min(1).max(100),
});

export const PendingBundle = z
  .object({ bundle_id: z.string(), status: z.literal('pending') })
  .meta({ id: 'PendingBundle', description: 'The bundle is being made; GET the Location (…/compliance/bundles/{bundle_id}) for it' });

export const Bundle = z
  .object({
    bundle_id: z.string(),
    trigger: z.enum(BUNDLE_TRIGGERS),
    days: z.number().int(),
    frameworks: z.array(FrameworkSchema),
    from_date: z.string(),
    to_date: z.string(),
    filename: z.string(),
    size: z.number().int().describe('Bytes of the ZIP'),
    sha256: z.string().describe('Hex SHA-256 of the ZIP'),
    created_at: Timestamp,
    download_url: z.string(),
  })
  .meta({ id: 'EvidenceBundle' });

export const BundleList = z.object({ bundles: z.array(Bundle) });

export function toBundle(doc: BundleDoc, downloadUrl: string): z.infer<typeof Bundle> {
  return {
    bundle_id: doc._id,
    trigger: doc.trigger,
    days: doc.days,
    frameworks: doc.frameworks,
    from_date: doc.from_date,
    to_date: doc.to_date,
    filename: doc.filename,
    size: doc.size,
    sha256: doc.sha256,
    created_at: doc.created_at.toISOString(),
    download_url: downloadUrl,
  };
}

/** The IANA zones this runtime knows: the document's enum (the server also takes them in any case). */
const TIME_ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];

/** An IANA time zone, as its canonical name (`europe/berlin` → `Europe/Berlin`). */
const TimeZone = z
  .string()
  .max(64)
  .meta({ enum: TIME_ZONES })
  .transform((tz, ctx) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as UTC or Europe/Berlin' });
      return z.NEVER;
    }
  });

/** Five or six whitespace-separated fields, or a macro: the shape; the server parses the meaning. */
const CRON_SHAPE = /^\s*(?:@[A-Za-z]+|\S+(?:\s+\S+){4,5})\s*$/;

export const ScheduleBody = z.strictObject({
  cron: z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .regex(CRON_SHAPE, 'must have 5 fields (minute hour day-of-month month day-of-week), or 6 with seconds first, or be a macro such as @daily')
    .describe(
      'Cron expression (5 fields, or 6 with seconds first, or a macro such as @daily), evaluated in `timezone`. The server also refuses (422) an expression that is invalid or never fires, or that fires twice within the export throttle window (5 minutes by default): rules JSON Schema cannot state.',
    ),
  days: z
    .number({ error: () => 'must be an integer' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(180, 'must be at most 180')
    .default(30)
    .describe('Evidence window of each bundle, in days'),
  timezone: TimeZone.default('UTC').describe('IANA time zone the cron expression is evaluated in'),
});

export const Schedule = z
  .object({ cron: z.string(), days: z.number().int(), timezone: z.string(), next_run_at: Timestamp })
  .meta({ id: 'BundleSchedule' });

export const BundleVerification = z
  .object({
    bundle_id: z.string(),
    valid: z.boolean().describe('The signature verifies and every file matches the manifest'),
    key_id: z.string().nullable().describe('The key id the signature names (the `kid` of /.well-known/jwks.json)'),
    algorithm: z.literal('RS256'),
    signature_valid: z.boolean(),
    zip_sha256_valid: z.boolean().describe('The stored ZIP still has the SHA-256 recorded when it was made'),
    files: z.array(z.object({ path: z.string(), valid: z.boolean() })),
    problems: z.array(z.string()).describe('What failed, one line each; empty when valid'),
  })
  .meta({ id: 'EvidenceBundleVerification' });
