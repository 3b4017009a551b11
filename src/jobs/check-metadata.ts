// What a caller may say about a check besides its content (docs/integrations.md, "Metadata"): the
// app and the user it came from and a few tags. Kept on the audit record, so it is bounded and
// restricted to label characters; anything beyond the limits is 422, never dropped. Shared by the
// API's body schema and the file-scan job that carries it to the record.
import { z } from 'zod';

export const METADATA_LIMITS = { app: 64, user_ref: 128, tags: 10, tag: 32 } as const;

const label = (max: number, chars: RegExp, what: string) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(chars, `may hold only ${what}`);

const APP_CHARS = /^[A-Za-z0-9._:/@ -]+$/;
const REF_CHARS = /^[A-Za-z0-9._:/@+=-]+$/;

export const CheckMetadata = z
  .strictObject({
    app: label(METADATA_LIMITS.app, APP_CHARS, 'letters, digits, space and . _ : / @ -').optional().describe('The calling application'),
    user_ref: label(METADATA_LIMITS.user_ref, REF_CHARS, 'letters, digits and . _ : / @ + = -')
      .optional()
      .describe('An opaque reference to the end user (an id, not a name or an email)'),
    tags: z
      .array(label(METADATA_LIMITS.tag, APP_CHARS, 'letters, digits, space and . _ : / @ -'))
      .max(METADATA_LIMITS.tags, `must hold at most ${METADATA_LIMITS.tags} tags`)
      .optional(),
  })
  .meta({
    id: 'CheckMetadata',
    description: `Kept on the audit record. Limits: app ≤ ${METADATA_LIMITS.app} characters, user_ref ≤ ${METADATA_LIMITS.user_ref}, at most ${METADATA_LIMITS.tags} tags of ≤ ${METADATA_LIMITS.tag}; unknown keys and anything beyond the limits are 422.`,
  });
export type CheckMetadata = z.infer<typeof CheckMetadata>;
