// The command line: `preflight scan [PATH…] | --staged [--server URL --key KEY] [options]`. Every
// mistake is a UsageError: a one-line message on stderr and exit 2.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { DESTINATIONS, type Destination } from '../engine/types.js';
import { CliError } from './errors.js';

export const FORMATS = ['text', 'json', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export interface ScanArgs {
  command: 'scan';
  paths: string[];
  staged: boolean;
  server: { url: string; key: string } | null;
  policy: string | null;
  destination: Destination;
  format: Format;
  threads: number;
  timeoutMs: number;
}

export type Args = ScanArgs | { command: 'help' } | { command: 'version' };

export class UsageError extends CliError {}

export const USAGE = `Usage: preflight scan [PATH…] [options]
       preflight scan --staged [options]

Scans files for secrets, personal, health and financial data with Preflight's engine.
Folders are walked honouring .gitignore; PATH defaults to the current folder.

Options:
  --staged                 scan the blobs staged for commit (git's index), not the working tree
  --server URL             check through a running Preflight service (its policy and audit apply)
  --key KEY                the policy API key for --server (or env PREFLIGHT_API_KEY)
  --policy FILE            a policy in the API's shape, YAML or JSON (default: the default rules)
  --destination DEST       AI_TOOL (default), VENDOR or CUSTOMER
  --format FORMAT          text (default), json or sarif
  --threads N              worker threads for local scans (default: one per core)
  --timeout SECONDS        per request, and per pending file check, with --server (default 120)
  -h, --help               this help
  --version                the version

Exit codes: 0 nothing to block, 1 a BLOCK rule fired, 2 an error (the scan is not trusted).
Docs: docs/cli.md`;

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a positive integer, not '${value}'`);
  return n;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}, not '${value}'`);
  return value as T;
}

export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): Args {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        staged: { type: 'boolean', default: false },
        server: { type: 'string' },
        key: { type: 'string' },
        policy: { type: 'string' },
        destination: { type: 'string', default: 'AI_TOOL' },
        format: { type: 'string', default: 'text' },
        threads: { type: 'string' },
        timeout: { type: 'string', default: '120' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('no command given: the command is `scan`');
  if (command !== 'scan') throw new UsageError(`unknown command '${command}': the command is \`scan\``);
  if (values.staged && paths.length) throw new UsageError('--staged scans the staged changes: give no paths with it');

  let server: ScanArgs['server'] = null;
  if (values.server !== undefined) {
    let url: URL;
    try {
      url = new URL(values.server);
    } catch {
      throw new UsageError(`--server must be a URL such as http://127.0.0.1:8080, not '${values.server}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server must be an http:// or https:// URL');
    const key = values.key ?? env.PREFLIGHT_API_KEY;
    if (!key) throw new UsageError('--server needs a policy API key: --key or env PREFLIGHT_API_KEY');
    if (values.policy !== undefined) throw new UsageError('--policy cannot be used with --server: the service applies the policy of the key');
    server = { url: url.toString(), key };
  } else if (values.key !== undefined) {
    throw new UsageError('--key is only used with --server');
  }

  return {
    command: 'scan',
    paths: paths.length ? paths : ['.'],
    staged: values.staged,
    server,
    policy: values.policy ?? null,
    destination: oneOf('--destination', values.destination, DESTINATIONS),
    format: oneOf('--format', values.format, FORMATS),
    threads: values.threads === undefined ? availableParallelism() : positiveInt('--threads', values.threads),
    timeoutMs: positiveInt('--timeout', values.timeout) * 1000,
  };
}
