// Starts a private Redis, PostgreSQL and FerretDB on free loopback ports for local runs and tests, and
// stops them. The store is FerretDB on its PostgreSQL backend (docs/store.md, "Local store"):
// PostgreSQL's cluster lives under `<dataDir>/postgres`, run as the `postgres` user when we are root
// (PostgreSQL refuses root), as ourselves otherwise.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { migrateSqliteStore, sqliteFilesIn } from './sqlite-migration.js';

const execFileAsync = promisify(execFile);

export interface LocalServices {
  redisUrl: string;
  mongodbUrl: string;
  /** The local PostgreSQL cluster's superuser URL (database `ferretdb`), when this started one. */
  postgresUrl?: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(name: string, child: ChildProcess, port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before accepting connections`);
    if (await portAccepts(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not accept connections on port ${port} within ${timeoutMs} ms`);
}

/** `signal`, then SIGKILL if the process has not exited after `graceMs`; resolved once it has exited. */
function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

/** `port` restarts a Redis on the port it had (a fault test bringing it back). */
export async function startRedis(dir: string, persist: boolean, port?: number): Promise<{ url: string; child: ChildProcess }> {
  mkdirSync(dir, { recursive: true });
  port ??= await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', persist ? 'yes' : 'no');
  const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForPort('redis-server', child, port);
  return { url: `redis://127.0.0.1:${port}`, child };
}

/** Cluster nodes drop a node they have not heard from in this long: short, for local runs. */
const CLUSTER_NODE_TIMEOUT_MS = 2_000;

/**
 * A Redis Cluster of `masters` nodes and no replicas on free loopback ports (`npm test -- --redis-cluster`),
 * made with `redis-cli --cluster create` (redis-tools comes with Debian's redis-server): every slot
 * assigned, answered once every node reports the cluster ok.
 */
export async function startRedisCluster(dir: string, masters = 3): Promise<{ url: string; children: ChildProcess[] }> {
  const children: ChildProcess[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < masters; i += 1) {
      const port = await freePort();
      const nodeDir = join(dir, String(port));
      mkdirSync(nodeDir, { recursive: true });
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', nodeDir, '--save', '', '--appendonly', 'no'];
      args.push('--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', String(CLUSTER_NODE_TIMEOUT_MS));
      const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(child);
      await waitForPort('redis-server (cluster node)', child, port);
      ports.push(port);
    }
    const nodes = ports.map((port) => `127.0.0.1:${port}`);
    await execFileAsync('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes']);
    const deadline = Date.now() + 30_000;
    for (const port of ports) {
      for (;;) {
        const { stdout } = await execFileAsync('redis-cli', ['-p', String(port), 'cluster', 'info']);
        if (stdout.includes('cluster_state:ok')) break;
        if (Date.now() > deadline) throw new Error(`redis cluster node ${port} not ok within 30 s:\n${stdout}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return { url: `redis-cluster://${nodes.join(',')}`, children };
  } catch (err) {
    await Promise.all(children.map((child) => stopChild(child)));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

/** The superuser initdb creates; FerretDB connects as it (a private, loopback-only cluster). */
const PG_USER = 'preflight';
/** The database FerretDB keeps its Mongo databases in (one PostgreSQL schema each). */
const PG_DATABASE = 'ferretdb';
const SETUP_SQL = join(dirname(fileURLToPath(import.meta.url)), 'ferretdb-postgres.sql');

export interface Postgres {
  /** `postgres://preflight:…@127.0.0.1:<port>/ferretdb` */
  url: string;
  port: number;
  dir: string;
  child: ChildProcess;
  /** Fast shutdown (SIGINT), resolved once the server has exited. */
  stop(): Promise<void>;
}

/** The bin directory of Debian's PostgreSQL: PG_BIN_DIR (scripts/run.sh sets it), else the newest installed. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run through scripts/run.sh (npm start / npm test)');
  return join(root, versions[0], 'bin');
}

/** Whom PostgreSQL runs as: the `postgres` user when we are root (it refuses root), else ourselves. */
function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('running as root, PostgreSQL needs the `postgres` user (Debian\'s postgresql package makes it): run through scripts/run.sh');
  }
}

/**
 * As root, the `postgres` user must be able to reach its data directory: every ancestor needs search
 * (x) permission for others. Directories that lack it get o+x added (not read: listing stays
 * refused); mkdtemp's 0700 directories, DATA_DIR among them, become 0711. A change above the
 * directory that holds the cluster (e.g. a home directory that is 0700) is said on stderr.
 */
function makeTraversable(dir: string): void {
  const parent = dirname(dir);
  for (let p = parent; ; p = dirname(p)) {
    const mode = statSync(p).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(p, mode | 0o001);
      if (p !== parent) console.error(`preflight: added o+x to ${p} so that the postgres user can reach ${dir}`);
    }
    if (dirname(p) === p) break;
  }
}

