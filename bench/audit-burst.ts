// Audit reads in a burst, through HTTP, on records made by real text checks (`npm run bench burst`).
//
// A big organization sends text checks as fast as 32 connections go; a small one sends one in
// BURST_SMALL_EVERY of them, interleaved. At each size (BURST_SIZES, default 10,000 and 100,000
// records) the checks stop, the drain is waited for, and these reads are timed through HTTP (p50 and
// p95 over BURST_REQUESTS requests each, after one warm-up): the small organization's page 1, the big
// organization's page 1, its page at offset 5,000 (inside the burst), and a search within it. Each
// answer is compared with what a full sort of the organization's stored records gives: the same items
// in the same order, and the same total. Targets: p95 <= 250 ms each, growth <= 2x between sizes.
import { MongoClient } from 'mongodb';
import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import { freePort } from '../scripts/local-services.js';
import { journalKey } from '../src/store/audit-journal.js';
import { auditKeys } from '../src/store/redis-keys.js';
import { createRedis } from '../src/store/redis-client.js';
import { unpackAudit } from '../src/store/audit-repository.js';
import { textCheckBodies } from './corpus.js';
import { benchOrg, type BenchOrg } from './bench-org.js';
import { BENCH_ADMIN_TOKEN, benchStack } from './bench-stack.js';
import { memoryOf, startProcess, stopProcess, waitUntilAnswering } from './processes.js';
import { machineLine, writeSection } from './results-file.js';
import { percentile } from './scale.js';

const SIZES = (process.env.BURST_SIZES ?? '10000,100000').split(',').map((s) => Number(s.trim()));
const REQUESTS = Number(process.env.BURST_REQUESTS ?? 20);
const SMALL_EVERY = Number(process.env.BURST_SMALL_EVERY ?? 250);
const CONNECTIONS = 32;
const PAGE = 50;
const DEEP_OFFSET = 5_000;
const P95_TARGET_MS = 250;
const GROWTH_TARGET = 2;
/** A term every record of the big organization's default policy matches in part: its summaries name the types found. */
const SEARCH_TERM = 'email';

const fmt = (n: number) => n.toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Figure {
  label: string;
  p50: number;
  p95: number;
  problems: string[];
}

interface Item {
  preflight_id: string;
  created_at: string;
  summary: string;
  policy_name: string;
  destination: string;
  decision: string;
}
interface Page {
  items: Item[];
  total: number;
}

/** Sends `count` checks over CONNECTIONS connections: every SMALL_EVERY-th for the small organization. */
async function sendChecks(base: string, big: BenchOrg, small: BenchOrg, count: number, bodies: string[], counter: { sent: number; small: number }): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const n = counter.sent + i;
      const toSmall = n % SMALL_EVERY === SMALL_EVERY - 1;
      const res = await fetch(`${base}/api/preflight/text`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': (toSmall ? small : big).apiKey },
        body: bodies[n % bodies.length]!,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`check answered ${res.status}`);
      if (toSmall) counter.small += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  counter.sent += count;
}

/** Until the journal is empty and every counter is copied to the store. */
async function drained(redis: Redis, prefix: string): Promise<void> {
  const stream = journalKey(redis, prefix);
  const dirty = `${auditKeys(redis, prefix)}analytics:dirty`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const [length, uncopied] = await Promise.all([redis.xlen(stream), redis.scard(dirty)]);
    if (length === 0 && uncopied === 0) return;
    if (Date.now() > deadline) throw new Error(`not drained after 300 s: ${length} in the journal, ${uncopied} counters not copied`);
    await sleep(100);
  }
}

/** The organization's stored records as a full sort gives them: newest first, ties by id descending. */
async function fullSort(mongoUrl: string, orgId: string): Promise<Array<{ id: string; at: number; text: string }>> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const docs = await client.db().collection('audit').find({ org_id: orgId }).toArray();
    return docs
      .map((d) => {
        const r = unpackAudit(d);
        return { id: r._id, at: r.created_at.getTime(), text: [r.summary, r.policy_name, r.destination, r.decision].join('\n').toLowerCase() };
      })
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  } finally {
    await client.close();
  }
}

async function measure(base: string, label: string, path: string, expected: { ids: string[]; total: number }): Promise<Figure> {
  const times: number[] = [];
  const problems = new Set<string>();
  for (let i = -1; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) {
      problems.add(`${res.status}: ${text.slice(0, 160)}`);
      continue;
    }
    if (i < 0) continue;
    times.push(ms);
    const page = JSON.parse(text) as Page;
    const ids = page.items.map((item) => item.preflight_id);
    if (page.total !== expected.total) problems.add(`total ${page.total} where a full sort counts ${expected.total}`);
    if (ids.join() !== expected.ids.join()) {
      const at = ids.findIndex((id, k) => id !== expected.ids[k]);
      problems.add(`items differ from a full sort's (first at ${at === -1 ? ids.length : at} of ${ids.length}, expected ${expected.ids.length})`);
    }
  }
  const figure = { label, p50: times.length ? percentile(times, 0.5) : NaN, p95: times.length ? percentile(times, 0.95) : NaN, problems: [...problems] };
  console.log(`burst:   ${label}: p50 ${figure.p50.toFixed(0)} ms, p95 ${figure.p95.toFixed(0)} ms${figure.problems.length ? ` (${figure.problems.join('; ')})` : ''}`);
  return figure;
}

