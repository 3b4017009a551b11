// License plans (DESIGN §9, §13). Enterprise limits come from the license itself; these are its
// defaults when the license leaves them unset.
import type { LicenseType } from '../store/license-repository.js';

export interface PlanDefaults {
  validDays: number;
  maxChecksPerMonth: number;
  requestsPerMinute: number;
  requestsPerDay: number;
}

export const PLAN_DEFAULTS: Record<LicenseType, PlanDefaults> = {
  trial: { validDays: 30, maxChecksPerMonth: 30_000, requestsPerMinute: 60, requestsPerDay: 1_000 },
  standard: { validDays: 365, maxChecksPerMonth: 1_500_000, requestsPerMinute: 300, requestsPerDay: 50_000 },
  enterprise: { validDays: 365, maxChecksPerMonth: 10_000_000, requestsPerMinute: 1_000, requestsPerDay: 1_000_000 },
};

export const DEFAULT_POLICY_GROUP = 'default';
