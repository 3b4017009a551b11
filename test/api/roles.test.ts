// The roles matrix (docs/users-and-roles.md), table-driven over every API route: each dashboard role
// is admitted where its role may go and refused with 403 role_forbidden elsewhere; a user of one
// organization gets 403 organization_mismatch on another's; the admin token acts as owner. Requests
// that are admitted name things that do not exist or send bodies that fail validation, so the matrix
// changes nothing: an admitted request is anything but 401/403. Real Redis and FerretDB.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, createOrg, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { asUser, createUser, signInAs, type Signed } from '../helpers/users.js';

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;
appWithOrgForFile(
  (app, o) => {
    t = app;
    orgA = o;
  },
  // The matrix makes a few hundred dashboard requests a minute for one organization.
  testEnv({ DASHBOARD_RATE_PER_MINUTE: '100000' }),
);

type Role = 'owner' | 'admin' | 'analyst' | 'auditor';
const ROLES: Role[] = ['owner', 'admin', 'analyst', 'auditor'];
const signed = {} as Record<Role, Signed>;

beforeAll(async () => {
  orgB = await createOrg(t.app);
  for (const role of ROLES) {
    const user = await createUser(t.app, { role, ...(role === 'owner' ? {} : { org_id: orgA.orgId }) });
    signed[role] = await signInAs(t.app, user.email);
  }
});

const EVERYONE: Role[] = ['owner', 'admin', 'analyst', 'auditor'];
const MANAGE: Role[] = ['owner', 'admin'];
const ANALYSE: Role[] = ['owner', 'admin', 'analyst'];
const COMPLY: Role[] = ['owner', 'admin', 'auditor'];
const OWNER: Role[] = ['owner'];

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `{org}` is replaced by the organization the request names. */
  path: string;
  roles: Role[];
  body?: unknown;
}