/** A password kept next to the cluster (`<dir>.password`, 0600), made on first use. */
function clusterPassword(dir: string): string {
  const file = `${dir}.password`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Spawned as `owner` (uid and gid; Node drops supplementary groups) with `/` as working directory. */
function spawnAs(owner: { uid: number; gid: number } | undefined, cmd: string, args: string[], stdout: 'ignore' | 'pipe'): ChildProcess {
  return spawn(cmd, args, { ...(owner ?? {}), cwd: '/', stdio: ['ignore', stdout, 'pipe'] });
}

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 0)));
  });
}

async function initdb(dir: string, password: string, persist: boolean): Promise<void> {
  const owner = postgresOwner();
  mkdirSync(dir, { recursive: true });
  if (owner) {
    makeTraversable(dir);
    chownSync(dir, owner.uid, owner.gid);
  }
  chmodSync(dir, 0o700);
  // initdb reads the password from a file; it lives beside the cluster only while initdb runs.
  const pwfile = `${dir}.initdb-password`;
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    const args = ['-D', dir, '-U', PG_USER, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-locale', '--no-instructions'];
    if (!persist) args.push('--no-sync');
    const child = spawnAs(owner, join(postgresBinDir(), 'initdb'), args, 'pipe');
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const code = await exited(child);
    if (code !== 0) throw new Error(`initdb of ${dir} failed (exit ${code}):\n${output}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
  // Password logins over loopback TCP only: the server listens on 127.0.0.1 and on no Unix socket.
  const hba = join(dir, 'pg_hba.conf');
  writeFileSync(hba, `# written by scripts/local-services.ts\nhost all ${PG_USER} 127.0.0.1/32 scram-sha-256\n`, { mode: 0o600 });
  if (owner) chownSync(hba, owner.uid, owner.gid);
}

/** Server settings, given on the command line at every start (docs/store.md, "Local store"). */
function serverSettings(port: number, persist: boolean): string[] {
  const settings: Record<string, string> = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    // FerretDB's pools (FERRETDB_POOL_MAX_CONNS each) open connections on demand; tests run several FerretDBs on one cluster.
    max_connections: '600',
    shared_buffers: '256MB',
    effective_cache_size: '4GB',
    work_mem: '16MB',
    maintenance_work_mem: '256MB',
    random_page_cost: '1.1',
    huge_pages: 'off',
    jit: 'off',
    plan_cache_mode: 'force_custom_plan',
    // Statement errors (a duplicate key, say) are FerretDB's to report; ours is whether the server runs.
    log_min_messages: 'fatal',
    log_min_error_statement: 'panic',
  };
  if (!persist) Object.assign(settings, { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
  return Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

/** Runs SQL (or a file of it) through psql against a local cluster's URL; returns psql's output. */
export async function psql(url: string, input: { sql: string } | { file: string }): Promise<string> {
  const u = new URL(url);
  const args = ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', u.hostname, '-p', u.port, '-U', decodeURIComponent(u.username), '-d', u.pathname.slice(1)];
  args.push(...('sql' in input ? ['-c', input.sql] : ['-f', input.file]));
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password), PGOPTIONS: '-c client_min_messages=warning', PGCONNECT_TIMEOUT: '5' };
  const { stdout } = await execFileAsync(join(postgresBinDir(), 'psql'), args, { env, encoding: 'utf8' });
  return stdout.trim();
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** Makes `database` on the cluster of `url` if it is missing, and readies it for FerretDB (trigger, plan cache mode). */
export async function preparePostgresDatabase(url: string, database: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`not a plain PostgreSQL database name: ${database}`);
  const admin = withDatabase(url, 'postgres');
  const exists = await psql(admin, { sql: `SELECT 1 FROM pg_database WHERE datname = '${database}'` });
  if (exists !== '1') {
    await psql(admin, { sql: `CREATE DATABASE ${database}` }).catch(async (err: unknown) => {
      // Another process made it between our look and our CREATE.
      if ((await psql(admin, { sql: `SELECT 1 FROM pg_database WHERE datname = '${database}'` })) !== '1') throw err;
    });
  }
  const target = withDatabase(url, database);
  await psql(target, { file: SETUP_SQL });
  return target;
}

/**
 * Starts PostgreSQL on the cluster in `dir` (made with initdb on first use) on a free loopback port,
 * with database `ferretdb` ready for FerretDB. `persist: false` (tests, benchmarks) trades crash
 * safety for speed: fsync, synchronous_commit and full_page_writes off.
 */
export async function startPostgres(dir: string, opts: { persist: boolean; port?: number }): Promise<Postgres> {
  dir = resolve(dir);
  mkdirSync(dirname(dir), { recursive: true });
  const password = clusterPassword(dir);
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (fresh) await initdb(dir, password, opts.persist);
  const pidFile = join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      // a stale pid file from a crash: PostgreSQL removes it itself
    }
    if (alive) throw new Error(`PostgreSQL already runs on ${dir} (pid ${pid}), left by a run that did not stop (or another run on the same DATA_DIR): stop it with \`kill -INT ${pid}\``);
  }
  const port = opts.port ?? (await freePort());
  const child = spawnAs(postgresOwner(), join(postgresBinDir(), 'postgres'), ['-D', dir, ...serverSettings(port, opts.persist)], 'ignore');
  // Its log (FATAL and PANIC only) goes to our stderr, less what connections refused while it starts
  // or stops, and those still open at a fast shutdown, leave.
  if (child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (!/terminating connection due to administrator command|the database system is (starting up|shutting down)/.test(line)) process.stderr.write(`${line}\n`);
    });
  }
  const stop = () => stopChild(child, 'SIGINT', 60_000);
  const url = `postgres://${PG_USER}:${password}@127.0.0.1:${port}/${PG_DATABASE}`;
  try {
    await waitForPort('postgres', child, port, 120_000);
    // It accepts connections before crash recovery ends: wait until it answers a query.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode} while starting`);
      const ok = await psql(withDatabase(url, 'postgres'), { sql: 'SELECT 1' }).then(() => true, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`PostgreSQL on ${dir} did not answer within 120 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await preparePostgresDatabase(url, PG_DATABASE);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, dir, child, stop };
}

// ---------------------------------------------------------------------------------------------------
// FerretDB

/**
 * FerretDB's pool of PostgreSQL connections (pgx, `pool_max_conns`, 50 by default). A FerretDB 1.24
 * command may hold one connection while it waits for another, so a pool that many concurrent commands
 * fill stops answering for good (seen: the audit drain's concurrent counter upserts, and the API's
 * reads, left FerretDB with 50 idle connections and answering nothing). Our processes open at most
 * 32 Mongo connections each (src/store/mongo.ts); the pool is made large enough for several of them twice over.
 */
const FERRETDB_POOL_MAX_CONNS = 300;
/**
 * PostgreSQL connections FerretDB keeps open even when idle (`pool_min_conns`; pgx opens them in the
 * background). Opened on demand instead, a listing that reads 20 slots at once opened 20 connections
 * at once (a backend forked, authenticated and its statements prepared, each): 180–255 ms instead of
 * ~70 (docs/store.md). 32 is one process's Mongo pool. Connections are renewed hourly (pgx's
 * default), spread over half an hour so they are not all opened again in the same moment.
 */
const FERRETDB_POOL_MIN_CONNS = 32;

function withPoolSize(url: string): string {
  const u = new URL(url);
  const defaults = { pool_max_conns: FERRETDB_POOL_MAX_CONNS, pool_min_conns: FERRETDB_POOL_MIN_CONNS, pool_max_conn_lifetime_jitter: '30m' };
  for (const [name, value] of Object.entries(defaults)) if (!u.searchParams.has(name)) u.searchParams.set(name, String(value));
  return u.toString();
}

/**
 * FerretDB on the PostgreSQL backend, its state in `dir`. It stores into `opts.postgresUrl` when
 * given; else (a test's own FerretDB, to kill and start again) into a PostgreSQL database of its own,
 * named after `dir`, on the cluster of the run (LOCAL_POSTGRES_URL, which scripts/stack.ts sets for
 * `npm test`, bench and fuzz), so a FerretDB started again on the same `dir` finds its data. `port`
 * restarts it on the port it had.
 */
export async function startFerretDb(dir: string, database: string, port?: number, opts: { postgresUrl?: string } = {}): Promise<{ url: string; child: ChildProcess }> {
  const bin = process.env.FERRETDB_BIN;
  if (!bin) throw new Error('FERRETDB_BIN is not set: run through scripts/run.sh (npm start / npm test)');
  mkdirSync(dir, { recursive: true });
  let postgresUrl = opts.postgresUrl;
  if (!postgresUrl) {
    const shared = process.env.LOCAL_POSTGRES_URL;
    if (!shared) throw new Error('no PostgreSQL for FerretDB: pass opts.postgresUrl, or run through scripts/run.sh (it sets LOCAL_POSTGRES_URL)');
    const name = `pf_${createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 24)}`;
    postgresUrl = await preparePostgresDatabase(shared, name);
  }
  port ??= await freePort();
  const child = spawn(
    bin,
    [
      '--handler=postgresql',
      `--postgresql-url=${withPoolSize(postgresUrl)}`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // The PostgreSQL handler logs every failed statement at error level, a duplicate key among them;
  // that one the client gets as E11000 (the audit drain meets it on every redelivery): not repeated here.
  if (child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (!line.includes('"Code":"23505"')) process.stderr.write(`${line}\n`);
    });
  }
  await waitForPort('ferretdb', child, port);
  return { url: `mongodb://127.0.0.1:${port}/${database}`, child };
}

