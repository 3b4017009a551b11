// `npm run bench cli`: our CLI against gitleaks on the same ~50 MB tree of source and config files
// (bench/cli-tree.ts), one after the other in one run, each as a user runs it (a fresh process,
// wall time from spawn to exit). Target: our MB/s at least half of gitleaks'. Recall on the planted
// values is told beside the speed, so neither is bought with the other.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, homedir, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { writeTree, type Planted, type Tree } from './cli-tree.js';
import { machineLine, writeSection } from './results-file.js';

const GITLEAKS_VERSION = 'v8.21.2';
const RUNS = 2;
const TARGET = 0.5;

/** Where scripts/run.sh builds it (`ensure_gitleaks`); GITLEAKS_BIN overrides. */
const gitleaksBin = () => process.env.GITLEAKS_BIN ?? join(homedir(), '.cache/preflight/bin', `gitleaks-${GITLEAKS_VERSION}`);

interface Run {
  seconds: number;
  code: number;
  stdout: string;
  stderr: string;
}

function timed(cmd: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', fail);
    child.on('close', (code) => done({ seconds: (performance.now() - started) / 1000, code: code ?? -1, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
  });
}

/** `path:line` of each finding. */
type Hits = Set<string>;

async function runOurs(root: string): Promise<{ run: Run; hits: Hits; findings: number }> {
  const run = await timed(process.execPath, [resolve('dist/cli/main.js'), 'scan', '.', '--format', 'json'], root);
  // 1: BLOCK rules fired, as they must on this tree.
  if (run.code !== 1) throw new Error(`preflight exited ${run.code}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { files: Array<{ path: string; findings: Array<{ line: number }> }>; skipped: unknown[]; failed: unknown[] };
  if (report.failed.length || report.skipped.length) throw new Error('preflight skipped or failed files of the tree');
  const hits = new Set(report.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line}`)));
  return { run, hits, findings: report.files.reduce((n, f) => n + f.findings.length, 0) };
}

async function runGitleaks(root: string, reportPath: string): Promise<{ run: Run; hits: Hits; findings: number }> {
  const run = await timed(gitleaksBin(), ['dir', '.', '--no-banner', '--report-format', 'json', '--report-path', reportPath, '--exit-code', '0', '--log-level', 'error'], root);
  if (run.code !== 0) throw new Error(`gitleaks exited ${run.code}: ${run.stderr}`);
  const report = JSON.parse(await readFile(reportPath, 'utf8')) as Array<{ File: string; StartLine: number }>;
  const hits = new Set(report.map((f) => `${relative(root, resolve(root, f.File)).split('\\').join('/')}:${f.StartLine}`));
  return { run, hits, findings: report.length };
}

function recall(planted: readonly Planted[], hits: Hits, group: Planted['group']): string {
  const mine = planted.filter((p) => p.group === group);
  const found = mine.filter((p) => hits.has(`${p.path}:${p.line}`)).length;
  return `${found}/${mine.length} (${((found / mine.length) * 100).toFixed(1)}%)`;
}

/** Findings on no planted line: false positives, since the rest of the tree is clean code. */
function elsewhere(planted: readonly Planted[], hits: Hits): number {
  const lines = new Set(planted.map((p) => `${p.path}:${p.line}`));
  return [...hits].filter((h) => !lines.has(h)).length;
}

function section(tree: Tree, ours: Array<Awaited<ReturnType<typeof runOurs>>>, theirs: Array<Awaited<ReturnType<typeof runGitleaks>>>, load: { before: number[]; after: number[] }): string {
  const mb = tree.bytes / 1e6;
  const best = (runs: Array<{ run: Run }>) => Math.min(...runs.map((r) => r.run.seconds));
  const oursRate = mb / best(ours);
  const theirsRate = mb / best(theirs);
  const ratio = oursRate / theirsRate;
  const times = (runs: Array<{ run: Run }>) => runs.map((r) => r.run.seconds.toFixed(2)).join(', ');
  const kinds = [...new Set(tree.planted.map((p) => p.kind))].sort().map((k) => `${k} ${tree.planted.filter((p) => p.kind === k).length}`).join(', ');
  const exts = Object.entries(tree.byExt).map(([ext, e]) => `.${ext} ${e.files} files / ${(e.bytes / 1e6).toFixed(1)} MB`).join(', ');
  const last = (runs: Array<{ hits: Hits; findings: number }>) => runs[runs.length - 1]!;
  const row = (name: string, runs: Array<{ run: Run; hits: Hits; findings: number }>, rate: number) =>
    `| ${name} | ${times(runs)} | ${rate.toFixed(2)} | ${last(runs).findings} | ${recall(tree.planted, last(runs).hits, 'secret')} | ${recall(tree.planted, last(runs).hits, 'pii')} | ${elsewhere(tree.planted, last(runs).hits)} |`;
  return `## CLI scan of a source tree (\`npm run bench cli\`)

${machineLine()}
Load average (1/5/15 min) ${load.before.map((x) => x.toFixed(2)).join(' / ')} before, ${load.after.map((x) => x.toFixed(2)).join(' / ')} after: the machine was shared with other work, so both tools had less than the 2 cores.
Tree (bench/cli-tree.ts, seed 20261128): ${tree.files} files, ${mb.toFixed(1)} MB (${exts}); ${tree.planted.length} planted values (${kinds}). MB = 10^6 bytes.
Each tool runs ${RUNS} times, alternating, as a fresh process on the whole tree: \`node dist/cli/main.js scan . --format json\` (default policy, ${availableParallelism()} worker threads) and \`gitleaks dir . --report-format json\` (${GITLEAKS_VERSION}, built from the Go module proxy by scripts/run.sh; it scans up to 40 files at once on goroutines, so both tools may use every core). Wall time from spawn to exit; MB/s from the best run.

| tool | wall s (runs) | MB/s | findings | planted secrets found | planted personal data found | findings on no planted line |
|---|---|---:|---:|---:|---:|---:|
${row('Preflight CLI', ours, oursRate)}
${row(`gitleaks ${GITLEAKS_VERSION}`, theirs, theirsRate)}

Ratio: ${ratio.toFixed(2)} × gitleaks' speed (target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'missed'}). gitleaks looks for secrets only, so its personal-data column is expected to be near zero.`;
}

export async function benchCli(): Promise<void> {
  if (!existsSync(gitleaksBin())) throw new Error(`gitleaks not found at ${gitleaksBin()}: run \`npm run bench cli\` (scripts/run.sh builds it) or set GITLEAKS_BIN`);
  const root = await mkdtemp(join(tmpdir(), 'preflight-bench-cli-'));
  const reportPath = join(tmpdir(), `gitleaks-${process.pid}.json`);
  try {
    console.log('cli: writing the tree');
    const tree = await writeTree(root);
    const before = loadavg();
    const ours: Array<Awaited<ReturnType<typeof runOurs>>> = [];
    const theirs: Array<Awaited<ReturnType<typeof runGitleaks>>> = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await runOurs(root));
      console.log(`cli: preflight run ${i + 1}: ${ours[i]!.run.seconds.toFixed(2)} s`);
      theirs.push(await runGitleaks(root, reportPath));
      console.log(`cli: gitleaks run ${i + 1}: ${theirs[i]!.run.seconds.toFixed(2)} s`);
    }
    const body = section(tree, ours, theirs, { before, after: loadavg() });
    writeSection('cli', body);
    console.log(body);
  } finally {
    await rm(root, { recursive: true, force: true });
    await rm(reportPath, { force: true });
  }
}
