// After `npm start` brings the API up: make sure there is an organization to try it with, then print
// the base URL, the admin token and curls for a text and a file check that can be pasted as they are.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the API did not become ready at ${baseUrl} within ${timeoutMs} ms`);
}

export async function api<T>(baseUrl: string, token: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface Org { org_id: string; slug: string }
interface Policy { policy_id: string; name: string; api_key: string }

/** On a first start there is no organization yet: create a "demo" one so the printed curl works. */
async function demoPolicyKey(baseUrl: string, token: string): Promise<{ org: Org; policy: Policy }> {
  const orgs = await api<Org[]>(baseUrl, token, '/api/organizations');
  const org =
    orgs[0] ??
    (await api<Org>(baseUrl, token, '/api/organizations', {
      method: 'POST',
      body: JSON.stringify({ name: 'Demo', slug: 'demo', settings: { admin_email: 'admin@example.com', primary_color: '#2563eb' } }),
    }));
  const policies = await api<Policy[]>(baseUrl, token, `/api/orgs/${org.org_id}/policies`);
  const policy = policies[0];
  if (!policy) throw new Error(`organization ${org.slug} has no policy to show a check with`);
  return { org, policy };
}

export async function printBanner(env: NodeJS.ProcessEnv): Promise<void> {
  const host = env.HOST ?? '127.0.0.1';
  const baseUrl = env.BASE_URL ?? `http://${host}:${env.PORT ?? '8080'}`;
  const token = env.SERVICE_ADMIN_TOKEN ?? '';
  await waitForHealth(baseUrl);
  const { org, policy } = await demoPolicyKey(baseUrl, token);
  const body = JSON.stringify({ text: 'Email jane.doe@example.com, SSN 123-45-6789', destination: 'AI_TOOL' });
  console.log(`
Preflight is running at ${baseUrl}
  API docs:     ${baseUrl}/docs
  Admin token:  ${token}
  Organization: ${org.slug} (${org.org_id}), policy "${policy.name}"

Try a text check:
  curl -s ${baseUrl}/api/preflight/text -H 'X-Service-API-Key: ${policy.api_key}' -H 'Content-Type: application/json' -d '${body}'

Or a file (text, PDF, DOCX, PNG/JPEG/WebP/TIFF); the answer's masked_file_url serves the masked copy:
  curl -s ${baseUrl}/api/preflight -H 'X-Service-API-Key: ${policy.api_key}' -F file=@notes.pdf -F destination=AI_TOOL

From Python (README, "From npm start to a masked check from Python"; docs/sdk.md):
  pip install ./clients/python
  export PREFLIGHT_URL=${baseUrl} PREFLIGHT_API_KEY=${policy.api_key}
  python -c 'from preflight_sdk import Client; print(Client().check_text("Email jane.doe@example.com, SSN 123-45-6789", "AI_TOOL")["masked_content"])'

Compliance evidence: every framework in one ZIP (CSV, JSON and PDF per framework, manifest, summary):
  curl -s -OJ '${baseUrl}/api/orgs/${org.slug}/compliance/export/all?days=30' -H 'X-Service-API-Key: ${policy.api_key}'

Queues: ${baseUrl}/admin/queues   Metrics: ${baseUrl}/metrics   (admin token as Authorization: Bearer, or a browser
session: POST ${baseUrl}/api/session with {"admin_token": "…"} sets its cookie)
`);
}
