// `npm run fuzz`: schemathesis against a running API and worker (docs/api-conformance.md). Runs on
// the services scripts/stack.ts provisions, in a database and Redis prefix of its own, with an
// organization of its own made through the API: it can delete nothing another test uses.
// Two runs: with a policy key (checks, compliance reads, audit), then with the admin token
// (management). Each is bounded (max examples per operation) and fails on any 5xx or any answer the
// document does not describe. SCHEMATHESIS_BIN is the pinned CLI that scripts/run.sh installed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './local-services.js';
import { api, waitForHealth } from './start-banner.js';

/**
 * Failures accepted for now, each with its reason (docs/api-conformance.md): a run fails on any other.
 * FUZZ_BASELINE=update adds this run's failures to it, FUZZ_BASELINE=prune drops those it no longer sees.
 */
const BASELINE = 'scripts/fuzz-baseline.json';
const baselineFlags = { update: ['--baseline-update'], prune: ['--baseline-prune'] }[process.env.FUZZ_BASELINE ?? ''] ?? [];

/** Examples per operation and phase: enough to reach every documented status, a few minutes in all on 2 cores. */
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 100);

/**
 * The checks: no 5xx, and every status, content type, header and body as documented; schema-valid
 * requests accepted and schema-invalid ones refused. Not `unsupported_method`/`allow_header_conformance`:
 * an undeclared method is a 404 `route_not_found` here, not a 405 (docs/api-conformance.md).
 */
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'missing_required_header',
  'ignored_auth',
];

/** Accepted answers to schema-valid requests: schemathesis's defaults. */
const ACCEPTED = ['2xx', 401, 403, 404, 409, 429];
/** Accepted refusals of schema-invalid requests: the defaults, and 413/414 for a body or path parameter past its limit. */
const REFUSED = [400, 401, 403, 404, 405, 406, 409, 413, 414, 415, 422, 428, 429];
/** Operations whose server applies rules JSON Schema cannot state (each says so in its description): 422 is an answer to valid data too. */
const SEMANTIC_RULES: Array<{ operation: string; also?: number[] }> = [
  // expires_at must be in the future
  { operation: 'POST /api/orgs/{org_id}/licenses' },
  // cron must parse, fire, and not fire twice within the export throttle window
  { operation: 'PUT /api/orgs/{org_id}/compliance/schedule' },
  // custom detectors (RE2 patterns that compile and match no empty string, unique names) and allow
  // patterns are compiled; a rule may name only this policy's custom detectors besides built-in types
  { operation: 'POST /api/orgs/{org_id}/policies' },
  { operation: 'PATCH /api/orgs/{org_id}/policies/{policy_id}' },
  // control_id must be a control of the framework; rule_id a rule of the organization
  { operation: 'POST /api/orgs/{org_id}/teams/{team_id}/tags' },
  // cursor must be a next_cursor this API gave for the same query
  { operation: 'GET /api/audit' },
  // cursor must be a next_cursor of a change listing; from must not be after to
  { operation: 'GET /api/orgs/{org_id}/changes' },
  { operation: 'GET /api/changes' },
  // a password must not contain the email's name and must use 5 different characters; an owner names
  // no organization and every other role one; a role does not move between owner and the others
  { operation: 'POST /api/users' },
  { operation: 'PATCH /api/users/{user_id}' },
  // admin_token, or email and password together: never both, never one of the pair alone
  { operation: 'POST /api/session' },
  // a webhook URL must resolve to public addresses only (server-side request forgery guard): a
  // schema-valid URL can be refused with 422 webhook_url_refused; from must not be after to (export)
  { operation: 'POST /api/orgs/{org_id}/webhooks' },
  { operation: 'PATCH /api/orgs/{org_id}/webhooks/{webhook_id}' },
  { operation: 'GET /api/audit/export' },
  // the file's type is read from its bytes: any bytes fit the schema, unsupported types are 415
  { operation: 'POST /api/preflight', also: [415] },
  { operation: 'POST /api/orgs/{org_id}/playground/file', also: [415] },
];

const toml = (value: unknown) => JSON.stringify(value);