const audit = (params: Record<string, string | number>) => `/api/audit?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

async function measureAt(base: string, mongoUrl: string, big: BenchOrg, small: BenchOrg): Promise<Figure[]> {
  const [bigSorted, smallSorted] = await Promise.all([fullSort(mongoUrl, big.orgId), fullSort(mongoUrl, small.orgId)]);
  const ids = (xs: Array<{ id: string }>, from: number) => xs.slice(from, from + PAGE).map((x) => x.id);
  const searched = bigSorted.filter((x) => x.text.split('\n').some((f) => f.includes(SEARCH_TERM)));
  const from = new Date(bigSorted[bigSorted.length - 1]!.at).toISOString();
  const to = new Date(bigSorted[0]!.at).toISOString();
  return [
    await measure(base, 'Small organization, page 1', audit({ org_id: small.orgId, limit: PAGE }), { ids: ids(smallSorted, 0), total: smallSorted.length }),
    await measure(base, 'Big organization, page 1', audit({ org_id: big.orgId, limit: PAGE }), { ids: ids(bigSorted, 0), total: bigSorted.length }),
    await measure(base, `Big organization, offset ${fmt(DEEP_OFFSET)}`, audit({ org_id: big.orgId, limit: PAGE, offset: DEEP_OFFSET }), {
      ids: ids(bigSorted, DEEP_OFFSET),
      total: bigSorted.length,
    }),
    await measure(base, `Search '${SEARCH_TERM}' within the burst, big organization`, audit({ org_id: big.orgId, search: SEARCH_TERM, from, to, limit: PAGE }), {
      ids: ids(searched, 0),
      total: searched.length,
    }),
  ];
}

export async function benchAuditBurst(): Promise<void> {
  const { redisUrl, mongoUrl, redisPrefix, env } = benchStack('pf_burst', 'npm run bench burst');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startProcess(['dist/api/server.js'], { ...env, PORT: String(port) });
  const worker = startProcess(['dist/workers/main.js'], env);
  const redis = createRedis(redisUrl, { connectionName: 'bench-burst' });
  const results: Array<{ size: number; seconds: number; small: number; figures: Figure[] }> = [];
  try {
    await waitUntilAnswering(`${base}/ready`, api);
    const [big, small] = [await benchOrg(base, BENCH_ADMIN_TOKEN), await benchOrg(base, BENCH_ADMIN_TOKEN)];
    const bodies = textCheckBodies(64);
    const counter = { sent: 0, small: 0 };
    for (const size of SIZES) {
      const t0 = performance.now();
      console.log(`burst: checks ${fmt(counter.sent)} → ${fmt(size)} (one in ${SMALL_EVERY} for the small organization)`);
      await sendChecks(base, big, small, size - counter.sent, bodies, counter);
      const seconds = (performance.now() - t0) / 1000;
      console.log(`burst: ${fmt(size)} checks in ${seconds.toFixed(0)} s; waiting for the drain`);
      await drained(redis, redisPrefix);
      results.push({ size, seconds, small: counter.small, figures: await measureAt(base, mongoUrl, big, small) });
    }
    console.log(`burst: API RSS ${memoryOf(api.pid!).rssMiB} MiB, worker ${memoryOf(worker.pid!).rssMiB} MiB`);
  } finally {
    redis.disconnect();
    await Promise.all([stopProcess(api), stopProcess(worker)]);
  }
  writeSection('audit-burst', report(results));
}

function report(results: Array<{ size: number; seconds: number; small: number; figures: Figure[] }>): string {
  const labels = results[0]?.figures.map((f) => f.label) ?? [];
  const head = `| read | target p95 | ${results.map((r) => `p50 / p95 at ${fmt(r.size)}`).join(' | ')} | growth | met |`;
  const rows = labels.map((label) => {
    const fs = results.map((r) => r.figures.find((f) => f.label === label)!);
    const growths = fs.slice(1).map((f, i) => f.p95 / fs[i]!.p95);
    const worst = Math.max(...growths, 0);
    const met = fs.every((f) => f.p95 <= P95_TARGET_MS && f.problems.length === 0) && worst <= GROWTH_TARGET;
    const problems = fs.flatMap((f) => f.problems);
    return `| ${label} | ≤ ${P95_TARGET_MS} ms, growth ≤ ${GROWTH_TARGET}× | ${fs.map((f) => `${f.p50.toFixed(0)} / ${f.p95.toFixed(0)} ms`).join(' | ')} | ${growths.map((g) => `${g.toFixed(2)}×`).join(', ')} | ${met ? 'met' : `**missed**${problems.length ? `: ${problems.join('; ')}` : ''}`} |`;
  });
  const runs = results.map((r) => `${fmt(r.size)} checks (${fmt(r.small)} of the small organization) sent by ${r.seconds.toFixed(0)} s`).join('; ');
  return `## Audit reads in a burst (\`npm run bench burst\`)

${machineLine()}

Records made by real text checks through HTTP (32 connections, ~1 KiB texts), the big organization's
and, one in ${SMALL_EVERY}, a small organization's, interleaved: ${runs}. Reads through HTTP once the
drain is done, ${REQUESTS} requests each after one warm-up; every answer compared with a full sort of
the organization's stored records (same items in the same order, same total).

${head}
| --- | --- | ${results.map(() => '---:').join(' | ')} | ---: | --- |
${rows.join('\n')}
`;
}
