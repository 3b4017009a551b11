// The local store of `npm start` / `npm test` (scripts/local-services.ts, docs/store.md "Local
// store"): PostgreSQL as a non-root user under DATA_DIR, FerretDB on it, GIN twins of the indexes
// made through the Mongo driver, equality finds that use them; a SQLite store from before is copied
// over; and two `scripts/run.sh start` at once on a fresh cache both build-or-wait and come up.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, preparePostgresDatabase, psql, startLocalServices, type LocalServices } from '../../scripts/local-services.js';
import { lineLog } from '../helpers/line-log.js';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** startLocalServices starts only what the environment lacks: the test run's own URLs are hidden meanwhile. */
async function localServices(dataDir: string, persist: boolean): Promise<LocalServices> {
  const saved = { MONGODB_URL: process.env.MONGODB_URL, REDIS_URL: process.env.REDIS_URL };
  delete process.env.MONGODB_URL;
  delete process.env.REDIS_URL;
  try {
    return await startLocalServices(dataDir, { persist });
  } finally {
    Object.assign(process.env, saved);
  }
}

const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const postgresUid = () => Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
const isRoot = process.getuid?.() === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The PostgreSQL table FerretDB keeps a collection in. */
const tableOf = (pg: string, db: string, collection: string) =>
  psql(pg, { sql: `SELECT _jsonb->>'table' FROM "${db}"._ferretdb_database_metadata WHERE _jsonb->>'_id' = '${collection}'` });
const indexesOf = async (pg: string, db: string, table: string) =>
  (await psql(pg, { sql: `SELECT indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = '${db}' AND tablename = '${table}'` })).split('\n');
const ginOn = (field: string) => (line: string) => line.includes('USING gin') && line.includes(`((_jsonb -> '${field}'::text)) jsonb_path_ops`);