function config(auth: string, parameters: Record<string, string>): string {
  const lines = [
    `request-timeout = 30`,
    `[generation]`,
    `max-examples = ${MAX_EXAMPLES}`,
    `[parameters]`,
    ...Object.entries(parameters).map(([name, value]) => `${name} = ${toml(value)}`),
    `[checks.positive_data_acceptance]`,
    `expected-statuses = ${toml(ACCEPTED)}`,
    `[checks.negative_data_rejection]`,
    `expected-statuses = ${toml(REFUSED)}`,
    auth,
  ];
  for (const op of SEMANTIC_RULES) {
    lines.push(`[[operations]]`, `include-name = ${toml(op.operation)}`);
    lines.push(`checks.positive_data_acceptance.expected-statuses = ${toml([...ACCEPTED, 422, ...(op.also ?? [])])}`);
  }
  return lines.join('\n') + '\n';
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const bin = process.env.SCHEMATHESIS_BIN;
  const dataDir = process.env.DATA_DIR;
  const mongodbUrl = process.env.MONGODB_URL;
  if (!bin || !dataDir || !mongodbUrl || !process.env.REDIS_URL) throw new Error('run through scripts/run.sh fuzz (npm run fuzz)');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminToken = randomBytes(24).toString('base64url');
  const database = new URL(mongodbUrl);
  database.pathname = '/preflight_fuzz';
  // A BASE_URL in the caller's environment names some other server, not this one.
  const { BASE_URL: _inherited, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URL: database.toString(),
    REDIS_PREFIX: 'pf:fuzz:',
    SERVICE_ADMIN_TOKEN: adminToken,
    SERVICE_MASTER_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'error',
    DETECT_THREADS: '1',
    OCR_WORKERS: '1',
    // Answer 202 soon rather than hold a fuzzer's request open while a file or bundle is made.
    FILE_WAIT_MS: '2000',
    EXPORT_WAIT_MS: '2000',
    // The fuzzer is one client sending thousands of requests: the dashboard ceiling would answer most
    // of them 429, and so would the failed-authentication throttle once its invalid credentials add up
    // (both are vitest's to test: test/api/rate-limits.test.ts, test/api/auth-throttle.test.ts).
    DASHBOARD_RATE_PER_MINUTE: '1000000',
    AUTH_FAILURES_PER_MINUTE: '1000000',
    AUTH_THROTTLE_DELAY_MS: '0',
  };
  const processes = ['src/api/server.ts', 'src/workers/main.ts'].map((entry) =>
    spawn(process.execPath, ['--import', 'tsx', entry], { stdio: ['ignore', 'inherit', 'inherit'], env }),
  );
  try {
    await waitForHealth(baseUrl);
    const org = await api<{ org_id: string }>(baseUrl, adminToken, '/api/organizations', {
      method: 'POST',
      body: JSON.stringify({ name: 'Schemathesis', slug: `fuzz-${randomBytes(4).toString('hex')}`, settings: { admin_email: 'fuzz@example.com' } }),
    });
    // An enterprise license with room for every request the runs send.
    const license = await api<{ license_key: string }>(baseUrl, adminToken, `/api/orgs/${org.org_id}/licenses`, {
      method: 'POST',
      body: JSON.stringify({ license_type: 'enterprise', max_checks_per_month: 1_000_000_000, requests_per_minute: 1_000_000, requests_per_day: 1_000_000_000 }),
    });
    const [policy] = await api<Array<{ policy_id: string; api_key: string }>>(baseUrl, adminToken, `/api/orgs/${org.org_id}/policies`);
    if (!policy) throw new Error('the fuzz organization has no policy');

    const runs: Array<{ name: string; auth: string; parameters: Record<string, string>; filter: string[] }> = [
      {
        name: 'policy-key',
        auth: `[auth.openapi.apiKey]\napi_key = ${toml(policy.api_key)}`,
        parameters: { org_id: org.org_id },
        // The operations a policy key may call list it first.
        filter: ['--include-by', '/security/0/apiKey == []'],
      },
      {
        name: 'admin',
        auth: `[auth.openapi.adminToken]\nbearer = ${toml(adminToken)}\n[auth.openapi.licenseKey]\nbearer = ${toml(license.license_key)}`,
        parameters: { org_id: org.org_id, policy_id: policy.policy_id },
        // Deleting the organization would leave the rest of the run nothing but 404s (vitest covers it).
        // Operations only a policy key may call are the other run's.
        filter: ['--exclude-by', '/security == [{"apiKey": []}]', '--exclude-name', 'DELETE /api/organizations/{org_id}'],
      },
    ];
    let failed = 0;
    for (const r of runs) {
      const file = join(dataDir, `schemathesis-${r.name}.toml`);
      writeFileSync(file, config(r.auth, r.parameters), { mode: 0o600 });
      console.log(`\nschemathesis (${r.name}): ${baseUrl}/openapi.json, ${MAX_EXAMPLES} examples per operation`);
      const code = await run(bin, [
        '--config-file', file, 'run', `${baseUrl}/openapi.json`,
        '--checks', CHECKS.join(','), '--phases', 'examples,coverage,fuzzing', '--workers', '1', '--seed', '20',
        '--report', 'ndjson', '--report-dir', join(dataDir, `schemathesis-${r.name}`),
        '--baseline', BASELINE, ...baselineFlags,
        ...r.filter,
      ], process.env);
      if (code !== 0) failed++;
    }
    return failed === 0 ? 0 : 1;
  } finally {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(processes.map((child) => (child.exitCode !== null ? undefined : new Promise((r) => child.once('exit', r)))));
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`fuzz: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
