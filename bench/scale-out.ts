// Scale-out (issue 19): two API processes and two workers on one Redis and one store, text checks
// from both APIs for 60 s with a trickle of file checks, and, midway, kill -9 of one API and one
// worker. Clients send to both APIs as a proxy would, and to the survivor alone once one is dead.
// Reported: errors beyond the killed API's in-flight requests, audit records against answers (none
// missing, none doubled), file checks recorded, a rate limit held across processes, and a key
// regenerated on one replica refused at once by the other.
import type { ChildProcess } from 'node:child_process';
import { MongoClient } from 'mongodb';
import { freePort } from '../scripts/local-services.js';
import { benchOrg } from './bench-org.js';
import { BENCH_ADMIN_TOKEN, benchStack } from './bench-stack.js';
import { textCheckBodies } from './corpus.js';
import { journalBacklog } from './journal-backlog.js';
import { memoryOf, startProcess, stopProcess, waitUntilAnswering } from './processes.js';
import { machineLine, writeSection } from './results-file.js';
import { parseRedisUrl } from '../src/store/redis-client.js';

const DURATION_S = Number(process.env.SCALE_OUT_SECONDS ?? 60);
const TEXT_CLIENTS = 16;
const FILE_CLIENTS = 2;
/** The trial plan's checks per minute (docs/licenses.md): the two APIs together must allow no more. */
const PROBE_PER_MINUTE = 60;
/** AUDIT_CLAIM_IDLE_MS's default, in seconds. */
const CLAIM_IDLE_S = 30;
const admin = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' };

interface Api {
  child: ChildProcess;
  base: string;
  alive: boolean;
}

type Outcome = { kind: 'ok'; id: string } | { kind: 'pending'; id: string } | { kind: 'status'; status: number; code: string } | { kind: 'dropped'; api: Api };

async function send(api: Api, path: string, init: RequestInit): Promise<Outcome> {
  try {
    const res = await fetch(`${api.base}${path}`, init);
    const body = (await res.json()) as { preflight_id?: string; code?: string };
    if (res.status === 200 && body.preflight_id) return { kind: 'ok', id: body.preflight_id };
    if (res.status === 202 && body.preflight_id) return { kind: 'pending', id: body.preflight_id };
    return { kind: 'status', status: res.status, code: body.code ?? '' };
  } catch {
    return { kind: 'dropped', api };
  }
}