/** Starts what the environment does not already provide; `stop` ends it in reverse order. */
export async function startLocalServices(dataDir: string, opts: { persist: boolean; redisCluster?: boolean }): Promise<LocalServices> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s();
  };
  try {
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl && opts.redisCluster) {
      // Cluster state lives in nodes.conf beside each node's data: a fresh cluster every run.
      rmSync(join(dataDir, 'redis-cluster'), { recursive: true, force: true });
      const cluster = await startRedisCluster(join(dataDir, 'redis-cluster'));
      stops.push(() => Promise.all(cluster.children.map((child) => stopChild(child))).then(() => undefined));
      redisUrl = cluster.url;
    }
    if (!redisUrl) {
      const redis = await startRedis(join(dataDir, 'redis'), opts.persist);
      stops.push(() => stopChild(redis.child));
      redisUrl = redis.url;
    }
    let mongodbUrl = process.env.MONGODB_URL;
    let postgresUrl: string | undefined;
    if (!mongodbUrl) {
      const ferretDir = join(dataDir, 'ferretdb');
      const oldStore = sqliteFilesIn(ferretDir);
      const postgres = await startPostgres(join(dataDir, 'postgres'), { persist: opts.persist });
      stops.push(postgres.stop);
      postgresUrl = postgres.url;
      const ferret = await startFerretDb(ferretDir, 'preflight', undefined, { postgresUrl });
      stops.push(() => stopChild(ferret.child));
      mongodbUrl = ferret.url;
      if (oldStore.length > 0) await migrateSqliteStore(dataDir, ferretDir, oldStore, ferret.url);
    }
    return { redisUrl, mongodbUrl, ...(postgresUrl ? { postgresUrl } : {}), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
