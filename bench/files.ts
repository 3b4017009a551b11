// `npm run bench:files [scale]` (issue 5): file checks end to end, POST /api/preflight over HTTP to
// a real API process and a separate worker process, both built as in production. Per file type and
// worker concurrency 1 and 2: files per minute with the worker saturated, latency p50/p95, and the
// worker's peak RSS; at concurrency 1, one file at a time, the end-to-end time against the
// extraction library called directly on the same file, and where the difference goes.
// `scale` (or BENCH_FILES_SCALE) multiplies the files per saturated run; 1 takes about 4 minutes on 2 cores.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createRedis } from '../src/store/redis-client.js';
import { MongoClient } from 'mongodb';
import { freePort } from '../scripts/local-services.js';
import { FileScanJob, fileScanQueue } from '../src/jobs/file-scan.js';
import { bullPrefix } from '../src/jobs/prefix.js';
import { KeyVault } from '../src/store/api-keys.js';
import { fileStore } from '../src/store/file-store.js';
import { checkOptionsOf } from '../src/checks/options.js';
import { benchOrg, type BenchOrg } from './bench-org.js';
import { BENCH_ADMIN_TOKEN, BENCH_MASTER_KEY, benchStack } from './bench-stack.js';
import { legsOf, send, type Legs } from './file-client.js';
import { benchFiles, type BenchFile, type FileType } from './file-corpus.js';
import { fileReport, type Load, type Setup } from './file-report.js';
import { percentile, timeSteps, timeStore } from './file-steps.js';
import { storeGrowth } from './file-store-growth.js';
import { memoryOf, startProcess, stopProcess, waitUntilAnswering } from './processes.js';
import { writeSection } from './results-file.js';
import { deleteKeysUnder } from './redis-keys.js';

const scale = Number(process.argv[2] ?? process.env.BENCH_FILES_SCALE ?? 1);
if (!(scale > 0)) throw new Error(`scale must be a positive number, not ${process.argv[2] ?? process.env.BENCH_FILES_SCALE}`);
const setup: Setup = {
  scale,
  // Files per saturated run (times the scale), and one-at-a-time repetitions; OCR'd types cost seconds each.
  plan: {
    text: { files: 40, reps: 7 },
    pdf: { files: 20, reps: 5 },
    'scanned-pdf': { files: 6, reps: 3 },
    docx: { files: 40, reps: 7 },
    png: { files: 20, reps: 5 },
    jpeg: { files: 20, reps: 5 },
  },
  concurrency: [1, 2],
  // One file being checked and one waiting per worker slot, so no slot idles between requests.
  inFlightPerSlot: 2,
  warmupFiles: 2,
  storeLevels: [0, 100, 300, 1000],
};
const filesOf = (type: FileType) => Math.max(4, Math.round(setup.plan[type].files * scale));