export async function benchScaleOut(): Promise<void> {
  const { env, mongoUrl, redisUrl, redisPrefix } = benchStack('bench_scaleout', 'npm run bench scale-out');
  // `npm run bench scale-out -- --redis-cluster`: the same on a local 3-master cluster, its own section.
  const cluster = parseRedisUrl(redisUrl).kind === 'cluster';
  const redisLine = cluster ? 'a local Redis Cluster of 3 masters (no replicas)' : 'one local Redis (single node)';
  const children: ChildProcess[] = [];
  const mongo = new MongoClient(mongoUrl);
  try {
    const apis: Api[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = startProcess(['dist/api/server.js'], { ...env, PORT: String(port) });
      children.push(child);
      apis.push({ child, base: `http://127.0.0.1:${port}`, alive: true });
    }
    const workers: Array<{ child: ChildProcess; health: string }> = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = startProcess(['dist/workers/main.js'], { ...env, WORKER_HEALTH_PORT: String(port) });
      children.push(child);
      workers.push({ child, health: `http://127.0.0.1:${port}/ready` });
    }
    for (const api of apis) await waitUntilAnswering(`${api.base}/ready`, api.child);
    for (const w of workers) await waitUntilAnswering(w.health, w.child);
    const [a, b] = apis as [Api, Api];

    // A key regenerated on one replica is refused by the other at once.
    const org = await benchOrg(a.base, BENCH_ADMIN_TOKEN);
    const oldKey = org.apiKey;
    const policyId = String(org.policy.policy_id);
    const textInit = (key: string, text: string): RequestInit => ({
      method: 'POST',
      headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text, destination: 'AI_TOOL' }),
    });
    const beforeRegen = await send(b, '/api/preflight/text', textInit(oldKey, 'warm the cache of replica B'));
    const regenerated = (await (await fetch(`${a.base}/api/orgs/${org.orgId}/policies/${policyId}/regenerate-key`, { method: 'POST', headers: { authorization: admin.authorization } })).json()) as { api_key?: string };
    if (!regenerated.api_key) throw new Error(`regenerating the key answered ${JSON.stringify(regenerated)}`);
    const oldOnB = await send(b, '/api/preflight/text', textInit(oldKey, 'the old key, on the other replica'));
    const newOnB = await send(b, '/api/preflight/text', textInit(regenerated.api_key, 'the new key, on the other replica'));
    const regenHeld = beforeRegen.kind === 'ok' && oldOnB.kind === 'status' && oldOnB.status === 401 && newOnB.kind === 'ok';
    const key: string = regenerated.api_key;

    // A rate limit across processes: a new organization's trial plan (PROBE_PER_MINUTE checks a
    // minute), asked twice as often at once through both APIs.
    const created = (await (await fetch(`${a.base}/api/organizations`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Trial', slug: `trial-${Date.now()}`, settings: { admin_email: 'bench@example.com' } }) })).json()) as { org_id: string };
    const [trialPolicy] = (await (await fetch(`${a.base}/api/orgs/${created.org_id}/policies`, { headers: admin })).json()) as Array<{ api_key: string }>;
    const limited = { apiKey: trialPolicy?.api_key ?? '' };
    const probe = await Promise.all(
      Array.from({ length: PROBE_PER_MINUTE * 2 }, (_, i) => send(apis[i % 2]!, '/api/preflight/text', textInit(limited.apiKey, `probe ${i}`))),
    );
    const probeAllowed = probe.filter((o) => o.kind === 'ok').length;
    const probeLimited = probe.filter((o) => o.kind === 'status' && o.status === 429).length;

    // The load: text clients alternating between live APIs, file clients likewise; kill -9 midway.
    const bodies = textCheckBodies(64);
    const texts: Outcome[] = [];
    const files: Outcome[] = [];
    let running = true;
    let turn = 0;
    const pick = () => {
      const live = apis.filter((x) => x.alive);
      return live[turn++ % live.length]!;
    };
    const textLoops = Array.from({ length: TEXT_CLIENTS }, async (_, c) => {
      for (let n = 0; running; n++) texts.push(await send(pick(), '/api/preflight/text', textInit(key, JSON.parse(bodies[(c + n) % bodies.length]!).text)));
    });
    const fileLoops = Array.from({ length: FILE_CLIENTS }, async (_, c) => {
      for (let n = 0; running; n++) {
        const form = new FormData();
        form.append('destination', 'AI_TOOL');
        form.append('file', new Blob([Buffer.from(`Claim ${c}-${n}: member SSN 123-45-6789, jane.doe@example.com\n`.repeat(40))]), `claim-${c}-${n}.txt`);
        files.push(await send(pick(), '/api/preflight', { method: 'POST', headers: { 'x-service-api-key': key }, body: form }));
      }
    });
    const started = performance.now();
    await new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2));
    const textsAtKill = texts.length;
    a.alive = false; // the proxy takes it out: no new request goes to it
    a.child.kill('SIGKILL');
    workers[0]!.child.kill('SIGKILL');
    console.log(`scale-out: killed API ${a.child.pid} and worker ${workers[0]!.child.pid} after ${DURATION_S / 2} s`);
    await new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2));
    running = false;
    await Promise.all([...textLoops, ...fileLoops]);
    const seconds = (performance.now() - started) / 1000;

    // Dropped connections are the killed API's in-flight requests; everything else must be 200 (or 202 for a file).
    const dropped = [...texts, ...files].filter((o) => o.kind === 'dropped');
    const droppedElsewhere = dropped.filter((o) => o.kind === 'dropped' && o.api !== a).length;
    const errors = [...texts, ...files].filter((o) => o.kind === 'status');
    const errorCodes = new Map<string, number>();
    for (const e of errors) if (e.kind === 'status') errorCodes.set(`${e.status} ${e.code}`, (errorCodes.get(`${e.status} ${e.code}`) ?? 0) + 1);
    const okIds = texts.flatMap((o) => (o.kind === 'ok' ? [o.id] : []));
    const fileIds = files.flatMap((o) => (o.kind === 'ok' || o.kind === 'pending' ? [o.id] : []));

    // Every answered check is recorded once: text checks once the journal drained; file checks once
    // their jobs (some taken over from the killed worker) finished.
    const backlog = await journalBacklog(redisUrl, redisPrefix);
    await mongo.connect();
    const audit = mongo.db().collection('audit');
    const count = async (ids: string[]) => {
      let n = 0;
      for (let i = 0; i < ids.length; i += 1000) n += await audit.countDocuments({ _id: { $in: ids.slice(i, i + 1000) } } as object);
      return n;
    };
    const textRecorded = await count(okIds);
    const deadline = Date.now() + 120_000;
    let fileRecorded = await count(fileIds);
    while (fileRecorded < fileIds.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      fileRecorded = await count(fileIds);
    }
    const uniqueIds = new Set([...okIds, ...fileIds]).size;
    const memory = memoryOf(b.child.pid ?? 0);

    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const errorList = [...errorCodes.entries()].map(([k, n]) => `${n} × ${k}`).join(', ') || 'none';
    writeSection(
      cluster ? 'scale-out-cluster' : 'scale-out',
      `## Scale-out${cluster ? ' on a Redis Cluster' : ''}: two APIs and two workers, one killed of each (\`npm run bench scale-out${cluster ? ' -- --redis-cluster' : ''}\`)

${machineLine()}

Two API processes and two worker processes from \`dist/\`, on ${redisLine} and one FerretDB on PostgreSQL. ${TEXT_CLIENTS} text-check clients and ${FILE_CLIENTS} file-check clients (~2.4 KB text files) for ${seconds.toFixed(0)} s, each request to the next live API in turn (what a proxy does); after ${DURATION_S / 2} s, \`kill -9\` of one API and one worker, and from then on requests go to the survivor only (the proxy's health check). Everything shares the machine's cores with the load generator.

| Figure | Result | Target | Verdict |
|---|---:|---|---|
| text checks answered 200 | ${okIds.length} (${(okIds.length / seconds).toFixed(0)}/s; ${textsAtKill} before the kill) | | |
| file checks answered (200, or 202 then finished) | ${fileIds.length} | | |
| connections dropped by the killed API (its in-flight requests) | ${dropped.length - droppedElsewhere} | at most its in-flight requests (${TEXT_CLIENTS + FILE_CLIENTS} clients) | ${verdict(dropped.length - droppedElsewhere <= TEXT_CLIENTS + FILE_CLIENTS)} |
| errors beyond those: dropped by a live API, or any non-200/202 answer | ${droppedElsewhere + errors.length} (${errorList}) | 0 | ${verdict(droppedElsewhere + errors.length === 0)} |
| text checks answered 200 with their audit record | ${textRecorded} of ${okIds.length} | all | ${verdict(textRecorded === okIds.length)} |
| file checks with their audit record (jobs of the killed worker taken over) | ${fileRecorded} of ${fileIds.length} | all | ${verdict(fileRecorded === fileIds.length)} |
| ids answered twice (a check doubled) | ${okIds.length + fileIds.length - uniqueIds} | 0 | ${verdict(okIds.length + fileIds.length === uniqueIds)} |
| audit journal after the run | ${backlog.atEnd} records, drained in ${backlog.drainedS.toFixed(1)} s | drained within the claim delay (${CLAIM_IDLE_S} s): what the killed processes had read but not stored is claimed by a survivor | ${verdict(backlog.drainedS <= CLAIM_IDLE_S + 5)} |
| rate limit across both APIs: ${PROBE_PER_MINUTE * 2} checks at once, trial plan ${PROBE_PER_MINUTE}/min | ${probeAllowed} allowed, ${probeLimited} refused 429 | ≤ ${PROBE_PER_MINUTE} allowed | ${verdict(probeAllowed <= PROBE_PER_MINUTE && probeAllowed + probeLimited === PROBE_PER_MINUTE * 2)} |
| key regenerated on API A: old key on API B | ${oldOnB.kind === 'status' ? oldOnB.status : oldOnB.kind}, new key ${newOnB.kind === 'ok' ? '200' : newOnB.kind} | 401 at once, new key 200 | ${verdict(regenHeld)} |
| surviving API's memory at the end | ${memory.rssMiB} MiB RSS (peak ${memory.peakMiB} MiB) | | |`,
    );
    console.log(`scale-out: ${okIds.length} text checks, ${fileIds.length} file checks; recorded ${textRecorded}/${okIds.length} and ${fileRecorded}/${fileIds.length}; errors ${errorList}`);
  } finally {
    await Promise.all(children.map(stopProcess));
    await mongo.db().dropDatabase().catch(() => undefined);
    await mongo.close();
  }
}
