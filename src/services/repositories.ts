// Every repository over one Db, so the API and worker processes build them the same way.
import type { Db } from 'mongodb';
import { analyticsRepository } from '../store/analytics-repository.js';
import { auditRepository } from '../store/audit-repository.js';
import { evidenceRepository } from '../store/evidence-repository.js';
import { frameworkSettingsRepository } from '../store/framework-settings-repository.js';
import { licenseRepository } from '../store/license-repository.js';
import { partnerKeyRepository } from '../store/partner-key-repository.js';
import { organizationRepository } from '../store/organization-repository.js';
import { policyGroupRepository } from '../store/policy-group-repository.js';
import { policyRepository } from '../store/policy-repository.js';
import { signingKeyRepository } from '../store/signing-key-repository.js';
import { controlTagRepository, teamRepository } from '../store/team-repository.js';

export function createRepositories(db: Db) {
  return {
    organizations: organizationRepository(db),
    licenses: licenseRepository(db),
    policyGroups: policyGroupRepository(db),
    policies: policyRepository(db),
    audit: auditRepository(db),
    analytics: analyticsRepository(db),
    evidence: evidenceRepository(db),
    frameworkSettings: frameworkSettingsRepository(db),
    signingKeys: signingKeyRepository(db),
    partnerKeys: partnerKeyRepository(db),
    teams: teamRepository(db),
    controlTags: controlTagRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