describe('the local store', () => {
  let dataDir: string;
  let services: LocalServices;
  let client: MongoClient;
  beforeAll(async () => {
    dataDir = tempDir('pf-store-');
    services = await localServices(dataDir, false);
    client = await new MongoClient(services.mongodbUrl).connect();
  });
  afterAll(async () => {
    await client?.close();
    await services?.stop();
  });

  it('runs PostgreSQL under DATA_DIR as a non-root user, on loopback TCP only, with its password in a 0600 file', async () => {
    const pg = services.postgresUrl!;
    expect(pg).toMatch(/^postgres:\/\/preflight:[0-9a-f]{48}@127\.0\.0\.1:\d+\/ferretdb$/);
    const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isRoot) {
      expect(uidOf(pid)).not.toBe(0);
      expect(uidOf(pid)).toBe(postgresUid());
      expect(statSync(join(dataDir, 'postgres')).uid).toBe(postgresUid());
    } else {
      expect(uidOf(pid)).toBe(process.getuid?.());
    }
    expect(statSync(join(dataDir, 'postgres')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim()).toBe(decodeURIComponent(new URL(pg).password));
    const show = (name: string) => psql(pg, { sql: `SHOW ${name}` });
    expect(await show('listen_addresses')).toBe('127.0.0.1');
    expect(await show('unix_socket_directories')).toBe('');
    expect(await show('plan_cache_mode')).toBe('force_custom_plan');
    // persist: false (tests, benchmarks) gives up crash safety for speed.
    expect(await show('fsync')).toBe('off');
    expect(readFileSync(join(dataDir, 'postgres', 'pg_hba.conf'), 'utf8')).toMatch(/^host all preflight 127\.0\.0\.1\/32 scram-sha-256$/m);
    // The FerretDB that the app talks to stores there.
    await client.db('preflight').collection('probe').insertOne({ _id: 'p1' } as never);
    expect(await psql(pg, { sql: `SELECT count(*) FROM preflight.${await tableOf(pg, 'preflight', 'probe')}` })).toBe('1');
  });

  it('gives every index made through the Mongo driver a GIN twin on its leading field, and equality finds use it', async () => {
    const pg = services.postgresUrl!;
    const db = client.db('preflight');
    await db.createCollection('events');
    await db.collection('events').createIndex({ org_id: 1, created_at: -1 });
    await db.collection('events').createIndexes([{ key: { kind: 1 } }, { key: { 'meta.source': 1 } }, { key: { ref: -1 }, unique: true }]);
    // A collection made by its first insert gets the twin of its _id index too.
    await db.collection('implicit').insertOne({ _id: 'a', x: 1 } as never);

    const table = await tableOf(pg, 'preflight', 'events');
    const indexes = await indexesOf(pg, 'preflight', table);
    for (const field of ['_id', 'org_id', 'kind', 'ref']) expect(indexes.filter(ginOn(field)), field).toHaveLength(1);
    // Not for a field that is not the leading key, nor for a dotted path.
    expect(indexes.some(ginOn('created_at'))).toBe(false);
    expect(indexes.some((line) => line.includes('USING gin') && line.includes("'meta'"))).toBe(false);
    expect((await indexesOf(pg, 'preflight', await tableOf(pg, 'preflight', 'implicit'))).filter(ginOn('_id'))).toHaveLength(1);
    // No pending list: a search never reads through unmerged entries.
    expect(indexes.filter((line) => line.includes('USING gin')).every((line) => line.includes('WITH (fastupdate=off)'))).toBe(true);
    // Names are under PostgreSQL's 63 characters and made again to the same name: no duplicates.
    expect(indexes.every((line) => line.split(' ')[0]!.length <= 63)).toBe(true);
    await db.collection('events').createIndex({ org_id: 1 });
    expect((await indexesOf(pg, 'preflight', table)).filter(ginOn('org_id'))).toHaveLength(1);
    // FerretDB's own btrees serve no query: the non-unique ones are kept empty (WHERE false); unique ones still enforce.
    const btrees = (await indexesOf(pg, 'preflight', table)).filter((line) => line.includes('USING btree'));
    const emptied = (field: string) => btrees.some((line) => line.includes(`((_jsonb -> '${field}'::text))`) && line.endsWith('WHERE false'));
    expect(['org_id', 'kind'].map(emptied)).toEqual([true, true]);
    expect(['_id', 'ref'].map(emptied)).toEqual([false, false]);
    await expect(db.collection('events').insertMany([{ ref: -1 }, { ref: -1 }] as never[])).rejects.toThrow();
    expect((await db.collection('events').listIndexes().toArray()).map((i) => i.name)).toContain('kind_1');
    await db.collection('events').dropIndex('kind_1');
    await db.collection('events').createIndex({ kind: 1 });
    expect((await indexesOf(pg, 'preflight', table)).filter(ginOn('kind'))).toHaveLength(1);

    // A twin made before twins were made without a pending list is given none at the next start.
    const kindTwin = (await indexesOf(pg, 'preflight', table)).find(ginOn('kind'))!.split(' ')[0]!;
    await psql(pg, { sql: `ALTER INDEX preflight.${kindTwin} SET (fastupdate = on)` });
    await preparePostgresDatabase(pg, new URL(pg).pathname.slice(1));
    expect((await indexesOf(pg, 'preflight', table)).find(ginOn('kind'))).toContain('WITH (fastupdate=off)');

    const docs = Array.from({ length: 5_000 }, (_, i) => ({ org_id: `org-${i % 100}`, created_at: new Date(i * 1000), kind: `k${i % 7}`, ref: i, meta: { source: 's' } }));
    await db.collection('events').insertMany(docs);
    await psql(pg, { sql: `ANALYZE preflight.${table}` });

    // The statement FerretDB sends for an equality filter, prepared as its driver does: with the
    // plan cache mode of the database, the plan stays custom past the 5th run and uses the GIN twin.
    const run = `EXPLAIN (COSTS OFF) EXECUTE q('org_id', '"org-7"');`;
    const plans = await psql(pg, { sql: `PREPARE q(text, jsonb) AS SELECT _jsonb FROM preflight.${table} WHERE _jsonb->$1 @> $2; ${run.repeat(7)}` });
    const gin = indexes.find(ginOn('org_id'))!.split(' ')[0]!;
    expect(plans.split('\n').filter((line) => line.includes(`Bitmap Index Scan on ${gin}`))).toHaveLength(7);
    expect(plans).not.toContain('Seq Scan');

    // And through FerretDB: the twin's scan count goes up (an idle backend reports its counts
    // within about 10 s).
    const scans = () => psql(pg, { sql: `SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = '${gin}'` }).then(Number);
    const before = await scans();
    for (let i = 0; i < 3; i++) expect(await db.collection('events').countDocuments({ org_id: 'org-7' })).toBe(50);
    expect(await db.collection('events').find({ org_id: 'org-7' }).toArray()).toHaveLength(50);
    const deadline = Date.now() + 20_000;
    while ((await scans()) <= before && Date.now() < deadline) await sleep(500);
    expect(await scans()).toBeGreaterThan(before);
  }, 60_000);

  it('stops PostgreSQL cleanly, and a start on the same DATA_DIR finds the data', async () => {
    await client.close();
    await services.stop();
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    services = await localServices(dataDir, false);
    client = await new MongoClient(services.mongodbUrl).connect();
    expect(await client.db('preflight').collection('events').countDocuments({ kind: 'k3' })).toBe(714);
  });
});

