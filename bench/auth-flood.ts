// Failed authentication is cheap (issue 20): the first check with a new, never-used policy key,
// measured quiet and then while 64 connections send random well-formed unknown keys. The flood comes
// from 127.0.0.1 and the measured client from 127.0.0.2 (another client address on loopback), so the
// per-address throttle of failed authentications shows as it would between two clients.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { freePort } from '../scripts/local-services.js';
import { benchOrg } from './bench-org.js';
import { BENCH_ADMIN_TOKEN, benchStack } from './bench-stack.js';
import { startProcess, stopProcess, waitUntilAnswering } from './processes.js';
import { machineLine, writeSection } from './results-file.js';

const POLICIES = Number(process.env.BENCH_AUTH_POLICIES ?? 500);
const FRESH_KEYS = Number(process.env.BENCH_AUTH_KEYS ?? 20);
const FLOOD_CONNECTIONS = 64;
/** Flood time before the first measured check, so the flood is at full strength. */
const FLOOD_LEAD_MS = 3_000;
const TARGET_RATIO = 2;
const CHECK_BODY = JSON.stringify({ text: 'hello', destination: 'AI_TOOL' });
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A key of the right shape that no policy has. */
const randomKey = () => `svc_sk_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** One POST from the given client address; answers the status and the time to the full answer. */
function timedCheck(base: URL, agent: Agent, apiKey: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: base.hostname, port: base.port, path: '/api/preflight/text', method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-service-api-key': apiKey } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      },
    );
    req.on('error', reject);
    req.end(CHECK_BODY);
  });
}

async function seedPolicies(base: string, orgId: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const keys: string[] = [];
  const createOne = async (i: number) => {
    const res = await fetch(`${base}/api/orgs/${orgId}/policies`, { method: 'POST', headers, body: JSON.stringify({ name: `bench policy ${i}` }) });
    if (res.status !== 201) throw new Error(`create policy answered ${res.status}: ${await res.text()}`);
    keys.push(((await res.json()) as { api_key: string }).api_key);
  };
  for (let i = 0; i < POLICIES; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < POLICIES).map(createOne));
  return keys;
}

/** The first check of each key, one after another; every key must be admitted. */
async function firstChecks(base: URL, agent: Agent, keys: string[]): Promise<{ p50: number; p95: number; statuses: number[] }> {
  const times: number[] = [];
  const statuses: number[] = [];
  for (const key of keys) {
    const { status, ms } = await timedCheck(base, agent, key);
    statuses.push(status);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), statuses };
}

/** autocannon until stopped (its duration is only an upper bound). */
function startFlood(url: string): { stop: () => Promise<autocannon.Result> } {
  let settle: (err: Error | null, result: autocannon.Result) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => (settle = (err, result) => (err ? reject(err) : resolve(result))));
  const instance = autocannon(
    {
      url,
      connections: FLOOD_CONNECTIONS,
      duration: 3_600,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: CHECK_BODY,
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-service-api-key': randomKey() } }),
        },
      ],
    },
    (err, result) => settle(err, result),
  );
  return {
    stop: () => {
      instance.stop();
      return finished;
    },
  };
}

export async function benchAuthFlood(): Promise<void> {
  const { mongoUrl, env } = benchStack('pf_bench_auth', 'npm run bench');
  const port = await freePort();
  const api = startProcess(['dist/api/server.js'], { ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  const client = new Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.2' } as ConstructorParameters<typeof Agent>[0]);
  const mongo = new MongoClient(mongoUrl);
  try {
    await waitUntilAnswering(`${base}/ready`, api);
    const org = await benchOrg(base, BENCH_ADMIN_TOKEN);
    console.log(`auth-flood: seeding ${POLICIES} policies`);
    const keys = await seedPolicies(base, org.orgId);
    if (keys.length < 2 * FRESH_KEYS + 1) throw new Error(`BENCH_AUTH_POLICIES must be at least ${2 * FRESH_KEYS + 1}`);
    const url = new URL(base);
    // The connection is opened once, so neither run pays for TCP set-up.
    await timedCheck(url, client, org.apiKey);

    console.log(`auth-flood: first check of ${FRESH_KEYS} new keys, quiet`);
    const quiet = await firstChecks(url, client, keys.slice(0, FRESH_KEYS));

    console.log(`auth-flood: the same under a flood of unknown keys from ${FLOOD_CONNECTIONS} connections`);
    const flood = startFlood(`${base}/api/preflight/text`);
    await new Promise((r) => setTimeout(r, FLOOD_LEAD_MS));
    const flooded = await firstChecks(url, client, keys.slice(FRESH_KEYS, 2 * FRESH_KEYS));
    // A new key from the flooding address itself: it would need the store, so it waits like a guess.
    const sameAddress = await timedCheck(url, new Agent(), keys[2 * FRESH_KEYS] ?? '');
    const floodResult = await flood.stop();

    const admitted = (statuses: number[]) => statuses.filter((s) => s === 200).length;
    const mix = Object.entries(floodResult.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
    const ratioP50 = flooded.p50 / quiet.p50;
    const ratioP95 = flooded.p95 / quiet.p95;
    const verdict = (ratio: number) => (ratio <= TARGET_RATIO ? 'met' : '**not met**');
    const ms = (n: number) => n.toFixed(1);
    const section = `
## Failed authentication under a flood (\`auth-flood\`)

${machineLine()}
API from \`dist/\` with default settings (\`AUTH_FAILURES_PER_MINUTE\` 30, \`AUTH_THROTTLE_DELAY_MS\` 1000), local Redis + FerretDB (SQLite backend, which scans a collection for any filter but \`_id\`) on the same machine, ${POLICIES} policies seeded in one organization. Each measured check is the first use of a never-used policy key, sent one at a time from 127.0.0.2 over one kept-alive connection; the flood is autocannon from 127.0.0.1, ${FLOOD_CONNECTIONS} connections, each request a random well-formed \`svc_sk_\` key, started ${FLOOD_LEAD_MS / 1000} s before the measured checks and stopped after them. The load generator shares the cores with the server.

| first check with a new key | p50 ms | p95 ms | admitted |
|---|---:|---:|---:|
| quiet | ${ms(quiet.p50)} | ${ms(quiet.p95)} | ${admitted(quiet.statuses)}/${FRESH_KEYS} |
| during the flood | ${ms(flooded.p50)} | ${ms(flooded.p95)} | ${admitted(flooded.statuses)}/${FRESH_KEYS} |

- Ratio flood / quiet: p50 **${ratioP50.toFixed(2)}×** (target ≤ ${TARGET_RATIO}×: ${verdict(ratioP50)}), p95 ${ratioP95.toFixed(2)}× (target ≤ ${TARGET_RATIO}×: ${verdict(ratioP95)}).
- The flood: ${Math.round(floodResult.requests.average)} req/s, status mix ${mix || 'none'}, ${floodResult.errors + floodResult.timeouts} errors/timeouts. Each 401 is an unknown key that reached the store; each 429 (\`auth_throttled\`) was refused without a lookup (held back by \`AUTH_THROTTLE_DELAY_MS\`).
- A new key from the flooding address itself: ${sameAddress.status} (${sameAddress.status === 429 ? 'expected: an address past its failures cannot have uncached keys looked up until its window ends' : 'unexpected'}).
`;
    writeSection('auth-flood', section);
    console.log(section);
  } finally {
    client.destroy();
    await mongo.db().dropDatabase().catch(() => undefined);
    await mongo.close();
    await stopProcess(api);
  }
}
