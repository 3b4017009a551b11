// The "File checks" section of bench/RESULTS.md, from what bench/files.ts measured.
import type { Legs } from './file-client.js';
import { FILE_TYPES, type BenchFile, type FileType } from './file-corpus.js';
import { LIBRARY_CALL, median, type StepTimes } from './file-steps.js';
import type { StoreCost } from './file-store-growth.js';
import { machineLine } from './results-file.js';

/** Issue 5's targets. */
const OVERHEAD_TARGET = 0.15;
const RSS_TARGET_MIB = 1024;
const OCR_TYPES: FileType[] = ['scanned-pdf', 'png', 'jpeg'];
const NAMES: Record<FileType, string> = { text: 'text', pdf: 'PDF (text layer)', 'scanned-pdf': 'scanned PDF', docx: 'DOCX', png: 'PNG', jpeg: 'JPEG' };

export interface Setup {
  scale: number;
  plan: Record<FileType, { files: number; reps: number }>;
  concurrency: number[];
  inFlightPerSlot: number;
  warmupFiles: number;
  /** Masked files kept in the store when its costs are measured. */
  storeLevels: number[];
}

export interface Load {
  files: number;
  filesPerMin: number;
  p50: number;
  p95: number;
  errors: number;
  peakMiB: number;
}

export interface Measured {
  files: BenchFile[];
  steps: Map<FileType, StepTimes>;
  /** The worker's GridFS work for one check, in-process (ms). */
  storeIo: Map<FileType, number>;
  /** By `${type}/${concurrency}`. */
  loads: Map<string, Load>;
  /** One file at a time at concurrency 1. */
  legs: Map<FileType, Legs[]>;
  storeCosts: StoreCost[];
  apiPeakMiB: number;
  minutes: number;
  loadBefore: number[];
  loadAfter: number[];
}

const ms = (x: number) => (Math.abs(x) < 10 ? x.toFixed(1) : Math.round(x).toString());
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const n = (x: number) => x.toLocaleString('en-US');
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

