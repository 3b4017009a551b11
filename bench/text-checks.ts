// Sync text checks under load, side by side with the HTTP ceiling on this machine (issue 2 §11):
// autocannon with 32 connections and ~1 KiB texts with some PII; first saturated, then at half the
// saturated rate for latency. The API runs as its own process, built as in production.
import autocannon from 'autocannon';
import type { Redis } from 'ioredis';
import { createRedis } from '../src/store/redis-client.js';
import { MongoClient } from 'mongodb';
import { journalKey } from '../src/store/audit-journal.js';
import { auditKeys } from '../src/store/redis-keys.js';
import { freePort } from '../scripts/local-services.js';
import { textCheckBodies } from './corpus.js';
import { journalBacklog } from './journal-backlog.js';
import { memoryOf, startProcess, stopProcess, waitUntilAnswering } from './processes.js';
import { machineLine, writeSection } from './results-file.js';
import { benchOrg } from './bench-org.js';
import { BENCH_ADMIN_TOKEN, benchStack } from './bench-stack.js';
import { cpuPer, sampleCpu, stackProcesses } from './stack-cpu.js';
import { profileTables, readProfile, summarize } from './cpu-profile.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CONNECTIONS = 32;
/** Targets (issue 40): the whole stack's CPU per 1 KiB check, p99 at half the saturated rate, the ratio to bare Fastify. */
const CPU_TARGET_US = 250;
const HALF_P99_TARGET_MS = 10;
const RATIO_TARGET = 0.33;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARMUP_S = 3;

