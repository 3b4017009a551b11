import { z } from 'zod';
import type { LicenseDoc } from '../../store/license-repository.js';
import type { OrganizationDoc } from '../../store/organization-repository.js';
import { NOT_BLANK, Timestamp } from './common.js';

const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex color like #2563eb');

/** zod's own email rule as a plain pattern: the document then states exactly the rule the server applies. */
const Email = z.string().regex(z.regexes.email, 'must be an email address');

export const OrganizationSettings = z.strictObject({
  admin_email: Email,
  primary_color: HexColor.default('#2563eb'),
});

export const OrgParams = z.object({
  org_id: z.string().min(1).max(100).describe('Organization id or slug'),
});

export const OrganizationCreate = z.strictObject({
  name: z.string().regex(NOT_BLANK, 'must not be blank').trim().min(1).max(200),
  slug: z.string().regex(/^[a-z0-9-]{2,64}$/, 'must be 2-64 characters of a-z, 0-9 and -'),
  settings: OrganizationSettings,
});
export type OrganizationCreate = z.infer<typeof OrganizationCreate>;

export const OrganizationPatch = z.strictObject({
  name: z.string().regex(NOT_BLANK, 'must not be blank').trim().min(1).max(200).optional(),
  settings: z
    .strictObject({ admin_email: Email.optional(), primary_color: HexColor.optional() })
    .optional(),
});
export type OrganizationPatch = z.infer<typeof OrganizationPatch>;

export const Organization = z
  .object({
    org_id: z.string(),
    name: z.string(),
    slug: z.string(),
    settings: z.object({ admin_email: z.string(), primary_color: z.string() }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Organization' });

export const OrganizationCreated = Organization.extend({
  license_id: z.string(),
  license_key: z.string(),
  license_type: z.string(),
  license_expires_at: Timestamp,
}).meta({ id: 'OrganizationCreated' });

export function toOrganization(doc: OrganizationDoc): z.infer<typeof Organization> {
  return {
    org_id: doc._id,
    name: doc.name,
    slug: doc.slug,
    settings: { admin_email: doc.settings.admin_email, primary_color: doc.settings.primary_color },
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

export function toOrganizationCreated(doc: OrganizationDoc, license: LicenseDoc, licenseKey: string) {
  return {
    ...toOrganization(doc),
    license_id: license._id,
    license_key: licenseKey,
    license_type: license.license_type,
    license_expires_at: license.expires_at.toISOString(),
  };
}