export function fileReport(setup: Setup, m: Measured): string {
  const step = (type: FileType) => m.steps.get(type)!;
  const load = (type: FileType, c: number) => m.loads.get(`${type}/${c}`)!;
  const leg = (type: FileType, name: keyof Legs) => median((m.legs.get(type) ?? []).map((l) => l[name]));
  const overhead = (type: FileType) => (leg(type, 'e2e') - step(type).library) / step(type).library;

  const fixtures = m.files.map((f) => {
    const { extraction, detected } = step(f.type);
    const pages = f.type === 'pdf' || f.type === 'scanned-pdf' ? `${extraction.pages} (${extraction.ocrPages} OCR)` : extraction.ocrPages ? '1 (OCR)' : '1';
    return row([NAMES[f.type], f.label, n(f.bytes.length), pages, n(extraction.text.length), detected]);
  });
  const throughput = FILE_TYPES.flatMap((type) =>
    setup.concurrency.map((c) => {
      const l = load(type, c);
      const speedup = c === setup.concurrency[0] ? '' : `×${(l.filesPerMin / load(type, setup.concurrency[0]!).filesPerMin).toFixed(2)}`;
      return row([NAMES[type], c, l.files, l.filesPerMin.toFixed(1), speedup, ms(l.p50), ms(l.p95), l.errors, l.peakMiB]);
    }),
  );
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const overheads = FILE_TYPES.map((type) => {
    const e2e = leg(type, 'e2e');
    const beyondOurs = (e2e - step(type).extract) / step(type).extract;
    return row([NAMES[type], LIBRARY_CALL[type], ms(step(type).library), ms(step(type).extract), ms(e2e), pct(overhead(type)), verdict(overhead(type) <= OVERHEAD_TARGET), pct(beyondOurs)]);
  });
  const legs = FILE_TYPES.map((type) => {
    const s = step(type);
    const io = m.storeIo.get(type)!;
    const sum = s.extract + s.check + s.mask + io;
    return row([NAMES[type], ms(leg(type, 'upload')), ms(leg(type, 'pickup')), ms(leg(type, 'job')), ms(leg(type, 'answer')), ms(s.extract), ms(s.check), ms(s.mask), ms(io), ms(sum)]);
  });
  const ocrPeak = Math.max(...OCR_TYPES.flatMap((type) => setup.concurrency.map((c) => load(type, c).peakMiB)));
  const met = FILE_TYPES.filter((type) => overhead(type) <= OVERHEAD_TARGET).map((type) => NAMES[type]);
  const missed = FILE_TYPES.filter((type) => !(overhead(type) <= OVERHEAD_TARGET)).map((type) => NAMES[type]);
  const store = m.storeCosts.map((c) => row([n(c.retained), ms(c.putMs), ms(c.downloadMs)]));
  const probeBytes = m.files.find((f) => f.type === 'png')?.bytes.length ?? 0;
  const loadavg = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  const reps = FILE_TYPES.map((type) => `${NAMES[type]} ${setup.plan[type].reps}`).join(', ');

  return `
## File checks (\`npm run bench:files\`)

${machineLine()}
Run: ${m.minutes.toFixed(1)} min at scale ${setup.scale}; load average (1/5/15 min) ${loadavg(m.loadBefore)} before, ${loadavg(m.loadAfter)} after.
The API (\`dist/api/server.js\`, \`FILE_WAIT_MS=300000\` so every request waits for its answer, \`AUDIT_DRAIN_IN_API=true\`) and the worker (\`dist/workers/main.js\`, \`FILE_WORKER_CONCURRENCY\` = \`OCR_WORKERS\` = 1, then 2) run as separate processes, with local Redis and FerretDB (on PostgreSQL). The benchmark process is the client. All of them share the 2 cores. Default policy, destination AI_TOOL. Every file holds personal data, so every check must come back ALLOWED_WITH_MASKING with a masked file; any other answer counts as an error.

### The files

| type | file | bytes | pages | characters extracted | detected |
|---|---|---:|---:|---:|---|
${fixtures.join('\n')}

### Throughput, latency and worker memory

Each row submits the same file over HTTP (multipart), with ${setup.inFlightPerSlot} requests in flight per worker slot so the worker never waits for work. Each row gets a fresh worker process and ${setup.warmupFiles} warm-up files first. Latency runs from sending the request to reading the answer, so it includes the wait in the queue behind the other in-flight files. Peak RSS is the worker's \`VmHWM\` after the row's run; the OCR threads are worker threads of the same process, so it includes them.

| type | worker concurrency | files | files/min | vs concurrency ${setup.concurrency[0]} | p50 ms | p95 ms | errors | worker peak RSS MiB |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${throughput.join('\n')}

- Worker peak RSS under OCR load (scanned PDF, PNG, JPEG): **${ocrPeak} MiB** at most (target ≤ ${RSS_TARGET_MIB} MiB: ${verdict(ocrPeak <= RSS_TARGET_MIB)}). API peak RSS over the whole run: ${m.apiPeakMiB} MiB.

### Pipeline overhead against the extraction library

At worker concurrency 1, one file at a time (no queueing), the median end-to-end time over HTTP is set against the median time of the extraction library called directly on the same file, warm, in the benchmark process. Overhead = (end to end − library) / library. For comparison, the last column sets the end-to-end time against our own \`extract()\` on the same file, which adds the guards and, for images, the normalisation that OCR reads (grayscale; small text read again doubled). Repetitions: ${reps}.

| type | library call | library ms | our extract ms | end to end ms | overhead | ≤ 15% | beyond our extract |
|---|---|---:|---:|---:|---:|---|---:|
${overheads.join('\n')}

- Overhead target (≤ 15% of the extraction time): ${missed.length === 0 ? '**met** for every type.' : `**not met** for ${missed.join(', ')}; met for ${met.join(', ') || 'none'}.`}

Where the end-to-end time goes (medians, ms; medians of parts need not add up to the median of the whole). The first four columns come from each check's BullMQ job timestamps:
- **upload + enqueue**: from sending the request until the API enqueued the job. This covers the multipart upload streamed into GridFS.
- **queue pickup**: until the worker took the job.
- **worker job**: the processor, from reading the upload to deleting it.
- **completion → answer**: the completion event reaching the waiting request, plus the HTTP answer.

The next columns time the worker's steps in the benchmark process, warm, on the same file. Their sum, set against the worker job, shows how far in-process times stand for the worker's (the OCR'd types vary by a few hundred ms from run to run):
- **our extract**: \`extract()\`, which adds the guards, sniffing and the image normalisation for OCR to the library calls.
- **engine**: \`checkWithPlan\`.
- **masking**: \`maskFile\`, the masked file in its own format.
- **GridFS**: reading the upload, storing the masked file and deleting the upload, through the product's \`FileStore\`. The audit record (one Redis script) is not included.

| type | upload + enqueue | queue pickup | worker job | completion → answer | our extract | engine | masking | GridFS | sum of the four |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${legs.join('\n')}

### Masked files kept, and what a check costs

Every check stores its masked file with \`FileStore.putMasked\` and every download reads one; the store keeps them for \`MASKED_FILE_RETENTION_HOURS\` (24 h by default), so these costs must not grow with the files kept. FerretDB reads a whole collection for every lookup, indexes or not, so each file has a GridFS bucket of its own (docs/files.md). Below, \`putMasked\` and a full download of a ${n(probeBytes)}-byte file, medians of 3, with N masked files already kept (the six benchmark files in turn; a scratch database on the same FerretDB):

| masked files kept | putMasked ms | download ms |
|---:|---:|---:|
${store.join('\n')}
`;
}
