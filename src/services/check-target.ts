// Which policy a check runs under: the key's own, or another active one of the same organization
// named by `policy_id`; `org_id`, when given, must be the key's organization.
import { Errors } from '../errors.js';
import type { KeyResolver, PolicyPrincipal } from './key-resolver.js';
import { assertLicenseActive } from './licenses.js';

export async function checkTarget(
  keys: KeyResolver,
  principal: PolicyPrincipal,
  ids: { org_id?: string | undefined; policy_id?: string | undefined },
): Promise<PolicyPrincipal> {
  const { org, policy } = principal;
  if (ids.org_id !== undefined && ids.org_id !== org._id && ids.org_id !== org.slug) {
    throw Errors.otherOrganization('org_id is not the organization of this API key.');
  }
  if (ids.policy_id === undefined || ids.policy_id === policy._id) return principal;
  const chosen = await keys.byPolicyId(org._id, ids.policy_id);
  if (!chosen) throw Errors.otherOrganization('policy_id is not a policy of this API key’s organization.');
  if (!chosen.policy.is_active) throw Errors.policyInactive();
  assertLicenseActive(chosen.license);
  return chosen;
}
