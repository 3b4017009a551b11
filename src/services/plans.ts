// License plans (DESIGN §9, §13). Enterprise limits come from the license itself.
import type { LicenseType } from '../store/license-repository.js';

export const PLAN_DEFAULTS: Record<LicenseType, { validDays: number; maxChecksPerMonth: number }> = {
  trial: { validDays: 30, maxChecksPerMonth: 30_000 },
  standard: { validDays: 365, maxChecksPerMonth: 1_500_000 },
  enterprise: { validDays: 365, maxChecksPerMonth: 10_000_000 },
};

export const DEFAULT_POLICY_GROUP = 'default';
