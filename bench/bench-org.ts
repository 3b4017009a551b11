// An organization for a benchmark, made through the admin API: its default policy (with the API key)
// and an enterprise license, since a trial license allows 60 checks a minute.
export interface BenchOrg {
  orgId: string;
  apiKey: string;
  /** The default policy as the API lists it (rules, masking, custom_detectors, allow, min_confidence…). */
  policy: Record<string, unknown> & { api_key: string };
}

export async function benchOrg(base: string, adminToken: string): Promise<BenchOrg> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/organizations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', slug: `bench-${Date.now()}`, settings: { admin_email: 'bench@example.com' } }),
  });
  const { org_id: orgId } = (await created.json()) as { org_id: string };
  const unlimited = { license_type: 'enterprise', requests_per_minute: 1e9, requests_per_day: 1e9, max_checks_per_month: 1e9 };
  await fetch(`${base}/api/orgs/${orgId}/licenses`, { method: 'POST', headers, body: JSON.stringify(unlimited) });
  const policies = (await (await fetch(`${base}/api/orgs/${orgId}/policies`, { headers })).json()) as BenchOrg['policy'][];
  if (!policies[0]) throw new Error('bench organization has no policy');
  return { orgId, apiKey: policies[0].api_key, policy: policies[0] };
}
