// A DATA_DIR from before the PostgreSQL store keeps FerretDB's SQLite files (`ferretdb/*.sqlite`, one
// per Mongo database). On the first start that finds them, scripts/local-services.ts copies every
// database, collection (with its indexes) and document into the new store through the Mongo driver,
// from a FerretDB started for the purpose on the SQLite backend, then moves the files aside to
// `ferretdb-sqlite.migrated/` (kept, never deleted). If the new store already holds any of those
// databases, nothing is copied and the start stops with what to do (docs/store.md, "Local store").
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient, type Document } from 'mongodb';

export function sqliteFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.sqlite'));
}

async function startSqliteFerretDb(sqliteDir: string, stateDir: string, port: number): Promise<ChildProcess> {
  const bin = process.env.FERRETDB_BIN;
  if (!bin) throw new Error('FERRETDB_BIN is not set: run through scripts/run.sh');
  const child = spawn(
    bin,
    ['--handler=sqlite', `--sqlite-url=file:${sqliteDir}/`, `--state-dir=${stateDir}`, `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', '--telemetry=disable', '--log-level=error'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return child;
}

const SYSTEM_DATABASES = new Set(['admin', 'local', 'config']);

export async function migrateSqliteStore(dataDir: string, ferretDir: string, files: string[], targetUrl: string): Promise<void> {
  const { freePort } = await import('./local-services.js');
  const databases = files.map((f) => f.slice(0, -'.sqlite'.length)).filter((d) => !SYSTEM_DATABASES.has(d));
  const target = new MongoClient(targetUrl, { serverSelectionTimeoutMS: 10_000 });
  const stateDir = mkdtempSync(join(dataDir, '.ferretdb-sqlite-state-'));
  const port = await freePort();
  const child = await startSqliteFerretDb(ferretDir, stateDir, port);
  const source = new MongoClient(`mongodb://127.0.0.1:${port}/`, { serverSelectionTimeoutMS: 30_000 });
  const written: string[] = [];
  try {
    await target.connect();
    const taken = [];
    for (const db of databases) if ((await target.db(db).listCollections({}, { nameOnly: true }).toArray()).length > 0) taken.push(db);
    if (taken.length > 0) {
      throw new Error(
        `${ferretDir} holds a store from before PostgreSQL (SQLite files: ${files.join(', ')}), and the PostgreSQL store already has ` +
          `database(s) ${taken.join(', ')}: nothing was copied. Move the .sqlite files out of ${ferretDir} to start on the PostgreSQL ` +
          `store as it is, or remove ${join(dataDir, 'postgres')} and ${join(dataDir, 'postgres.password')} to copy them into a new one.`,
      );
    }
    console.error(`preflight: copying the SQLite store in ${ferretDir} (${databases.join(', ')}) into PostgreSQL, once`);
    await source.connect();
    for (const name of databases) {
      written.push(name);
      const from = source.db(name);
      const to = target.db(name);
      for (const info of await from.listCollections({}, { nameOnly: true }).toArray()) {
        if (info.name.startsWith('system.')) continue;
        await to.createCollection(info.name);
        const indexes = (await from.collection(info.name).listIndexes().toArray()).filter((ix) => ix.name !== '_id_');
        for (const { key, name: indexName, v: _v, ns: _ns, ...options } of indexes as Document[]) {
          await to.collection(info.name).createIndex(key as Document, { name: indexName as string, ...options });
        }
        let batch: Document[] = [];
        let copied = 0;
        for await (const doc of from.collection(info.name).find({}, { batchSize: 1000 })) {
          batch.push(doc);
          if (batch.length === 1000) {
            await to.collection(info.name).insertMany(batch, { ordered: true });
            copied += batch.length;
            batch = [];
          }
        }
        if (batch.length > 0) await to.collection(info.name).insertMany(batch, { ordered: true });
        copied += batch.length;
        console.error(`preflight:   ${name}.${info.name}: ${copied} documents`);
      }
    }
  } catch (err) {
    // What was copied into databases that were empty before is taken out again, so a next start can retry.
    if (written.length > 0) await Promise.all(written.map((db) => target.db(db).dropDatabase().catch(() => undefined)));
    throw err;
  } finally {
    await Promise.all([source.close(), target.close()]);
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(stateDir, { recursive: true, force: true });
  }
  const aside = join(dataDir, 'ferretdb-sqlite.migrated');
  mkdirSync(aside, { recursive: true });
  for (const f of readdirSync(ferretDir)) if (/\.sqlite(-wal|-shm)?$/.test(f)) renameSync(join(ferretDir, f), join(aside, f));
  console.error(`preflight: the SQLite store is copied; its files are kept in ${aside}`);
}
