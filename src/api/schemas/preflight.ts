import { z } from 'zod';
import { DECISIONS } from '../../engine/types.js';
import { Errors } from '../../errors.js';
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

/** The form fields of a file check besides `file` (spec part 5). */
export const FileCheckFields = z.object({
  destination: DestinationSchema,
  org_id: TextCheckBody.shape.org_id,
  policy_id: TextCheckBody.shape.policy_id,
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

export const PendingCheck = z
  .object({ preflight_id: z.string(), status: z.literal('pending') })
  .meta({ id: 'PendingCheck', description: 'The file is still being checked; GET /api/preflight/{preflight_id} answers when done' });

export const PreflightParams = z.object({ preflight_id: z.string().min(1).max(100) });
