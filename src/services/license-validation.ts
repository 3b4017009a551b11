// License validation for SDKs (spec "License validation result", DESIGN §11): the org's policy
// configuration and a signed token an SDK can verify offline until it expires.
import { createHash } from 'node:crypto';
import type { AllowEntry, CustomDetectorSpec, Rule } from '../engine/types.js';
import type { LicenseDoc } from '../store/license-repository.js';
import type { LicenseSigner } from './license-signer.js';
import { licenseStatus } from './licenses.js';
import type { Repositories } from '../store/repositories.js';

/** Tokens live at most a day, and never past the license. */
const TOKEN_TTL_S = 86_400;

export interface PolicyConfigEntry {
  policy_id: string;
  name: string;
  group: string;
  version: string;
  is_active: boolean;
  rules: Rule[];
  /** Detection settings, so an SDK enforcing the policy locally finds what the service finds. */
  custom_detectors: Array<CustomDetectorSpec & { case_sensitive: boolean }>;
  allow: AllowEntry[];
  min_confidence: number;
}

export interface LicenseValidation {
  valid: true;
  expires: string;
  org_id: string;
  policy_version: string;
  policy_config: { policies: PolicyConfigEntry[] };
  policy_groups: string[];
  default_policy_group: string;
  jwt_token: string;
}

/** Changes whenever anything in the configuration changes, so an SDK can tell its copy is stale. */
export function configVersion(config: { policies: PolicyConfigEntry[] }): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 16);
}

export class LicenseValidator {
  constructor(
    private readonly repos: Repositories,
    private readonly signer: LicenseSigner,
  ) {}

  /** For a license already known to be active (LicenseService.authenticate). */
  async validate(license: LicenseDoc, now = new Date()): Promise<LicenseValidation> {
    const orgId = license.org_id;
    const [policies, licenses, groups] = await Promise.all([
      this.repos.policies.listByOrg(orgId),
      this.repos.licenses.listByOrg(orgId),
      this.repos.policyGroups.namesByOrg(orgId),
    ]);
    const activeLicenses = new Set(licenses.filter((l) => licenseStatus(l, now) === 'active').map((l) => l._id));
    const config = {
      policies: policies.map((p) => ({
        policy_id: p._id,
        name: p.name,
        group: p.group,
        version: p.version,
        // What a check with the policy's key would do: inactive also when its license is not active.
        is_active: p.is_active && activeLicenses.has(p.license_id),
        rules: p.rules,
        custom_detectors: p.custom_detectors.map((d) => ({ ...d, case_sensitive: d.case_sensitive === true })),
        allow: p.allow,
        min_confidence: p.min_confidence,
      })),
    };
    const policyVersion = configVersion(config);
    const iat = Math.floor(now.getTime() / 1000);
    const exp = Math.min(iat + TOKEN_TTL_S, Math.floor(license.expires_at.getTime() / 1000));
    const token = await this.signer.sign(
      { sub: license._id, org_id: orgId, license_type: license.license_type, policy_version: policyVersion },
      iat,
      exp,
    );
    return {
      valid: true,
      expires: license.expires_at.toISOString(),
      org_id: orgId,
      policy_version: policyVersion,
      policy_config: config,
      policy_groups: groups,
      default_policy_group: license.default_policy_group,
      jwt_token: token,
    };
  }
}
