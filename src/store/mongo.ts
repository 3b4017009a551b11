// One MongoClient per process; indexes are created at start-up (idempotent).
import { MongoClient, type Db } from 'mongodb';

export interface MongoHandle {
  client: MongoClient;
  db: Db;
}

/** `ensureIndexes: false` for a second client of a process whose first made them. */
export async function connectMongo(opts: { url: string; database: string; timeoutMs: number }, { ensureIndexes: make = true } = {}): Promise<MongoHandle> {
  const client = new MongoClient(opts.url, {
    // Fail fast so a store outage becomes a 503 instead of a hung request.
    serverSelectionTimeoutMS: opts.timeoutMs,
    connectTimeoutMS: opts.timeoutMs,
    maxPoolSize: 32,
  });
  await client.connect();
  const db = client.db(opts.database);
  if (make) await ensureIndexes(db);
  return { client, db };
}

async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('organizations').createIndex({ slug: 1 }, { unique: true }),
    db.collection('licenses').createIndex({ key_hash: 1 }, { unique: true }),
    db.collection('licenses').createIndex({ org_id: 1, created_at: -1 }),
    db.collection('policy_groups').createIndex({ org_id: 1, name: 1 }, { unique: true }),
    db.collection('policies').createIndex({ key_hash: 1 }, { unique: true }),
    db.collection('policies').createIndex({ org_id: 1, created_at: 1 }),
    // Audit reads are by slot (audit-layout.ts); the rest of the key orders a slot on MongoDB.
    db.collection('audit').createIndex({ ob: 1, created_at: -1 }),
    db.collection('audit').createIndex({ gb: 1, created_at: -1 }),
    db.collection('audit_days').createIndex({ scope: 1, day: -1 }),
    db.collection('audit_hours').createIndex({ scope_day: 1 }),
    db.collection('audit_text_days').createIndex({ scope: 1 }),
    db.collection('audit_text_hours').createIndex({ scope_day: 1 }),
    db.collection('audit_texts').createIndex({ org_id: 1 }),
    db.collection('analytics_daily').createIndex({ org_id: 1, day: 1 }),
    db.collection('evidence_daily').createIndex({ org_id: 1, day: 1 }),
    db.collection('evidence_daily').createIndex({ org_month: 1 }),
    // Sampled checks are read by _id (org and day); the index serves an organization's deletion.
    db.collection('evidence_samples').createIndex({ org_id: 1 }),
    db.collection('evidence_bundles').createIndex({ org_id: 1, trigger: 1, created_at: -1 }),
    db.collection('teams').createIndex({ org_id: 1, name_key: 1 }, { unique: true }),
    db.collection('control_tags').createIndex({ team_id: 1, framework: 1, control_id: 1, rule_id: 1 }, { unique: true }),
    db.collection('control_tags').createIndex({ org_id: 1, policy_id: 1 }),
    db.collection('partner_keys').createIndex({ key_hash: 1 }, { unique: true }),
    db.collection('partner_keys').createIndex({ org_id: 1, created_at: 1 }),
    // Change log reads (docs/change-log.md): an org's months, then a month's entries, by equality.
    db.collection('change_log').createIndex({ org_month: 1 }),
    db.collection('change_log_months').createIndex({ org_id: 1 }),
    // Dashboard users: sign-in reads by email (unique, stored lowercased), listings by organization.
    db.collection('users').createIndex({ email: 1 }, { unique: true }),
    db.collection('users').createIndex({ org_id: 1 }),
    // Files (stored-files.ts): the GridFS indexes the driver would make at the first write, made here
    // so they exist from the start; and the sweep's, by the hour a file is due.
    ...['uploads', 'masked_files', 'bundles'].flatMap((bucket) => [
      db.collection(`${bucket}.files`).createIndex({ filename: 1, uploadDate: 1 }),
      db.collection(`${bucket}.chunks`).createIndex({ files_id: 1, n: 1 }, { unique: true }),
    ]),
    db.collection('file_sweeps').createIndex({ hour: 1 }),
  ]);
}
