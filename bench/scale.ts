// The audit store at volume (issue 14, "How it is judged"): `npm run bench scale`.
//
// Seeds, through the product's own code, audit records over the last 90 days for 200 organizations
// (one holds half of them) among 5,000 organizations × 4 policies, first to 100,000 records and then,
// growing the same data set, to 2,000,000 (SCALE_SIZES=a,b,... overrides). The organizations,
// licenses, policies, framework opt-in and control tags are made by the product's services over its
// repositories; each record is `checkRecord` of a real engine outcome, appended to the Redis audit
// journal with `AuditJournal.append` (concurrent appends auto-pipelined, as checks append), and moved
// into the store by the drainer of the compiled worker process (SCALE_DRAINERS=both: the API's too),
// which writes the audit collection and the daily analytics and evidence rollups. The appender keeps
// the journal's backlog bounded. While seeding, the RSS of both processes is sampled every second.
//
// After each size, through HTTP against the compiled API: p50/p95 over SCALE_REQUESTS (20) requests
// each, after one unmeasured warm-up request, of the audit reads, a check by id, cold policy-key
// resolution, analytics and compliance evidence; each answer is also checked for what it should hold.
// Then a burst: SCALE_BURST (300,000) more records within one 10-minute slot, as heavy traffic
// leaves them (500 checks/s for ten minutes), and the audit reads that land in it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import { createRedis } from '../src/store/redis-client.js';
import { freePort } from '../scripts/local-services.js';
import { AuditJournal } from '../src/store/audit-journal.js';
import { KeyVault } from '../src/store/api-keys.js';
import { connectMongo, type MongoHandle } from '../src/store/mongo.js';
import { createRepositories, type Repositories } from '../src/store/repositories.js';
import type { PolicyDoc } from '../src/store/policy-repository.js';
import { ChangeLog, type Actor } from '../src/services/change-log.js';
import { ComplianceService } from '../src/services/compliance.js';
import { KeyResolver } from '../src/services/key-resolver.js';
import { LicenseService } from '../src/services/licenses.js';
import { OrganizationService } from '../src/services/organizations.js';
import { DEFAULT_POLICY_FIELDS, PolicyService } from '../src/services/policies.js';
import { TeamService } from '../src/services/teams.js';
import { BENCH_ADMIN_TOKEN, BENCH_MASTER_KEY, benchStack } from './bench-stack.js';
import { memoryOf, startProcess, stopProcess, waitUntilAnswering } from './processes.js';
import { machineLine, writeSection } from './results-file.js';
import { BROAD_SEARCH_TERM, DAY_MS, EXTRA_POLICIES, MIX, organizationName, random, RecordMaker, SEARCH_TERM, WINDOW_DAYS, type SeedOrg } from './scale-data.js';
import { deleteKeysUnder } from './redis-keys.js';

const SIZES = (process.env.SCALE_SIZES ?? '100000,2000000').split(',').map((s) => Number(s.trim()));
/** Organizations in all (policy keys to resolve); the first AUDIT_ORGS hold the audit records. */
const ORGS = Number(process.env.SCALE_ORGS ?? 5_000);
const AUDIT_ORGS = Math.min(200, ORGS);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 20);
/**
 * Who drains while seeding: the worker process alone (AUDIT_DRAIN_IN_API=false), or the API and the
 * worker (the product's default). The worker alone by default: on FerretDB + SQLite the rollup copies
 * of two processes at once, each over hundreds of org-days, left both drainers waiting on the store
 * for good (2026-11-25).
 */
const DRAINERS = process.env.SCALE_DRAINERS === 'both' ? 'both' : 'worker';
/** The appender waits while the journal holds more than this: seeding measures the drain, not Redis's memory. */
const BACKLOG_CAP = 20_000;
const APPEND_BATCH = 500;
const CREATE_CONCURRENCY = 8;
const PAGE = 50;
const DEEP_OFFSET = 10_000;
const P95_TARGET_MS = 250;
const WHOLE_WINDOW_TARGET_MS = 2_000;
const GROWTH_TARGET = 2;
/** Records seeded into one 10-minute slot after the sizes (0: none). */
const BURST = Number(process.env.SCALE_BURST ?? 300_000);
/**
 * RSS counts as flat when, once warm (at the end of the first size), it ends no more than this much
 * above that (the issue sets no number). The first size starts from an idle process, whose growth to
 * its working set (drain batches, connection pools, V8's heap) is warm-up, not growth with the data.
 */
const FLAT_TOLERANCE = 0.2;

const fmt = (n: number) => n.toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOfUtcDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}


// ---------------------------------------------------------------------------------------------
// Organizations and policies, through the product's services

interface Tenants {
  auditOrgs: SeedOrg[];
  /** Raw keys of policies never used yet, in random organizations among all ORGS. */
  freshKeys: Array<{ orgId: string; key: string }>;
  seconds: number;
}

/** Seeding does what the admin token would, and is logged as the admin's, as the API would. */
const SEEDER: Actor = { kind: 'admin', via: 'token', session_hash: null, key_id: null };

function servicesOver(repos: Repositories, redis: Redis, redisPrefix: string) {
  const vault = new KeyVault(BENCH_MASTER_KEY);
  const keys = new KeyResolver(redis, redisPrefix, repos);
  const changeLog = new ChangeLog(repos.changeLog);
  const policies = new PolicyService(repos, vault, keys, changeLog);
  // No webhook endpoints exist in the benchmark: a revocation has nobody to tell.
  const licenses = new LicenseService(repos, vault, keys, changeLog, { emit: async () => undefined });
  // Deleting organizations (the only use of bundles here) is not part of the benchmark.
  const organizations = new OrganizationService(repos, keys, policies, licenses, { removeByOrg: async () => undefined }, changeLog);
  return { policies, organizations, compliance: new ComplianceService(repos, changeLog), teams: new TeamService(repos, changeLog) };
}

