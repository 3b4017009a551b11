// `preflight`: the command-line scanner (docs/cli.md). Local scans use the service's own engine and
// extractors, offline; `--server` sends the files through a running service. Exit codes: 0 nothing
// to block, 1 a BLOCK rule fired, 2 an error, and any error fails closed.
import { readFileSync } from 'node:fs';
import { parseCommandLine, USAGE, UsageError, type ScanArgs } from './args.js';
import type { CliCheckOptions } from './check-text.js';
import { CliError } from './errors.js';
import { formatJson } from './format-json.js';
import { formatSarif } from './format-sarif.js';
import { formatText } from './format-text.js';
import { scanLocal, type ScanOutcome } from './local-scan.js';
import { defaultPolicy, loadPolicy } from './policy-file.js';
import { progressLine } from './progress.js';
import { exitCodeOf, worstDecision, type ScanReport } from './report.js';
import { scanThroughService } from './server-scan.js';
import { ServiceClient } from './service-client.js';
import { isSkip, type Skip, type Source } from './source.js';
import { stagedSources } from './staged.js';
import { walk } from './walk.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function collect(args: ScanArgs): Promise<{ sources: Source[]; skips: Skip[] }> {
  let all: Array<Source | Skip> = [];
  if (args.staged) all = await stagedSources();
  else for await (const s of walk(args.paths)) all.push(s);
  return { sources: all.filter((s): s is Source => !isSkip(s)), skips: all.filter(isSkip) };
}

/** Where files are checked: through the service, or here under a policy (read before any file is). */
type Target = { server: NonNullable<ScanArgs['server']> } | { check: CliCheckOptions };

async function targetOf(args: ScanArgs): Promise<Target> {
  if (args.server) return { server: args.server };
  const policy = args.policy ? await loadPolicy(args.policy) : defaultPolicy();
  return { check: { rules: policy.rules, destination: args.destination, customDetectors: policy.customDetectors, allow: policy.allow, minConfidence: policy.minConfidence } };
}

async function scan(args: ScanArgs): Promise<ScanReport> {
  const started = performance.now();
  const target = await targetOf(args);
  const { sources, skips } = await collect(args);
  const progress = progressLine(process.stderr, sources.length, sources.reduce((n, s) => n + s.size, 0));
  let outcome: ScanOutcome;
  try {
    if ('server' in target) {
      const { url, key } = target.server;
      const client = new ServiceClient({ baseUrl: url, apiKey: key, destination: args.destination, timeoutMs: args.timeoutMs, retries: 5 });
      outcome = await scanThroughService(sources, client, progress.update);
    } else {
      outcome = await scanLocal(sources, { check: target.check, threads: args.threads, onProgress: progress.update });
    }
  } finally {
    progress.done();
  }
  return {
    mode: args.server ? 'server' : args.staged ? 'staged' : 'local',
    destination: args.destination,
    decision: worstDecision(outcome.files.map((f) => f.decision)),
    files: outcome.files,
    skipped: [...skips.map((s) => ({ path: s.path, reason: s.skipped })), ...outcome.skipped],
    failed: outcome.failed,
    stats: { files_scanned: outcome.filesScanned, bytes_scanned: outcome.bytesScanned, seconds: (performance.now() - started) / 1000 },
  };
}

function render(report: ScanReport, args: ScanArgs): string {
  if (args.format === 'json') return formatJson(report, VERSION);
  if (args.format === 'sarif') return formatSarif(report, VERSION);
  const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return formatText(report, colour);
}

const write = (stream: NodeJS.WriteStream, text: string) => new Promise<void>((resolve) => stream.write(text, () => resolve()));

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseCommandLine(argv, process.env);
    if (args.command === 'help') return await write(process.stdout, `${USAGE}\n`).then(() => 0);
    if (args.command === 'version') return await write(process.stdout, `${VERSION}\n`).then(() => 0);
    const report = await scan(args);
    await write(process.stdout, render(report, args));
    return exitCodeOf(report);
  } catch (err) {
    const message = err instanceof CliError ? err.message : `unexpected error: ${(err as Error).stack ?? String(err)}`;
    await write(process.stderr, `preflight: ${message}${err instanceof UsageError ? '\n(see preflight --help)' : ''}\n`);
    return 2;
  }
}

// A reader that went away (`preflight scan | head`) is not an error of the scan.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});

// Exit at once when done: a request still in flight after a fatal service error must not hold the process.
process.exit(await main(process.argv.slice(2)));