/** Rejects when the process exits: requests race it rather than wait for a dead worker. */
function exitOf(child: ChildProcess): Promise<never> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`))));
  exited.catch(() => {});
  return exited;
}

interface Target {
  url: string;
  org: BenchOrg;
  queue: ReturnType<typeof fileScanQueue>;
  env: Record<string, string>;
}

/** One type at one concurrency, on a fresh worker process so its peak RSS is this run's. */
async function loadRun(target: Target, file: BenchFile, concurrency: number): Promise<{ load: Load; legs: Legs[] }> {
  const { url, org } = target;
  const worker = startProcess(['dist/workers/main.js'], { ...target.env, FILE_WORKER_CONCURRENCY: String(concurrency), OCR_WORKERS: String(concurrency) });
  try {
    const exited = exitOf(worker);
    // The first checks wait for the worker to start, then warm it up.
    for (let i = 0; i < setup.warmupFiles; i++) await send(url, org.apiKey, file, exited);
    const legs: Legs[] = [];
    if (concurrency === 1) {
      for (let i = 0; i < setup.plan[file.type].reps; i++) {
        const answer = await send(url, org.apiKey, file, exited);
        if (answer) legs.push(await legsOf(target.queue, answer));
      }
    }
    const count = filesOf(file.type);
    console.log(`file checks: ${file.type}, worker concurrency ${concurrency}, ${count} files`);
    const latencies: number[] = [];
    let next = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: setup.inFlightPerSlot * concurrency }, async () => {
        while (next < count) {
          next++;
          const answer = await send(url, org.apiKey, file, exited);
          if (answer) latencies.push(answer.ms);
        }
      }),
    );
    const wallMs = performance.now() - begin;
    const load = {
      files: count,
      filesPerMin: (latencies.length / wallMs) * 60_000,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      errors: count - latencies.length,
      peakMiB: memoryOf(worker.pid ?? 0).peakMiB,
    };
    return { load, legs };
  } finally {
    await stopProcess(worker);
  }
}

async function main(): Promise<void> {
  const stack = benchStack('pf_bench_files', 'npm run bench:files');
  const { redisUrl, mongoBase, database, mongoUrl, redisPrefix } = stack;
  // The API and the worker are benchmarked as they run in production: compiled.
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const loadBefore = loadavg();
  const started = Date.now();
  const env = {
    ...stack.env,
    // Every request waits for its check, so the answer's arrival is the end-to-end time.
    FILE_WAIT_MS: '300000',
    AUDIT_DRAIN_IN_API: 'true',
  };
  const files = await benchFiles();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startProcess(['dist/api/server.js'], { ...env, PORT: String(port) });
  const redis = createRedis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'bench-files' });
  const queue = fileScanQueue({ connection: redis, prefix: bullPrefix(redis, redisPrefix) });
  const mongo = await MongoClient.connect(mongoUrl);
  const store = fileStore(mongo.db(`${mongo.db().databaseName}_files`), { retentionMs: 86_400_000, masterKey: BENCH_MASTER_KEY });
  try {
    await waitUntilAnswering(`${base}/ready`, api);
    const org = await benchOrg(base, BENCH_ADMIN_TOKEN);
    // The engine options a job carries for this organization's default policy.
    const options = checkOptionsOf(FileScanJob.shape.policy.parse(org.policy), 'AI_TOOL', new KeyVault(BENCH_MASTER_KEY).maskingKeyFor(org.orgId));

    console.log('file checks: timing the steps in-process (no worker running)');
    const steps = await timeSteps(files, options, (type) => setup.plan[type].reps);
    const storeIo = new Map<FileType, number>();
    for (const file of files) storeIo.set(file.type, await timeStore(store, file.bytes, steps.get(file.type)!.masked, setup.plan[file.type].reps));

    // Masked files stay in the store, as for the 24 h of retention: later rows meet a fuller store.
    const target = { url: `${base}/api/preflight`, org, queue, env };
    const loads = new Map<string, Load>();
    const legs = new Map<FileType, Legs[]>();
    for (const concurrency of setup.concurrency) {
      for (const file of files) {
        const run = await loadRun(target, file, concurrency);
        loads.set(`${file.type}/${concurrency}`, run.load);
        if (concurrency === 1) legs.set(file.type, run.legs);
      }
    }
    const apiPeakMiB = memoryOf(api.pid ?? 0).peakMiB;
    await stopProcess(api);
    const scratch = Object.assign(new URL(mongoBase), { pathname: `/${database}_store` }).toString();
    const png = files.find((f) => f.type === 'png')!;
    const storeCosts = await storeGrowth(scratch, files.map((f) => f.bytes), png.bytes, setup.storeLevels);
    const section = fileReport(setup, {
      files,
      steps,
      storeIo,
      loads,
      legs,
      storeCosts,
      apiPeakMiB,
      minutes: (Date.now() - started) / 60_000,
      loadBefore,
      loadAfter: loadavg(),
    });
    writeSection('file-checks', section);
    console.log(section);
  } finally {
    await stopProcess(api);
    await queue.close();
    await mongo.db().dropDatabase().catch(() => undefined);
    await mongo.close();
    // This run's jobs and audit journal.
    await deleteKeysUnder(redis, redisPrefix);
    redis.disconnect();
  }
}

await main();
