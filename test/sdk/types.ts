// The SDK declares the service's shapes itself (it ships apart from the service); here `tsc -p
// tsconfig.json` (the first step of `npm test`) holds each declaration equal to the zod schema the
// service validates and documents with, so neither side can change alone.
import type { z } from 'zod';
import type * as Sdk from '../../packages/sdk/src/index.js';
import type { AnalyticsTimeseries, DetectionBreakdown, OrgAnalytics } from '../../src/api/schemas/analytics.js';
import type { AuditPage, AuditQuery } from '../../src/api/schemas/audit.js';
import type { ErrorBody } from '../../src/api/schemas/common.js';
import type { FileCheckResult, PendingCheck, TextCheckBody, TextCheckResult } from '../../src/api/schemas/preflight.js';
import type { LicenseValidation } from '../../src/services/license-validation.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Same<A, B>) => proof;

export const proofs = [
  same<Sdk.TextCheckRequest, z.input<typeof TextCheckBody>>(true),
  same<Sdk.TextCheckResult, z.output<typeof TextCheckResult>>(true),
  same<Sdk.FileCheckResult, z.output<typeof FileCheckResult>>(true),
  // `progress` is optional in the SDK, so it reads services from before and after progress was added.
  same<Omit<Sdk.PendingCheck, 'progress'>, Omit<z.output<typeof PendingCheck>, 'progress'>>(true),
  same<Sdk.AuditPage, z.output<typeof AuditPage>>(true),
  same<Sdk.OrgAnalytics, z.output<typeof OrgAnalytics>>(true),
  same<Sdk.AnalyticsTimeseries, z.output<typeof AnalyticsTimeseries>>(true),
  same<Sdk.DetectionBreakdown, z.output<typeof DetectionBreakdown>>(true),
  same<Omit<Sdk.ErrorBody, 'retry_after'>, z.output<typeof ErrorBody>>(true),
  // Every filter the service reads is one the SDK can send, by the same name.
  same<keyof Sdk.AuditQuery, keyof z.input<typeof AuditQuery>>(true),
  // The license answer is a TypeScript interface on the service side: what it sends, the SDK reads.
  same<LicenseValidation extends Sdk.LicenseValidation ? true : false, true>(true),
];