describe('a DATA_DIR from before, with the SQLite store', () => {
  it('is copied into PostgreSQL on the first start, documents and indexes, and its files kept aside', async () => {
    const bin = process.env.FERRETDB_BIN!;
    const dataDir = tempDir('pf-sqlite-');
    const ferretDir = join(dataDir, 'ferretdb');
    const port = await freePort();
    mkdirSync(ferretDir);
    const old = spawn(bin, ['--handler=sqlite', `--sqlite-url=file:${ferretDir}/`, `--state-dir=${ferretDir}`, `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', '--telemetry=disable', '--log-level=error'], { stdio: 'ignore' });
    const oldClient = await new MongoClient(`mongodb://127.0.0.1:${port}/`, { serverSelectionTimeoutMS: 20_000 }).connect();
    await oldClient.db('preflight').collection('audit').insertMany(Array.from({ length: 2_500 }, (_, i) => ({ _id: `a${i}`, org_id: `o${i % 3}`, at: new Date(i) })) as never[]);
    await oldClient.db('preflight').collection('audit').createIndex({ org_id: 1, at: -1 }, { name: 'org_at' });
    await oldClient.db('other').collection('things').insertOne({ _id: 't', v: Buffer.from('bytes') } as never);
    await oldClient.close();
    await new Promise((r) => {
      old.once('exit', r);
      old.kill('SIGTERM');
    });
    expect(readdirSync(ferretDir).filter((f) => f.endsWith('.sqlite')).sort()).toEqual(['other.sqlite', 'preflight.sqlite']);

    const services = await localServices(dataDir, false);
    try {
      const client = await new MongoClient(services.mongodbUrl).connect();
      try {
        const audit = client.db('preflight').collection('audit');
        expect(await audit.countDocuments({})).toBe(2_500);
        expect(await audit.findOne({ _id: 'a7' } as never)).toEqual({ _id: 'a7', org_id: 'o1', at: new Date(7) });
        expect((await audit.listIndexes().toArray()).map((ix) => ix.name)).toContain('org_at');
        const thing = await client.db('other').collection('things').findOne({ _id: 't' } as never);
        expect(Buffer.from(thing!.v.buffer).toString()).toBe('bytes');
        const table = await tableOf(services.postgresUrl!, 'preflight', 'audit');
        expect((await indexesOf(services.postgresUrl!, 'preflight', table)).some(ginOn('org_id'))).toBe(true);
      } finally {
        await client.close();
      }
    } finally {
      await services.stop();
    }
    expect(readdirSync(ferretDir).filter((f) => f.endsWith('.sqlite'))).toEqual([]);
    expect(readdirSync(join(dataDir, 'ferretdb-sqlite.migrated'))).toEqual(expect.arrayContaining(['other.sqlite', 'preflight.sqlite']));
  }, 60_000);
});

describe('two `scripts/run.sh start` at once on a fresh machine', () => {
  const runs: ChildProcess[] = [];
  afterAll(() => {
    for (const child of runs) {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
  });

  it('one builds FerretDB while the other waits, both come up on stores of their own, and both stop on SIGTERM', async () => {
    const cacheDir = tempDir('pf-cache-');
    const { BASE_URL: _vite, MONGODB_URL: _m, REDIS_URL: _r, LOCAL_POSTGRES_URL: _p, FERRETDB_BIN: _f, DATA_DIR: _d, PORT: _port, HOST: _h, ...inherited } = process.env;
    const book = lineLog();
    const start = async (name: string) => {
      const dataDir = tempDir(`pf-start-${name}-`);
      const port = await freePort();
      const child = spawn('bash', ['scripts/run.sh', 'start'], {
        env: { ...inherited, PREFLIGHT_CACHE_DIR: cacheDir, DATA_DIR: dataDir, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      runs.push(child);
      for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => book.push(`${name}: ${line}`));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { name, child, dataDir, base: `http://127.0.0.1:${port}`, exited };
    };
    const [a, b] = await Promise.all([start('a'), start('b')]);
    const banner = (run: { name: string; base: string; exited: Promise<number | null> }) =>
      Promise.race([
        book.waitFor((line) => line === `${run.name}: Preflight is running at ${run.base}`),
        run.exited.then((code) => Promise.reject(new Error(`run ${run.name} exited (${code}):\n${book.lines.join('\n')}`))),
      ]);
    await Promise.all([banner(a), banner(b)]);
    for (const run of [a, b]) expect((await fetch(`${run.base}/health`)).status).toBe(200);

    // One build, into a temporary name of its own; the other run waited on the lock and found it built.
    expect(book.lines.filter((line) => line.includes('building FerretDB'))).toHaveLength(1);
    expect(book.lines.filter((line) => line.includes('waiting for another run to finish: ferretdb'))).toHaveLength(1);
    expect(readdirSync(join(cacheDir, 'bin'))).toEqual(['ferretdb-v1.24.2']);
    // Each on its own PostgreSQL cluster under its DATA_DIR.
    for (const run of [a, b]) expect(existsSync(join(run.dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    for (const run of [a, b]) run.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    // PostgreSQL was stopped, not left behind: no pid file.
    for (const run of [a, b]) expect(existsSync(join(run.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 600_000);
});