interface Run {
  reqPerSec: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, bodies: string[], duration: number, overallRate?: number): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Until no counter waits to be copied to the store (the drainers' dirty set is empty). */
async function countersCopied(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl, { connectionName: 'bench-text-counters' });
  try {
    const dirty = `${auditKeys(redis, prefix)}analytics:dirty`;
    for (const deadline = Date.now() + 30_000; (await redis.scard(dirty)) > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  } finally {
    redis.disconnect();
  }
}

const apiKeyFor = async (base: string) => (await benchOrg(base, BENCH_ADMIN_TOKEN)).apiKey;

export async function benchTextChecks(): Promise<void> {
  const { redisUrl, mongoUrl, redisPrefix, env: apiEnv } = benchStack('pf_bench', 'npm run bench');
  const bodies = textCheckBodies(64);

  const startApi = async (extra: Record<string, string> = {}, nodeArgs: string[] = []) => {
    const port = await freePort();
    const child = startProcess([...nodeArgs, 'dist/api/server.js'], { ...apiEnv, ...extra, PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${base}/ready`, child);
    return { child, base, url: `${base}/api/preflight/text` };
  };

  const ceilingPort = await freePort();
  const ceiling = startProcess(['--import', 'tsx', 'bench/ceiling-server.ts', String(ceilingPort)], {});
  const mongo = new MongoClient(mongoUrl);
  let pooledOk = 0;
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  // The worker drains and rolls up alongside the API's drain thread, as in production.
  const worker = startProcess(['dist/workers/main.js'], apiEnv);
  const profileDir = mkdtempSync(join(tmpdir(), 'pf-bench-prof-'));
  try {
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}/check`;
    await waitUntilAnswering(ceilingUrl, ceiling);

    // The same checks with every text sent to the worker-thread pool, to show what the hop costs.
    const pooledApi = await startApi({ DETECT_INLINE_MAX_CHARS: '0' });
    const pooledKey = { 'x-service-api-key': await apiKeyFor(pooledApi.base) };
    console.log(`text checks: every text through the pool, ${DURATION_S} s`);
    const pooledWarm = await load(pooledApi.url, pooledKey, bodies, WARMUP_S);
    const pooled = await load(pooledApi.url, pooledKey, bodies, DURATION_S);
    pooledOk = pooledWarm.ok + pooled.ok;
    await stopProcess(pooledApi.child);

    api = await startApi();
    const apiUrl = api.url;
    const keyHeader = { 'x-service-api-key': await apiKeyFor(api.base) };

    console.log(`text checks: warming up (${WARMUP_S} s each)`);
    await load(ceilingUrl, {}, bodies, WARMUP_S);
    const warm = await load(apiUrl, keyHeader, bodies, WARMUP_S);
    console.log(`text checks: saturating for ${DURATION_S} s each`);
    const bare = await load(ceilingUrl, {}, bodies, DURATION_S);
    const stack = stackProcesses({ API: api.child.pid!, worker: worker.pid! }, { redis: redisUrl, mongodb: mongoUrl, postgres: process.env.LOCAL_POSTGRES_URL });
    const cpuBefore = sampleCpu(stack);
    const saturated = await load(apiUrl, keyHeader, bodies, DURATION_S);
    // Issue 14: the drain keeps up at saturation, the backlog gone within 1 s of the run's end.
    const backlog = await journalBacklog(redisUrl, redisPrefix);
    // The drain's copies of counters follow the journal by a copy interval or two: counted too.
    await countersCopied(redisUrl, redisPrefix);
    const cpu = cpuPer(cpuBefore, sampleCpu(stack), saturated.ok);
    const halfRate = Math.max(1, Math.floor(saturated.reqPerSec / 2));
    console.log(`text checks: ${halfRate} req/s (half the saturated rate) for ${DURATION_S} s`);
    const half = await load(apiUrl, keyHeader, bodies, DURATION_S, halfRate);
    const memory = memoryOf(api.child.pid ?? 0);

    // Where the API's time goes at saturation: a CPU profile of an API of its own, summarized.
    const profiled = await startApi({}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
    const profiledKey = { 'x-service-api-key': await apiKeyFor(profiled.base) };
    console.log(`text checks: saturated under the CPU profiler for ${DURATION_S} s`);
    const profiledWarm = await load(profiled.url, profiledKey, bodies, WARMUP_S);
    const underProfile = await load(profiled.url, profiledKey, bodies, DURATION_S);
    await stopProcess(profiled.child);
    const profile = summarize(readProfile(profileDir));

    // Everything answered must reach the store; autocannon also abandons up to one in-flight
    // request per connection at the end of each run, which the API answered and recorded anyway.
    const drainStart = performance.now();
    const redis = createRedis(redisUrl, { connectionName: 'bench-text-checks' });
    const journal = journalKey(redis, redisPrefix);
    while ((await redis.xlen(journal)) > 0) await new Promise((r) => setTimeout(r, 50));
    redis.disconnect();
    const drainLagS = ((performance.now() - drainStart) / 1000).toFixed(1);
    await mongo.connect();
    const answered = warm.ok + saturated.ok + half.ok + pooledOk;
    const recorded = await mongo.db().collection('audit').countDocuments({});

    const ratio = saturated.reqPerSec / bare.reqPerSec;
    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const row = (name: string, r: Run) =>
      `| ${name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.other} | ${r.errors} |`;
    const section = `
## Sync text checks (\`POST /api/preflight/text\`)

${machineLine()}
Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run after a ${WARMUP_S} s warm-up, 64 different ~1 KiB bodies with an email and a phone number each (default policy: masked). API from \`dist/\` with default settings (texts up to 4,096 characters scanned inline, longer ones in the piscina pool; audit records journaled in Redis and drained to the store in batches), local Redis + FerretDB (on PostgreSQL) on the same machine. The load generator shares the 2 cores with the server in every run alike.

| run | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors |
|---|---:|---:|---:|---:|---:|---:|
${row('bare Fastify ceiling, saturated', bare)}
${row('Preflight API, saturated', saturated)}
${row('Preflight API, saturated, every text via the pool', pooled)}
${row(`Preflight API at ${halfRate} req/s (half)`, half)}

- Stack CPU per check at saturation: **${cpu.total.toFixed(0)} µs** (target ≤ ${CPU_TARGET_US} µs: ${verdict(cpu.total <= CPU_TARGET_US)}); ${Object.entries(cpu.by).map(([name, us]) => `${name} ${us.toFixed(0)}`).join(', ')} µs. Counted from /proc over the saturated run and its drain, every PostgreSQL backend included; the load generator is not.
- Ratio to the ceiling: **${ratio.toFixed(2)}** (target ≥ ${RATIO_TARGET}: ${verdict(ratio >= RATIO_TARGET)}).
- p99 at half the saturated rate: **${half.p99} ms** (target ≤ ${HALF_P99_TARGET_MS} ms: ${verdict(half.p99 <= HALF_P99_TARGET_MS)}).
- Audit drain at saturation: ${backlog.atEnd} records in the journal when the saturated run ended, drained ${backlog.drainedS.toFixed(2)} s later (target ≤ 1 s: ${verdict(backlog.drainedS <= 1)}).
- API resident memory after the runs: ${memory.rssMiB} MiB (peak ${memory.peakMiB} MiB).
- Audit completeness: ${recorded} audit records in the store for ${answered} checks answered 200 (${recorded >= answered ? 'none missing' : '**records missing**'}; the excess are requests autocannon abandoned in flight at the end of a run). The journal was fully drained ${drainLagS} s after the last run.

Where the API's CPU goes at saturation (\`--cpu-prof\`, an API of its own: ${underProfile.reqPerSec} req/s under the profiler, ${profiledWarm.ok + underProfile.ok} checks with its warm-up; busy time ${(profile.totalMs / 1000).toFixed(1)} s, idle left out; µs per check over all of them):

${profileTables(profile, profiledWarm.ok + underProfile.ok)}
`;
    writeSection('text-checks', section);
    console.log(section);
  } finally {
    await mongo.db().dropDatabase().catch(() => undefined);
    await mongo.close();
    await Promise.all([api ? stopProcess(api.child) : undefined, stopProcess(ceiling), stopProcess(worker)]);
    rmSync(profileDir, { recursive: true, force: true });
  }
}