const bogus = { bogus: true };
const o = '/api/orgs/{org}';
const ROUTES: Row[] = [
  { method: 'GET', path: '/api/organizations', roles: EVERYONE },
  { method: 'POST', path: '/api/organizations', roles: OWNER, body: bogus },
  { method: 'GET', path: '/api/organizations/{org}', roles: EVERYONE },
  { method: 'PATCH', path: '/api/organizations/{org}', roles: MANAGE, body: bogus },
  { method: 'DELETE', path: '/api/organizations/no-such-org', roles: OWNER },
  { method: 'GET', path: `${o}/policies`, roles: MANAGE },
  { method: 'POST', path: `${o}/policies`, roles: MANAGE, body: bogus },
  { method: 'GET', path: `${o}/policies/pol_none`, roles: MANAGE },
  { method: 'PATCH', path: `${o}/policies/pol_none`, roles: MANAGE, body: bogus },
  { method: 'DELETE', path: `${o}/policies/pol_none`, roles: MANAGE },
  { method: 'POST', path: `${o}/policies/pol_none/regenerate-key`, roles: MANAGE },
  { method: 'GET', path: `${o}/licenses`, roles: MANAGE },
  { method: 'POST', path: `${o}/licenses`, roles: MANAGE, body: bogus },
  { method: 'DELETE', path: `${o}/licenses/lic_none`, roles: MANAGE },
  { method: 'GET', path: `${o}/teams`, roles: MANAGE },
  { method: 'POST', path: `${o}/teams`, roles: MANAGE, body: bogus },
  { method: 'GET', path: `${o}/teams/team_none`, roles: MANAGE },
  { method: 'PATCH', path: `${o}/teams/team_none`, roles: MANAGE, body: bogus },
  { method: 'DELETE', path: `${o}/teams/team_none`, roles: MANAGE },
  { method: 'GET', path: `${o}/teams/team_none/tags`, roles: MANAGE },
  { method: 'POST', path: `${o}/teams/team_none/tags`, roles: MANAGE, body: bogus },
  { method: 'DELETE', path: `${o}/teams/team_none/tags/tag_none`, roles: MANAGE },
  { method: 'GET', path: `${o}/compliance/partner-keys`, roles: MANAGE },
  { method: 'POST', path: `${o}/compliance/partner-keys`, roles: MANAGE, body: bogus },
  { method: 'DELETE', path: `${o}/compliance/partner-keys/cpk_none`, roles: MANAGE },
  { method: 'GET', path: `${o}/webhooks`, roles: MANAGE },
  { method: 'POST', path: `${o}/webhooks`, roles: MANAGE, body: bogus },
  { method: 'GET', path: `${o}/webhooks/whk_none`, roles: MANAGE },
  { method: 'PATCH', path: `${o}/webhooks/whk_none`, roles: MANAGE, body: { enabled: true } },
  { method: 'DELETE', path: `${o}/webhooks/whk_none`, roles: MANAGE },
  { method: 'POST', path: `${o}/webhooks/whk_none/rotate-secret`, roles: MANAGE },
  { method: 'POST', path: `${o}/webhooks/whk_none/test`, roles: MANAGE },
  { method: 'GET', path: `${o}/webhooks/whk_none/deliveries`, roles: MANAGE },
  { method: 'PUT', path: `${o}/compliance/frameworks/SOC2`, roles: MANAGE, body: bogus },
  { method: 'PUT', path: `${o}/compliance/schedule`, roles: MANAGE, body: bogus },
  { method: 'DELETE', path: `${o}/compliance/schedule`, roles: MANAGE },
  { method: 'GET', path: `${o}/compliance/frameworks`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/evidence?framework=SOC2`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/export?framework=SOC2&format=csv`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/export/all?days=0`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/bundles`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/bundles/bnd_none`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/bundles/bnd_none/verify`, roles: COMPLY },
  { method: 'GET', path: `${o}/compliance/schedule`, roles: COMPLY },
  { method: 'GET', path: `${o}/changes`, roles: COMPLY },
  { method: 'GET', path: `${o}/analytics`, roles: ANALYSE },
  { method: 'GET', path: `${o}/analytics/timeseries`, roles: ANALYSE },
  { method: 'GET', path: `${o}/analytics/detections`, roles: ANALYSE },
  { method: 'GET', path: `${o}/playground/policies`, roles: ANALYSE },
  { method: 'POST', path: `${o}/playground/text`, roles: ANALYSE, body: bogus },
  { method: 'POST', path: `${o}/playground/file`, roles: ANALYSE, body: bogus },
  { method: 'POST', path: `${o}/custom-detectors/test`, roles: MANAGE, body: bogus },
  { method: 'GET', path: '/api/audit?org_id={org}', roles: ANALYSE },
  { method: 'GET', path: '/api/audit', roles: ANALYSE },
  { method: 'GET', path: '/api/audit/export?org_id={org}&from=2026-01-01&to=2026-01-01', roles: ANALYSE },
  { method: 'GET', path: '/api/preflight/pf_none', roles: ANALYSE },
  { method: 'GET', path: '/api/preflight/pf_none/masked-file', roles: ANALYSE },
  { method: 'GET', path: '/api/users', roles: MANAGE },
  { method: 'POST', path: '/api/users', roles: MANAGE, body: bogus },
  { method: 'GET', path: '/api/users/usr_none', roles: MANAGE },
  { method: 'PATCH', path: '/api/users/usr_none', roles: MANAGE, body: bogus },
  { method: 'DELETE', path: '/api/users/usr_none', roles: MANAGE },
  { method: 'GET', path: '/api/changes', roles: OWNER },
  { method: 'GET', path: '/api/session', roles: EVERYONE },
  { method: 'PUT', path: '/api/session/password', roles: EVERYONE, body: bogus },
  { method: 'GET', path: '/admin/queues', roles: OWNER },
  { method: 'GET', path: '/admin/queues/api/queues', roles: OWNER },
  { method: 'GET', path: '/metrics', roles: OWNER },
];

