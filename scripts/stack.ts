// Runs a command against the local stack: `start` (API), `test` (type check + vitest), `fuzz`
// (schemathesis against a running API and worker: scripts/fuzz.ts), `bench`,
// `bench-files` (file checks end to end);
// `eval` (detection accuracy) is pure and runs without the stack.
// Local Redis and PostgreSQL + FerretDB are started only when REDIS_URL / MONGODB_URL are unset, and
// stopped on exit (scripts/local-services.ts, docs/store.md).
// `start` runs the API and the worker under a supervisor that restarts either when it crashes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalServices, type LocalServices } from './local-services.js';
import { printBanner } from './start-banner.js';
import { Supervisor } from './supervisor.js';

type Mode = 'start' | 'test' | 'fuzz' | 'bench' | 'bench-files' | 'eval';

/** Starts a child with our SIGINT/SIGTERM forwarded to it; `exited` resolves with its exit code. */
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; exited: Promise<number> } {
  const child = spawn(cmd, args, { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const exited = new Promise<number>((resolvePromise) => {
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
  return { child, exited };
}

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv) => start(cmd, args, env).exited;

/** The local default keeps its generated admin token and master key in DATA_DIR, readable by the owner only. */
function localSecrets(dataDir: string): { adminToken: string; masterKey: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { adminToken: randomBytes(24).toString('base64url'), masterKey: randomBytes(32).toString('base64') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

async function withServices(dataDir: string, opts: { persist: boolean; redisCluster?: boolean }, body: (s: LocalServices) => Promise<number>) {
  const services = await startLocalServices(dataDir, opts);
  let code = 1;
  try {
    code = await body(services);
  } finally {
    await services.stop();
  }
  return code;
}

async function main(mode: Mode, args: string[]): Promise<number> {
  const node = process.execPath;
  if (mode === 'eval') return run(node, ['--import', 'tsx', 'bench/eval/run.ts', ...args], process.env);
  if (mode === 'start') {
    const dataDir = resolve(process.env.DATA_DIR ?? '.data');
    mkdirSync(dataDir, { recursive: true });
    const secrets = localSecrets(dataDir);
    return withServices(dataDir, { persist: true }, (s) => {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        REDIS_URL: s.redisUrl,
        MONGODB_URL: s.mongodbUrl,
        SERVICE_ADMIN_TOKEN: process.env.SERVICE_ADMIN_TOKEN ?? secrets.adminToken,
        SERVICE_MASTER_KEY: process.env.SERVICE_MASTER_KEY ?? secrets.masterKey,
      };
      const stack = new Supervisor([
        { name: 'api', command: node, args: ['--import', 'tsx', 'src/api/server.ts'], env },
        { name: 'worker', command: node, args: ['--import', 'tsx', 'src/workers/main.ts'], env },
      ]).start();
      const stop = (signal: NodeJS.Signals) => void stack.stop(signal);
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      void printBanner(env).catch((err: unknown) => console.error(`preflight: ${String(err)}`));
      // A crashed API or worker is started again (scripts/supervisor.ts); the stack ends on a signal,
      // on a child's clean exit, or after too many quick crashes in a row.
      return stack.done;
    });
  }
  // `--redis-cluster` (or PREFLIGHT_REDIS_CLUSTER=1): a local 3-master Redis Cluster instead of one Redis.
  const redisCluster = args.includes('--redis-cluster') || process.env.PREFLIGHT_REDIS_CLUSTER === '1';
  args = args.filter((a) => a !== '--redis-cluster');
  const dataDir = mkdtempSync(join(tmpdir(), `preflight-${mode}-`));
  try {
    return await withServices(dataDir, { persist: false, redisCluster }, async (s) => {
      // LOCAL_POSTGRES_URL: tests that start a FerretDB of their own store into a database of their own on this cluster.
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        REDIS_URL: s.redisUrl,
        MONGODB_URL: s.mongodbUrl,
        ...(s.postgresUrl ? { LOCAL_POSTGRES_URL: s.postgresUrl } : {}),
      };
      if (mode === 'test') {
        const typecheck = await run(node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], env);
        if (typecheck !== 0) return typecheck;
        const report = join(dataDir, 'vitest.json');
        const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
        const code = await run(node, [...vitest, ...args], env);
        // A plain closing line that any CI can read, whatever it knows of vitest.
        if (existsSync(report)) {
          const r = JSON.parse(readFileSync(report, 'utf8')) as Record<string, number>;
          console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${(r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)} skipped`);
        }
        return code;
      }
      if (mode === 'fuzz') return run(node, ['--import', 'tsx', 'scripts/fuzz.ts', ...args], env);
      const bench = mode === 'bench-files' ? 'bench/files.ts' : 'bench/run.ts';
      return run(node, ['--import', 'tsx', bench, ...args], env);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const [mode, ...args] = process.argv.slice(2);
if (mode !== 'start' && mode !== 'test' && mode !== 'fuzz' && mode !== 'bench' && mode !== 'bench-files' && mode !== 'eval') {
  console.error('usage: stack.ts start|test|fuzz|bench|bench-files|eval [args...]');
  process.exit(2);
}
main(mode, args).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`preflight: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
