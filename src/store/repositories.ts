// The store's wiring: every repository and file store over one Mongo handle, built the same way by
// the API (src/api/plugins/repositories.ts) and the worker process (src/workers/main.ts).
import type { MongoHandle } from './mongo.js';
import { analyticsRepository } from './analytics-repository.js';
import { auditCountsRepository } from './audit-counts-repository.js';
import { auditRepository } from './audit-repository.js';
import { auditTextsRepository } from './audit-texts-repository.js';
import { bundleRepository } from './bundle-repository.js';
import { bundleStore } from './bundle-store.js';
import { changeLogRepository } from './change-log-repository.js';
import { evidenceRepository } from './evidence-repository.js';
import { evidenceSamplesRepository } from './evidence-samples-repository.js';
import { fileStore } from './file-store.js';
import { frameworkSettingsRepository } from './framework-settings-repository.js';
import { licenseRepository } from './license-repository.js';
import { organizationRepository } from './organization-repository.js';
import { partnerKeyRepository } from './partner-key-repository.js';
import { policyGroupRepository } from './policy-group-repository.js';
import { policyRepository } from './policy-repository.js';
import { signingKeyRepository } from './signing-key-repository.js';
import { controlTagRepository, teamRepository } from './team-repository.js';
import { userRepository } from './user-repository.js';
import { webhookRepository } from './webhook-repository.js';

export interface StoreOptions {
  /** How long a masked file is kept (FILE_RETENTION). */
  fileRetentionMs: number;
  /** SERVICE_MASTER_KEY: the keys of masked files are wrapped under a key derived from it. */
  masterKey: string;
}

export function createRepositories({ db }: Pick<MongoHandle, 'db'>, opts: StoreOptions) {
  return {
    organizations: organizationRepository(db),
    licenses: licenseRepository(db),
    policyGroups: policyGroupRepository(db),
    policies: policyRepository(db),
    audit: auditRepository(db),
    auditCounts: auditCountsRepository(db),
    auditTexts: auditTextsRepository(db),
    analytics: analyticsRepository(db),
    evidence: evidenceRepository(db),
    evidenceSamples: evidenceSamplesRepository(db),
    frameworkSettings: frameworkSettingsRepository(db),
    signingKeys: signingKeyRepository(db),
    partnerKeys: partnerKeyRepository(db),
    teams: teamRepository(db),
    controlTags: controlTagRepository(db),
    changeLog: changeLogRepository(db),
    users: userRepository(db),
    webhooks: webhookRepository(db),
    /** Evidence bundles: their documents, and their ZIPs (GridFS). */
    bundles: bundleRepository(db),
    bundleFiles: bundleStore(db),
    /** File checks' uploads and masked copies (GridFS). */
    files: fileStore(db, { retentionMs: opts.fileRetentionMs, masterKey: opts.masterKey }),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