describe('the matrix covers the API', () => {
  it('every operation the admin token or a session may call is a row (a new route must say who may call it)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>>; description?: string }>>;
    };
    const rows = ROUTES.map((r) => `${r.method} ${r.path.replace('{org}', 'x').split('?')[0]}`);
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Public operations (signing in and out) have an empty requirement: nothing to refuse.
        if (!op.security?.some((s) => 'adminToken' in s || 'session' in s) || op.security.some((s) => Object.keys(s).length === 0)) continue;
        const pattern = new RegExp(`^${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        if (!rows.some((row) => pattern.test(row))) missing.push(`${method.toUpperCase()} ${path}`);
        // And its description names the roles that may call it.
        expect(op.description, `${method} ${path}`).toMatch(/Dashboard roles: [a-z, ]+/);
      }
    }
    expect(missing).toEqual([]);
  });
});

const cases = ROUTES.flatMap((row) => ROLES.map((role) => ({ ...row, role, name: `${row.method} ${row.path} as ${role}` })));

describe('each role on each route (its own organization)', () => {
  it.each(cases)('$name', async ({ method, path, roles, body, role }) => {
    const res = await asUser(t.app, signed[role], method, path.replace('{org}', orgA.orgId), body);
    if (roles.includes(role)) {
      expect([401, 403], `${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'role_forbidden', detail: expect.stringContaining(role) });
    }
  });
});

const orgScoped = cases.filter((c) => c.path.includes('{org}') && c.roles.includes(c.role));

describe('another organization’s resources', () => {
  it.each(orgScoped)('$name on another organization: 403 organization_mismatch unless owner', async ({ method, path, body, role }) => {
    for (const ref of [orgB.orgId, orgB.slug]) {
      const res = await asUser(t.app, signed[role], method, path.replace('{org}', ref), body);
      if (role === 'owner') {
        expect([401, 403]).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe('organization_mismatch');
      }
    }
  });

  it('an organization that does not exist is the same 403 to a user of another (nothing is revealed)', async () => {
    const res = await asUser(t.app, signed.admin, 'GET', '/api/orgs/no-such-org/policies');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('organization_mismatch');
  });

  it('listings are confined to the user’s organization: organizations, audit', async () => {
    const orgs = (await asUser(t.app, signed.analyst, 'GET', '/api/organizations')).json() as Array<{ org_id: string }>;
    expect(orgs.map((x) => x.org_id)).toEqual([orgA.orgId]);
    const everyOrg = (await asUser(t.app, signed.owner, 'GET', '/api/organizations')).json() as Array<{ org_id: string }>;
    expect(everyOrg.map((x) => x.org_id)).toEqual(expect.arrayContaining([orgA.orgId, orgB.orgId]));
    expect((await asUser(t.app, signed.analyst, 'GET', `/api/audit?org_id=${orgB.orgId}`)).json().code).toBe('organization_mismatch');
  });
});

describe('the same rules through the API and the screens', () => {
  it('the admin token acts as owner everywhere', async () => {
    for (const path of ['/api/changes', '/api/users', `/api/orgs/${orgB.orgId}/policies`, '/metrics']) {
      expect((await t.app.inject({ method: 'GET', url: path, headers: admin })).statusCode, path).toBe(200);
    }
  });

  it('a real write by each role: an admin renames a team, an analyst and an auditor may not', async () => {
    const team = (await asUser(t.app, signed.admin, 'POST', `/api/orgs/${orgA.orgId}/teams`, { name: 'Matrix team' })).json();
    expect(team.team_id).toMatch(/^team_/);
    for (const role of ['analyst', 'auditor'] as const) {
      const res = await asUser(t.app, signed[role], 'PATCH', `/api/orgs/${orgA.orgId}/teams/${team.team_id}`, { name: `Renamed by ${role}` });
      expect(res.statusCode).toBe(403);
    }
    const teams = (await asUser(t.app, signed.admin, 'GET', `/api/orgs/${orgA.orgId}/teams`)).json() as Array<{ name: string }>;
    expect(teams.map((x) => x.name)).toEqual(['Matrix team']);
  });
});