async function createTenants(services: ReturnType<typeof servicesOver>, repos: Repositories, keysNeeded: number): Promise<Tenants> {
  const start = performance.now();
  const rnd = random(14);
  const keyOrgs = new Set<number>();
  while (keyOrgs.size < Math.min(keysNeeded, ORGS)) keyOrgs.add(Math.floor(rnd() * ORGS));
  const auditOrgs: SeedOrg[] = new Array(AUDIT_ORGS);
  const freshKeys: Tenants['freshKeys'] = [];
  const run = Date.now().toString(36);
  let next = 0;
  let lastReport = performance.now();
  const worker = async () => {
    for (let i = next++; i < ORGS; i = next++) {
      const { org } = await services.organizations.create(
        {
          name: organizationName(i),
          slug: `scale-${run}-${i}`,
          settings: { admin_email: `security@org${i}.example.com`, primary_color: '#1f6feb' },
        },
        SEEDER,
      );
      const policies: PolicyDoc[] = await repos.policies.listByOrg(org._id);
      for (const extra of EXTRA_POLICIES) policies.push(await services.policies.create(org, { ...DEFAULT_POLICY_FIELDS, ...extra }, SEEDER));
      if (i < AUDIT_ORGS) auditOrgs[i] = { org, policies };
      if (keyOrgs.has(i)) freshKeys.push({ orgId: org._id, key: services.policies.apiKeyOf(policies[Math.floor(rnd() * policies.length)]!) });
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        console.log(`scale: ${fmt(Math.min(next, ORGS))}/${fmt(ORGS)} organizations created`);
      }
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
  return { auditOrgs, freshKeys, seconds: (performance.now() - start) / 1000 };
}

/** The big organization reports SOC 2 evidence: opted in, and a team tagging its default policy's rules. */
async function complianceSetup(services: ReturnType<typeof servicesOver>, big: SeedOrg): Promise<void> {
  await services.compliance.setFramework(big.org, 'SOC2', true, SEEDER);
  const { team } = await services.teams.create(big.org, 'Security engineering', SEEDER);
  const controls = ['CC6.1', 'CC6.6', 'CC6.7', 'CC7.2', 'C1.1'];
  const rules = big.policies[0]!.rules.filter((r) => r.action !== 'ALLOW');
  for (const [i, rule] of rules.entries()) {
    await services.teams.addTag(big.org, team._id, { framework: 'SOC2', control_id: controls[i % controls.length]!, rule_id: rule.id }, SEEDER);
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding through the journal and the processes' drainers

interface Memory {
  start: number;
  end: number;
  peak: number;
}

class RssSampler {
  private readonly samples = new Map<string, number[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pids: Record<string, number>) {}

  sample(): Record<string, number> {
    const now: Record<string, number> = {};
    for (const [name, pid] of Object.entries(this.pids)) {
      const rss = memoryOf(pid).rssMiB;
      now[name] = rss;
      this.samples.set(name, [...(this.samples.get(name) ?? []), rss]);
    }
    return now;
  }

  start(): void {
    this.samples.clear();
    this.sample();
    this.timer = setInterval(() => {
      try {
        this.sample();
      } catch {
        // A process that died is reported by the seeding loop.
      }
    }, 1_000);
  }

  stop(): Record<string, Memory> {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return Object.fromEntries([...this.samples].map(([name, xs]) => [name, { start: xs[0]!, end: xs.at(-1)!, peak: Math.max(...xs) }]));
  }
}

interface SeedRun {
  size: number;
  added: number;
  seconds: number;
  appendSeconds: number;
  memory: Record<string, Memory>;
}

interface Seeder {
  maker: RecordMaker;
  journal: AuditJournal;
  redis: Redis;
  prefix: string;
  sampler: RssSampler;
  alive: () => void;
  /** Records seeded per organization id. */
  perOrg: Map<string, number>;
  /** A uniform sample of seeded record ids (reservoir). */
  ids: string[];
  seeded: number;
}

const ID_SAMPLE = 2_000;

/** Waits until the journal is empty and every counted org-day is copied; fails after `stallMs` without progress. */
async function drained(s: Seeder, stallMs = 180_000): Promise<void> {
  const dirty = `${s.prefix}analytics:dirty`;
  let last = '';
  let progressAt = Date.now();
  for (let lastReport = Date.now(); ; ) {
    const [length, uncopied] = await Promise.all([s.redis.xlen(s.journal.stream), s.redis.scard(dirty)]);
    if (length === 0 && uncopied === 0) return;
    if (`${length}:${uncopied}` !== last) [last, progressAt] = [`${length}:${uncopied}`, Date.now()];
    if (Date.now() - progressAt > stallMs) {
      throw new Error(`the drain made no progress for ${stallMs / 1000} s: ${length} records in the journal, ${uncopied} org-days not copied`);
    }
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      console.log(`scale: draining: ${fmt(length)} records in the journal, ${fmt(uncopied)} org-days of rollups not yet copied`);
    }
    s.alive();
    await sleep(100);
  }
}

async function growTo(s: Seeder, size: number): Promise<SeedRun> {
  const added = size - s.seeded;
  const rnd = random(size);
  console.log(`scale: seeding ${fmt(added)} records (${fmt(s.seeded)} → ${fmt(size)}) through the journal and the ${DRAINERS === 'both' ? "API's and worker's drainers" : "worker's drainer"}`);
  s.sampler.start();
  const start = performance.now();
  let lastReport = start;
  let appended = 0;
  // Records arrive in time order, as live traffic does: each growth sweeps the window from its oldest
  // minute to now (the second interleaves with the first).
  const until = Date.now() - 60_000;
  const from = until - WINDOW_DAYS * DAY_MS + 3_600_000;
  const step = (until - from) / added;
  while (appended < added) {
    while ((await s.journal.length()) > BACKLOG_CAP) {
      s.alive();
      await sleep(50);
    }
    const docs = Array.from({ length: Math.min(APPEND_BATCH, added - appended) }, (_, k) => s.maker.next(Math.floor(from + (appended + k) * step)));
    await Promise.all(docs.map((doc) => s.journal.append(doc)));
    for (const doc of docs) {
      s.perOrg.set(doc.org_id, (s.perOrg.get(doc.org_id) ?? 0) + 1);
      s.seeded += 1;
      if (s.ids.length < ID_SAMPLE) s.ids.push(doc._id);
      else if (rnd() < ID_SAMPLE / s.seeded) s.ids[Math.floor(rnd() * ID_SAMPLE)] = doc._id;
    }
    appended += docs.length;
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      const backlog = await s.journal.length();
      const rss = s.sampler.sample();
      const stored = appended - backlog;
      console.log(
        `scale: ${fmt(appended)}/${fmt(added)} appended, backlog ${fmt(backlog)}, ${fmt(Math.round(stored / ((lastReport - start) / 1000)))} records/s stored; RSS API ${rss.api} MiB, worker ${rss.worker} MiB`,
      );
    }
  }
  const appendSeconds = (performance.now() - start) / 1000;
  await drained(s);
  const seconds = (performance.now() - start) / 1000;
  const memory = s.sampler.stop();
  console.log(`scale: ${fmt(size)} records stored; ${fmt(Math.round(added / seconds))} records/s`);
  return { size, added, seconds, appendSeconds, memory };
}

/** Seeds `records` more records evenly over the last whole 10-minute slot; answers that slot's start. */
async function burstInto(s: Seeder, records: number, bigId: string): Promise<Burst> {
  const slot = Math.floor(Date.now() / 600_000) * 600_000 - 600_000;
  const bigBefore = s.perOrg.get(bigId) ?? 0;
  console.log(`scale: a burst of ${fmt(records)} records within the slot from ${new Date(slot).toISOString()}`);
  const start = performance.now();
  for (let appended = 0; appended < records; ) {
    while ((await s.journal.length()) > BACKLOG_CAP) {
      s.alive();
      await sleep(50);
    }
    const docs = Array.from({ length: Math.min(APPEND_BATCH, records - appended) }, (_, k) => s.maker.next(Math.floor(slot + ((appended + k) * 600_000) / records)));
    await Promise.all(docs.map((doc) => s.journal.append(doc)));
    for (const doc of docs) s.perOrg.set(doc.org_id, (s.perOrg.get(doc.org_id) ?? 0) + 1);
    s.seeded += docs.length;
    appended += docs.length;
  }
  await drained(s);
  return { records, slot, seconds: (performance.now() - start) / 1000, big: (s.perOrg.get(bigId) ?? 0) - bigBefore, figures: [] };
}

interface Burst {
  records: number;
  slot: number;
  seconds: number;
  /** Of them, the big organization's. */
  big: number;
  figures: Figure[];
}

/** Page 1, a deep offset and a search of the day, all landing in the burst's slot. */
async function measureBurst(base: string, s: Seeder, big: SeedOrg, burst: Burst): Promise<Figure[]> {
  const bigId = big.org._id;
  const bigCount = s.perOrg.get(bigId) ?? 0;
  const inSlot = (item: Record<string, unknown>) => time(item) >= burst.slot && time(item) < burst.slot + 600_000;
  const day = startOfUtcDay(burst.slot);
  console.log(`scale: requests after the burst (${REQUESTS} each after one warm-up)`);
  const figures = [
    await measure(base, 'Audit page 1, big organization', P95_TARGET_MS, () => ({ path: q({ org_id: bigId, limit: PAGE }) }), (b) =>
      firstProblem(fullPage(b, PAGE), newestFirst(b), totalIs(bigCount)(b)),
    ),
    await measure(base, 'Audit page 1, all organizations (admin)', P95_TARGET_MS, () => ({ path: q({ limit: PAGE }) }), (b) =>
      firstProblem(fullPage(b, PAGE), newestFirst(b), totalIs(s.seeded)(b)),
    ),
    await measure(base, `Audit page at offset ${fmt(DEEP_OFFSET)}, big organization (inside the burst)`, P95_TARGET_MS, () => ({ path: q({ org_id: bigId, limit: PAGE, offset: DEEP_OFFSET }) }), (b) =>
      firstProblem(fullPage(b, PAGE), newestFirst(b), allOf(b, 'within the burst', inSlot)),
    ),
    await measure(
      base,
      `Search '${SEARCH_TERM}' within the burst's day, big organization`,
      P95_TARGET_MS,
      () => ({ path: q({ org_id: bigId, search: SEARCH_TERM, from: new Date(day).toISOString(), to: new Date(day + DAY_MS - 1).toISOString(), limit: PAGE }) }),
      (b) => firstProblem(fullPage(b, PAGE), newestFirst(b), allOf(b, `matching '${SEARCH_TERM}'`, matchesSearch)),
    ),
  ];
  return figures.map((m) => m.figure);
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Figure {
  label: string;
  /** p95 target in ms. */
  target: number;
  p50: number | null;
  p95: number | null;
  /** Answers other than 200 (status and detail), or answers that did not hold what they should. */
  problems: string[];
  /** Anything else worth reporting (items found, cursor…). */
  notes: string[];
}

type Body = Record<string, unknown> & { items?: Array<Record<string, unknown>> };
interface Request {
  path: string;
  key?: string;
}

interface Measured {
  figure: Figure;
  bodies: Body[];
}

async function measure(
  base: string,
  label: string,
  target: number,
  request: (i: number) => Request,
  validate?: (body: Body, i: number) => string | null,
): Promise<Measured> {
  const times: number[] = [];
  const problems = new Set<string>();
  const bodies: Body[] = [];
  for (let i = -1; i < REQUESTS; i++) {
    const { path, key } = request(i);
    const headers: Record<string, string> = key ? { 'x-service-api-key': key } : { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) {
      const detail = (() => {
        try {
          const parsed = JSON.parse(text) as { detail?: unknown; message?: unknown };
          return String(parsed.detail ?? parsed.message ?? text);
        } catch {
          return text;
        }
      })();
      problems.add(`${res.status}: ${detail.slice(0, 160)}`);
      continue;
    }
    if (i < 0) continue; // the warm-up
    times.push(ms);
    const body = JSON.parse(text) as Body;
    bodies.push(body);
    const wrong = validate?.(body, i);
    if (wrong) problems.add(wrong);
  }
  const ok = times.length === REQUESTS;
  const figure: Figure = {
    label,
    target,
    p50: ok ? percentile(times, 0.5) : null,
    p95: ok ? percentile(times, 0.95) : null,
    problems: [...problems],
    notes: [],
  };
  console.log(`scale:   ${label}: ${ok ? `p50 ${figure.p50!.toFixed(0)} ms, p95 ${figure.p95!.toFixed(0)} ms` : 'not measured'}${figure.problems.length ? ` (${figure.problems.join('; ')})` : ''}`);
  return { figure, bodies };
}

const items = (b: Body) => b.items ?? [];
const time = (item: Record<string, unknown>) => Date.parse(String(item.created_at));

function newestFirst(b: Body): string | null {
  const ts = items(b).map(time);
  return ts.every((t, i) => i === 0 || t <= ts[i - 1]!) ? null : 'items not newest first';
}

function allOf(b: Body, what: string, test: (item: Record<string, unknown>) => boolean): string | null {
  return items(b).every(test) ? null : `an item that is not ${what}`;
}

function fullPage(b: Body, expected: number): string | null {
  return items(b).length === expected ? null : `${items(b).length} items where ${expected} were expected`;
}

/** GET /api/audit with these query parameters. */
const q = (params: Record<string, string | number>) => `/api/audit?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
const totalIs = (expected: number) => (b: Body) => (b.total === expected ? null : `total ${String(b.total)} where ${fmt(expected)} were seeded`);
const firstProblem = (...checks: Array<string | null>) => checks.find((c) => c !== null) ?? null;

const matchesTerm = (searched: string) => (item: Record<string, unknown>): boolean => {
  const term = searched.toLowerCase();
  return [item.summary, item.policy_name, item.destination, item.decision, item.preflight_id].some((v) => String(v).toLowerCase().includes(term));
};
const matchesSearch = matchesTerm(SEARCH_TERM);

interface SizeResult {
  size: number;
  figures: Map<string, Figure>;
}

async function measureAll(base: string, s: Seeder, big: SeedOrg, keys: Tenants['freshKeys'], size: number): Promise<SizeResult> {
  const figures = new Map<string, Figure>();
  const add = (key: string, m: Measured) => figures.set(key, m.figure);
  const bigId = big.org._id;
  const bigCount = s.perOrg.get(bigId) ?? 0;
  const now = Date.now();
  const rnd = random(size + 1);
  console.log(`scale: requests at ${fmt(size)} records (${REQUESTS} each after one warm-up)`);

  add(
    'page1-big',
    await measure(base, 'Audit page 1, big organization', P95_TARGET_MS, () => ({ path: q({ org_id: bigId, limit: PAGE }) }), (b) =>
      firstProblem(fullPage(b, Math.min(PAGE, bigCount)), newestFirst(b), allOf(b, 'of the organization', (i) => i.org_id === bigId), totalIs(bigCount)(b)),
    ),
  );
  add(
    'page1-all',
    await measure(base, 'Audit page 1, all organizations (admin)', P95_TARGET_MS, () => ({ path: q({ limit: PAGE }) }), (b) =>
      firstProblem(fullPage(b, Math.min(PAGE, s.seeded)), newestFirst(b), totalIs(s.seeded)(b)),
    ),
  );
  add(
    'offset',
    await measure(base, `Audit page at offset ${fmt(DEEP_OFFSET)}, big organization`, P95_TARGET_MS, () => ({ path: q({ org_id: bigId, limit: PAGE, offset: DEEP_OFFSET }) }), (b) =>
      firstProblem(fullPage(b, Math.max(0, Math.min(PAGE, bigCount - DEEP_OFFSET))), newestFirst(b)),
    ),
  );

  // Search in one whole UTC day, a different day (1..89 days ago) for each request.
  const days = Array.from({ length: REQUESTS + 1 }, () => startOfUtcDay(now) - (1 + Math.floor(rnd() * (WINDOW_DAYS - 1))) * DAY_MS);
  // `extra`: a check of the answer before the shared ones.
  const daySearch = (term: string, label: string, extra: (b: Body) => string | null = () => null) =>
    measure(
      base,
      label,
      P95_TARGET_MS,
      (i) => ({ path: q({ org_id: bigId, search: term, from: new Date(days[i + 1]!).toISOString(), to: new Date(days[i + 1]! + DAY_MS - 1).toISOString(), limit: PAGE }) }),
      (b, i) =>
        firstProblem(
          extra(b),
          newestFirst(b),
          allOf(b, `matching '${term}'`, matchesTerm(term)),
          allOf(b, 'within the day', (item) => time(item) >= days[i + 1]! && time(item) < days[i + 1]! + DAY_MS),
        ),
    );
  const oneDay = await daySearch(SEARCH_TERM, `Search '${SEARCH_TERM}' within one day, big organization`);
  oneDay.figure.notes.push(`items on page 1: median ${percentile(oneDay.bodies.map((b) => items(b).length), 0.5)}`);
  add('search-day', oneDay);
  // The same request for a term with a full page at every size: the IBAN search finds ~21 records in a
  // day at 100k and a full page at 2M, and a page's reads grow with its items, so its growth compares
  // a half page with a full one; this row compares like with like.
  add('search-day-full', await daySearch(BROAD_SEARCH_TERM, `Search '${BROAD_SEARCH_TERM}' within one day, big organization (a full page at every size)`, (b) => fullPage(b, PAGE)));

  const windowFrom = new Date(now - WINDOW_DAYS * DAY_MS).toISOString();
  const wholeParams = { org_id: bigId, search: SEARCH_TERM, from: windowFrom, to: new Date(now).toISOString(), limit: PAGE };
  const whole = await measure(base, `Search '${SEARCH_TERM}' over the whole ${WINDOW_DAYS}-day window, big organization`, WHOLE_WINDOW_TARGET_MS, () => ({ path: q(wholeParams) }), (b) =>
    firstProblem(newestFirst(b), allOf(b, `matching '${SEARCH_TERM}'`, matchesSearch), 'next_cursor' in b ? null : 'no next_cursor field in the page'),
  );
  const cursors = whole.bodies.filter((b) => typeof b.next_cursor === 'string' && b.next_cursor !== '');
  whole.figure.notes.push(
    `items found on page 1: median ${whole.bodies.length ? percentile(whole.bodies.map((b) => items(b).length), 0.5) : 0}`,
    `next_cursor given in ${cursors.length} of ${whole.bodies.length} answers`,
  );
  if (cursors[0]) {
    const t0 = performance.now();
    const res = await fetch(`${base}${q({ ...wholeParams, cursor: String(cursors[0].next_cursor) })}`, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } });
    const body = (await res.json().catch(() => ({}))) as Body;
    const ms = performance.now() - t0;
    const lastOfFirst = items(cursors[0]).at(-1);
    const continues = res.status === 200 && (!lastOfFirst || items(body).every((item) => time(item) <= time(lastOfFirst) && item.preflight_id !== lastOfFirst.preflight_id));
    whole.figure.notes.push(`following it: ${res.status}, ${items(body).length} more items in ${ms.toFixed(0)} ms${continues ? ', older than page 1' : ' (**does not continue page 1**)'}`);
  }
  add('search-window', whole);

  const weekEnds = Array.from({ length: REQUESTS + 1 }, () => now - Math.floor(rnd() * (WINDOW_DAYS - 7)) * DAY_MS);
  const blocked = await measure(
    base,
    'decision=BLOCK, 7-day from/to, big organization',
    P95_TARGET_MS,
    (i) => ({ path: q({ org_id: bigId, decision: 'BLOCK', from: new Date(weekEnds[i + 1]! - 7 * DAY_MS).toISOString(), to: new Date(weekEnds[i + 1]!).toISOString(), limit: PAGE }) }),
    (b, i) =>
      firstProblem(
        newestFirst(b),
        allOf(b, 'BLOCKED', (item) => item.decision === 'BLOCKED'),
        allOf(b, 'within the 7 days', (item) => time(item) >= weekEnds[i + 1]! - 7 * DAY_MS && time(item) <= weekEnds[i + 1]!),
        bigCount > 5_000 ? fullPage(b, PAGE) : null,
      ),
  );
  add('decision-window', blocked);

  const ids = Array.from({ length: REQUESTS + 1 }, () => s.ids[Math.floor(rnd() * s.ids.length)]!);
  add(
    'by-id',
    await measure(base, 'GET /api/preflight/{id}, random seeded ids', P95_TARGET_MS, (i) => ({ path: `/api/preflight/${ids[i + 1]}` }), (b, i) =>
      b.preflight_id === ids[i + 1] ? null : 'another check answered',
    ),
  );

  // Cold cache: every request (the warm-up too) presents a policy key no request has presented before.
  const fresh = keys.splice(0, REQUESTS + 1);
  if (fresh.length < REQUESTS + 1) throw new Error('not enough unused policy keys');
  add(
    'cold-key',
    await measure(
      base,
      `Policy key resolution, cold cache (${fmt(ORGS)} organizations × 4 policies): GET /api/orgs/{id}/compliance/frameworks`,
      P95_TARGET_MS,
      (i) => ({ path: `/api/orgs/${fresh[i + 1]!.orgId}/compliance/frameworks`, key: fresh[i + 1]!.key }),
      (b) => (Array.isArray(b.frameworks) ? null : 'no frameworks in the answer'),
    ),
  );

  const analytics = `/api/orgs/${bigId}/analytics`;
  add(
    'analytics',
    await measure(base, 'Analytics summary, 90d, big organization', P95_TARGET_MS, () => ({ path: `${analytics}?period=90d` }), (b) =>
      Number(b.total_checks) > 0 ? null : 'no checks counted',
    ),
  );
  add('timeseries', await measure(base, 'Analytics timeseries, 90d, big organization', P95_TARGET_MS, () => ({ path: `${analytics}/timeseries?period=90d` })));
  add('detections', await measure(base, 'Analytics detections, 90d, big organization', P95_TARGET_MS, () => ({ path: `${analytics}/detections?period=90d` })));
  add(
    'evidence',
    await measure(base, 'Compliance evidence, SOC2, 90 days, big organization', P95_TARGET_MS, () => ({ path: `/api/orgs/${bigId}/compliance/evidence?framework=SOC2&days=90` })),
  );
  return { size, figures };
}

// ---------------------------------------------------------------------------------------------
// Report

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const ms = (v: number | null) => (v === null ? 'n/a' : v.toFixed(0));
const short = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n));

function report(opts: { store: string; tenants: Tenants; seeds: SeedRun[]; results: SizeResult[]; burst: Burst | null; bigShare: number; drainers: string }): string {
  const { seeds, results } = opts;
  const first = results[0]!;
  const last = results.at(-1)!;
  const growthHeader = results.length > 1 ? ` growth ${short(last.size)}/${short(first.size)} p95 (≤ ${GROWTH_TARGET}×) |` : '';
  const rows = [...first.figures.keys()].map((key) => {
    const per = results.map((r) => r.figures.get(key)!);
    const f = per[0]!;
    const cells = per.map((x) => `${ms(x.p50)} | ${ms(x.p95)}`).join(' | ');
    const allMet = per.every((x) => x.p95 !== null && x.p95 <= x.target && x.problems.length === 0);
    let growth = '';
    if (results.length > 1) {
      const a = per[0]!.p95;
      const b = per.at(-1)!.p95;
      growth = a !== null && b !== null ? ` ${(b / a).toFixed(2)}× ${verdict(b / a <= GROWTH_TARGET)} |` : ' n/a **missed** |';
    }
    return `| ${f.label} | ≤ ${fmt(f.target)} | ${cells} | ${verdict(allMet)} |${growth}`;
  });
  const sizeHeader = results.map((r) => `${short(r.size)} p50 | ${short(r.size)} p95`).join(' | ');
  const notes = results.flatMap((r) =>
    [...r.figures.values()].flatMap((f) => [
      ...f.notes.map((n) => `- ${short(r.size)}, ${f.label}: ${n}`),
      ...f.problems.map((p) => `- ${short(r.size)}, ${f.label}: **${p}**`),
    ]),
  );
  const seedRows = seeds.map(
    (s) => `| ${fmt(s.size)} | ${fmt(s.added)} | ${s.seconds.toFixed(0)} s | ${fmt(Math.round(s.added / s.seconds))} | ${s.appendSeconds.toFixed(0)} s |`,
  );
  const memRows = ['api', 'worker'].flatMap((name) => {
    const phases = seeds.map((s) => ({ label: `→ ${short(s.size)}`, m: s.memory[name]! }));
    const warm = phases[0]!.m.end;
    const flat = (end: number) => `${(end / warm).toFixed(2)}× ${verdict(end <= warm * (1 + FLAT_TOLERANCE))}`;
    const rows = phases.map(({ label, m }, i) => [label, m, i === 0 ? 'warm-up from idle' : flat(m.end)] as const);
    if (phases.length > 1) rows.push(['after warm-up, whole', { start: warm, end: phases.at(-1)!.m.end, peak: Math.max(...phases.slice(1).map((p) => p.m.peak)) }, flat(phases.at(-1)!.m.end)]);
    return rows.map(([label, m, cell]) => `| ${name === 'api' ? 'API' : 'worker'} | ${label} | ${m.start} | ${m.end} | ${m.peak} | ${cell} |`);
  });
  return `## Audit store at volume (issue 14): \`npm run bench scale\`

${machineLine()}
Store: ${opts.store}. Sizes: ${results.map((r) => fmt(r.size)).join(' → ')} audit records (one data set, grown), over the last ${WINDOW_DAYS} days, for ${AUDIT_ORGS} organizations of ${fmt(ORGS)} (4 policies each); the biggest holds ${(opts.bigShare * 100).toFixed(0)}% of the records, the others a long tail. Decisions ${MIX.decision.ALLOW * 100}/${MIX.decision.MASK * 100}/${MIX.decision.BLOCK * 100} allowed/masked/blocked, destinations ${MIX.destination.AI_TOOL * 100}/${MIX.destination.VENDOR * 100}/${MIX.destination.CUSTOMER * 100} AI_TOOL/VENDOR/CUSTOMER, ${MIX.fileShare * 100}% file checks; records arrive in time order, evenly over the window (each growth sweeps it again).

How it is seeded: organizations, licenses and policies by the product's services over its repositories (${opts.tenants.seconds.toFixed(0)} s for ${fmt(ORGS)} organizations); SOC 2 opted in and a team's control tags for the big organization. Every record is \`checkRecord\` of a real engine outcome (12 texts checked under each policy and destination), with an id from \`newId\` at the record's past time, appended to the Redis journal by \`AuditJournal.append\` (${APPEND_BATCH} concurrent appends at a time, auto-pipelined; the appender waits while the backlog exceeds ${fmt(BACKLOG_CAP)}), and drained into the store ${opts.drainers} the daily analytics and evidence rollups.

| seeded to | records added | time to stored | records/s (drained) | time appending |
|---:|---:|---:|---:|---:|
${seedRows.join('\n')}

Resident memory during seeding (MiB, sampled every second). Flat, a bound of this benchmark's own: once warm (the end of the first size, grown from an idle process), the end of each later size at most ${FLAT_TOLERANCE * 100}% above it.

| process | seeding | start | end | peak | end / warm (≤ ${(1 + FLAT_TOLERANCE).toFixed(1)}×) |
|---|---|---:|---:|---:|---|
${memRows.join('\n')}

Requests through HTTP to the compiled API, ${REQUESTS} each after one unmeasured warm-up, one at a time (ms). "Met" needs the p95 within target at every size and every answer as it should be (see below).

| request | p95 target ms | ${sizeHeader} | target |${growthHeader}
|---|---:|${results.map(() => '---:|---:').join('|')}|---|${results.length > 1 ? '---|' : ''}
${rows.join('\n')}

${notes.length ? `Answers:\n${notes.join('\n')}` : 'Every answer held what it should.'}
${opts.burst ? burstReport(opts.burst) : ''}`;
}

function burstReport(b: Burst): string {
  const rows = b.figures.map((f) => `| ${f.label} | ≤ ${fmt(f.target)} | ${ms(f.p50)} | ${ms(f.p95)} | ${verdict(f.p95 !== null && f.p95 <= f.target && f.problems.length === 0)} |`);
  const problems = b.figures.flatMap((f) => f.problems.map((p) => `- ${f.label}: **${p}**`));
  return `
### A burst in one slot

Then ${fmt(b.records)} more records within the one 10-minute slot from ${new Date(b.slot).toISOString()} (${fmt(b.big)} of them the big organization's), as ${fmt(Math.round(b.records / 600))} checks/s for ten minutes would leave them; seeded and drained in ${b.seconds.toFixed(0)} s. A listing that lands in a slot this dense reads it by its seconds or tenths (docs/store.md, "Dense slots"); read whole, one read of it would decode ${fmt(b.big)} records (${fmt(b.records)} for all organizations).

| request | p95 target ms | p50 | p95 | target |
|---|---:|---:|---:|---|
${rows.join('\n')}

${problems.length ? problems.join('\n') : 'Every answer held what it should.'}
`;
}

// ---------------------------------------------------------------------------------------------

/** The API or worker; with SCALE_LOGS=<dir>, its log (stdout) goes to <dir>/<name>.log. */
function start(args: string[], env: Record<string, string>, name: string): ChildProcess {
  const dir = process.env.SCALE_LOGS;
  if (!dir) return startProcess(args, env);
  mkdirSync(dir, { recursive: true });
  const log = openSync(join(dir, `${name}.log`), 'w');
  const { BASE_URL: _unused, ...inherited } = process.env;
  return spawn(process.execPath, args, { env: { ...inherited, ...env }, stdio: ['ignore', log, 'inherit'] });
}

async function describeStore(mongo: MongoHandle): Promise<string> {
  try {
    const info = (await mongo.db.admin().command({ buildInfo: 1 })) as { version?: string; ferretdbVersion?: string; ferretdbFeatures?: unknown };
    const url = new URL(process.env.MONGODB_URL ?? '');
    const backend = process.env.PREFLIGHT_STORE_BACKEND ?? process.env.FERRETDB_HANDLER;
    return info.ferretdbVersion
      ? `FerretDB ${info.ferretdbVersion}${backend ? ` (${backend} backend)` : ''} as started by \`npm run bench\` at ${url.host}`
      : `MongoDB ${info.version ?? '?'} at ${url.host}`;
  } catch {
    return 'the MONGODB_URL store';
  }
}

/**
 * What a kept data set needs to be measured again (SCALE_KEEP writes it, SCALE_REUSE reads it): the
 * database and Redis prefix it lives in, and what the seeding knew of it.
 */
interface KeptSet {
  database: string;
  redisPrefix: string;
  bigOrgId: string;
  perOrg: Record<string, number>;
  ids: string[];
  seeded: number;
  freshKeys: Tenants['freshKeys'];
}

export async function benchScale(): Promise<void> {
  if (SIZES.some((s) => !Number.isInteger(s) || s <= 0) || SIZES.some((s, i) => i > 0 && s <= SIZES[i - 1]!)) {
    throw new Error(`SCALE_SIZES must be increasing positive integers, got '${process.env.SCALE_SIZES}'`);
  }
  if (process.env.SCALE_REUSE) return remeasure(process.env.SCALE_REUSE);
  const keep = process.env.SCALE_KEEP;
  const stack = benchStack('pf_bench_scale', 'npm run bench scale');
  const env = { ...stack.env, DASHBOARD_RATE_PER_MINUTE: '1000000', AUDIT_DRAIN_IN_API: String(DRAINERS === 'both') };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = start(['dist/api/server.js'], { ...env, PORT: String(port) }, 'api');
  const worker = start(['dist/workers/main.js'], env, 'worker');
  const redis = createRedis(stack.redisUrl, { enableAutoPipelining: true, connectionName: 'preflight-bench' });
  let mongo: MongoHandle | null = null;
  try {
    await waitUntilAnswering(`${base}/ready`, api);
    mongo = await connectMongo({ url: stack.mongoUrl, database: stack.database, timeoutMs: 10_000 });
    const repos = createRepositories(mongo, { fileRetentionMs: DAY_MS, masterKey: BENCH_MASTER_KEY });
    const services = servicesOver(repos, redis, stack.redisPrefix);
    const store = await describeStore(mongo);

    console.log(`scale: creating ${fmt(ORGS)} organizations × 4 policies through the services`);
    // A kept data set is measured again with keys no request has presented yet.
    const tenants = await createTenants(services, repos, (REQUESTS + 1) * (keep ? 10 : SIZES.length));
    const big = tenants.auditOrgs[0]!;
    await complianceSetup(services, big);
    console.log(`scale: ${fmt(ORGS)} organizations in ${tenants.seconds.toFixed(0)} s; building the engine outcomes of ${AUDIT_ORGS} organizations' policies`);

    const alive = () => {
      for (const [name, child] of [['API', api], ['worker', worker]] as const) {
        if (child.exitCode !== null) throw new Error(`the ${name} process exited (${child.exitCode}) during the benchmark`);
      }
    };
    const seeder: Seeder = {
      maker: new RecordMaker(tenants.auditOrgs, 14),
      journal: new AuditJournal(redis, stack.redisPrefix, Number.MAX_SAFE_INTEGER),
      redis,
      prefix: stack.redisPrefix,
      sampler: new RssSampler({ api: api.pid!, worker: worker.pid! }),
      alive,
      perOrg: new Map(),
      ids: [],
      seeded: 0,
    };
    const seeds: SeedRun[] = [];
    const results: SizeResult[] = [];
    for (const size of SIZES) {
      seeds.push(await growTo(seeder, size));
      alive();
      results.push(await measureAll(base, seeder, big, tenants.freshKeys, size));
    }
    let burst: Burst | null = null;
    if (BURST > 0) {
      burst = await burstInto(seeder, BURST, big.org._id);
      alive();
      burst.figures = await measureBurst(base, seeder, big, burst);
    }
    const batch = process.env.AUDIT_DRAIN_BATCH ?? '1,000 (default)';
    const body = report({
      store,
      tenants,
      seeds,
      results,
      burst,
      bigShare: (seeder.perOrg.get(big.org._id) ?? 0) / seeder.seeded,
      drainers:
        DRAINERS === 'both'
          ? `by the compiled API's and worker's own drainers (both drain, the product's default; AUDIT_DRAIN_BATCH ${batch}), which also write`
          : `by the compiled worker process's drainer (AUDIT_DRAIN_IN_API=false, so the API does not drain; AUDIT_DRAIN_BATCH ${batch}), which also writes`,
    });
    writeSection('scale', body);
    console.log(body);
    if (keep) {
      const kept: KeptSet = {
        database: stack.database,
        redisPrefix: stack.redisPrefix,
        bigOrgId: big.org._id,
        perOrg: Object.fromEntries(seeder.perOrg),
        ids: seeder.ids,
        seeded: seeder.seeded,
        freshKeys: tenants.freshKeys,
      };
      writeFileSync(keep, JSON.stringify(kept));
      console.log(`scale: data set kept in database ${stack.database}; SCALE_REUSE=${keep} measures it again (same REDIS_URL and MONGODB_URL)`);
    }
  } finally {
    await Promise.all([stopProcess(worker), stopProcess(api)]);
    if (keep) {
      await mongo?.client.close();
      redis.disconnect();
      return;
    }
    if (mongo) {
      await mongo.db.dropDatabase().catch(() => undefined);
      await mongo.client.close();
    }
    // The run's Redis keys (journal, rollup counters, epochs) go with it.
    await deleteKeysUnder(redis, stack.redisPrefix).catch(() => undefined);
    redis.disconnect();
  }
}

/**
 * SCALE_REUSE: the requests alone, against a data set an earlier run kept (SCALE_KEEP), with the
 * API of today's build. For working on the read path; the judged figures come from a seeded run.
 */
async function remeasure(file: string): Promise<void> {
  const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptSet;
  const stack = benchStack('pf_bench_scale', 'npm run bench scale');
  const mongoUrl = Object.assign(new URL(stack.mongoBase), { pathname: `/${kept.database}` }).toString();
  const env = { ...stack.env, MONGODB_URL: mongoUrl, REDIS_PREFIX: kept.redisPrefix, DASHBOARD_RATE_PER_MINUTE: '1000000', AUDIT_DRAIN_IN_API: 'false' };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = start(['dist/api/server.js'], { ...env, PORT: String(port) }, 'api');
  try {
    await waitUntilAnswering(`${base}/ready`, api);
    const seeder = { perOrg: new Map(Object.entries(kept.perOrg)), ids: kept.ids, seeded: kept.seeded } as Seeder;
    const big = { org: { _id: kept.bigOrgId } } as SeedOrg;
    // Each run takes keys no earlier run presented: the cache of policy keys must be cold.
    const keys = kept.freshKeys.splice(0, REQUESTS + 1);
    writeFileSync(file, JSON.stringify(kept));
    await measureAll(base, seeder, big, keys, kept.seeded);
  } finally {
    await stopProcess(api);
  }
}
