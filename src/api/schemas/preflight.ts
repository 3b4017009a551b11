import { z } from 'zod';
import { DECISIONS } from '../../engine/types.js';
import { Errors } from '../../errors.js';
import { CheckMetadata } from '../../jobs/check-metadata.js';
import { FILE_SCAN_STAGES } from '../../jobs/file-scan.js';
import { DestinationSchema, Timestamp } from './common.js';

export const TextCheckBody = z.object({
  text: z.string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must not be empty'),
  destination: DestinationSchema,
  org_id: z.string().min(1).max(100).optional().describe('Must be the key’s organization (id or slug)'),
  policy_id: z.string().min(1).max(100).optional().describe('Another policy of the key’s organization to apply'),
  metadata: CheckMetadata.optional(),
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

/** A form field holding JSON: parsed, or left as the string for the schema to refuse. */
function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The form fields of a file check besides `file` (spec part 5). */
export const FileCheckFields = z.object({
  destination: DestinationSchema,
  org_id: TextCheckBody.shape.org_id,
  policy_id: TextCheckBody.shape.policy_id,
  metadata: z
    .preprocess(jsonField, CheckMetadata)
    .optional()
    .describe('CheckMetadata as a JSON string (at most 1024 bytes as a form field)'),
});
export type FileCheckFields = z.infer<typeof FileCheckFields>;

/** A file check's form fields, validated as a JSON body is: 422 with a detail naming each bad field. */
export function fileCheckFields(fields: Record<string, string>): FileCheckFields {
  const parsed = FileCheckFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; ');
  throw Errors.validation(`Invalid request. ${detail}.`);
}

/**
 * The multipart form of a file check, for the OpenAPI document only: the route reads the parts as
 * a stream and validates the fields with FileCheckFields.
 */
export function fileCheckForm() {
  const fields = z.toJSONSchema(FileCheckFields, { io: 'input' }) as { properties: Record<string, unknown>; required?: string[] };
  const file = { type: 'string', format: 'binary', description: 'The file; its type is read from its bytes' };
  // A form field is a string: metadata is CheckMetadata written as JSON.
  fields.properties.metadata = { type: 'string', description: 'CheckMetadata (app, user_ref, tags) as JSON; same limits as on a text check' };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { file, ...fields.properties }, required: ['file', ...(fields.required ?? [])] },
      },
    },
  };
}

export const FileCheckResult = z
  .object({
    preflight_id: z.string(),
    decision: z.enum(DECISIONS),
    summary: z.string(),
    detected: z.array(Detection),
    masked_file_url: z.string().nullable().describe('Download of the masked file in its own format; null when BLOCKED'),
    policy_version: z.string(),
    created_at: Timestamp,
  })
  .meta({ id: 'FileCheckResult' });

export const CheckProgress = z
  .object({
    stage: z.enum(FILE_SCAN_STAGES).describe('queued (waiting for a worker), extracting (reading pages, OCR), detecting, masking, recording'),
    pages_done: z.number().int().describe('Pages read so far'),
    pages_total: z.number().int().nullable().describe('Pages of the file; null until it is opened'),
  })
  .meta({ id: 'CheckProgress' });

export const PendingCheck = z
  .object({ preflight_id: z.string(), status: z.literal('pending'), progress: CheckProgress })
  .meta({ id: 'PendingCheck', description: 'The file is still being checked; GET /api/preflight/{preflight_id} answers when done' });

export const PreflightParams = z.object({ preflight_id: z.string().min(1).max(100) });
