// The GridFS buckets of the store (docs/store.md, "Files"): one for the uploads of file checks, one
// for their masked copies, one for evidence bundles, in the main database. What every query here
// touches is found by a top-level equality on an indexed field: a file by `_id`, its chunks by
// `files_id`, and what the sweep removes by the hour it is due (`file_sweeps.hour`). Nothing here
// creates a collection or a database per file, check or day.
//
// Every file gets its sweep record *before* its first chunk is written: GridFS writes the files
// document last, so an upload cut off by a crash leaves chunks and no files document, found again
// only through that record. A record either expires its file (uploads, masked files: deleted
// whole at the hour their retention ends) or only guards its writing (bundles: kept by count, not by
// time; the record goes once the bundle is complete, and a sweep of a record left behind removes only
// chunks that never became a file).
import { GridFSBucket, MongoServerError, type Collection, type Db, type Document } from 'mongodb';
import { idTime } from './ids.js';

export const HOUR_MS = 3_600_000;

export type FileKind = 'upload' | 'masked' | 'bundle';

/** Bucket names, and the prefixes of the per-file buckets of the old `<db>_files` database. */
const BUCKET: Record<FileKind, string> = { upload: 'uploads', masked: 'masked_files', bundle: 'bundles' };

/** The UTC hour holding `ms`, as `YYYY-MM-DDTHH`: a sweep key that sorts as it reads. */
export const hourKey = (ms: number): string => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString().slice(0, 13);
const hourStart = (key: string): number => Date.parse(`${key}:00:00.000Z`);

interface SweepRecord {
  /** `<kind>:<file id>` */
  _id: string;
  kind: FileKind;
  file_id: string;
  /** The hour after which the sweep removes the file (see hourKey). */
  hour: string;
  /** Remove the file only if it never became one (no files document): a write guard, not an expiry. */
  partial_only?: true;
}

interface SweepCursor {
  _id: typeof CURSOR;
  /** The first hour not swept yet. */
  next: string;
}

const CURSOR = '~cursor';
const SWEEP_BATCH = 200;
const SWEEP_CONCURRENCY = 8;

/** What moving an old bucket writes to. */
interface MoveTarget {
  fileDoc(kind: FileKind, id: string): Promise<Document | null>;
  chunks(kind: FileKind): Collection;
  track(kind: FileKind, id: string, dueMs: number): Promise<string>;
}

/** The old layout (before issue 14): a bucket per file, `<kind>_<id>`, in the database `<db>_files`. */
const LEGACY_BUCKET = /^(upload|masked|bundle)_(.+)\.(?:files|chunks)$/;

export type StoredFiles = ReturnType<typeof storedFiles>;

export interface SweepCounts {
  upload: number;
  masked: number;
  bundle: number;
}

export function storedFiles(db: Db) {
  const buckets = Object.fromEntries(Object.entries(BUCKET).map(([kind, name]) => [kind, new GridFSBucket(db, { bucketName: name })])) as Record<
    FileKind,
    GridFSBucket
  >;
  const filesOf = (kind: FileKind) => db.collection(`${BUCKET[kind]}.files`);
  const chunksOf = (kind: FileKind) => db.collection(`${BUCKET[kind]}.chunks`);
  const sweeps = db.collection<SweepRecord | SweepCursor>('file_sweeps');
  const recordId = (kind: FileKind, id: string) => `${kind}:${id}`;

  /** Deletes a file's chunks, then its files document (a crash in between leaves the record to finish it). */
  async function removeFile(kind: FileKind, id: string): Promise<void> {
    await chunksOf(kind).deleteMany({ files_id: id });
    await filesOf(kind).deleteOne({ _id: id as never });
  }

  const legacy = legacyFiles(db);

  /** Removes what one sweep record stands for, then the record. */
  async function sweepOne(record: SweepRecord, counts: SweepCounts): Promise<void> {
    const complete = record.partial_only && (await filesOf(record.kind).findOne({ _id: record.file_id as never }, { projection: { _id: 1 } }));
    if (!complete) {
      await removeFile(record.kind, record.file_id);
      counts[record.kind] += 1;
    }
    await sweeps.deleteOne({ _id: record._id });
  }

  async function sweepHour(hour: string, counts: SweepCounts): Promise<void> {
    // Each record is deleted once handled, so the next batch is the rest.
    for (;;) {
      const batch = (await sweeps.find({ hour }).limit(SWEEP_BATCH).toArray()) as SweepRecord[];
      if (batch.length === 0) return;
      for (let i = 0; i < batch.length; i += SWEEP_CONCURRENCY) await Promise.all(batch.slice(i, i + SWEEP_CONCURRENCY).map((r) => sweepOne(r, counts)));
    }
  }

  const api = {
    bucket: (kind: FileKind) => buckets[kind],
    /** A file's GridFS files document, or null. */
    fileDoc: (kind: FileKind, id: string) => filesOf(kind).findOne({ _id: id as never }),
    chunks: chunksOf,
    removeFile,

    /**
     * Records, before any of it is written, that the file is due for the sweep in the hour of `dueMs`
     * (never before the next hour, so a sweep already past that hour cannot miss it). A rewrite
     * moves the record.
     */
    async track(kind: FileKind, id: string, dueMs: number, partialOnly = false): Promise<string> {
      const hour = hourKey(Math.max(dueMs, Date.now() + HOUR_MS));
      const record: Omit<SweepRecord, '_id'> = { kind, file_id: id, hour, ...(partialOnly ? { partial_only: true as const } : {}) };
      await sweeps.replaceOne({ _id: recordId(kind, id) }, record, { upsert: true });
      return hour;
    },
    /** Forgets a file's sweep record (its file is gone, or, for a guard, complete). */
    async untrack(kind: FileKind, id: string): Promise<void> {
      await sweeps.deleteOne({ _id: recordId(kind, id) });
    },

    /** The old per-file buckets, read through until the sweep has moved them (see legacyFiles). */
    legacy,

    /**
     * Removes every file whose hour has wholly passed by `now`, walking the hours from the first one
     * not swept yet (kept in `file_sweeps`; on the first sweep ever, the oldest hour recorded), then
     * moves what is left of the old layout. Each hour is one indexed equality; a sweep that fails
     * part-way leaves its hour to the next one.
     */
    async sweep(now: Date, ages: { retentionMs: number; staleUploadMs: number }): Promise<SweepCounts & { moved: number }> {
      const counts: SweepCounts = { upload: 0, masked: 0, bundle: 0 };
      const cursor = (await sweeps.findOne({ _id: CURSOR })) as SweepCursor | null;
      // Once only, on a store no sweep has run on: a sort, over the few records written before it.
      const oldest = cursor ? null : ((await sweeps.find({ hour: { $exists: true } }).sort({ hour: 1 }).limit(1).toArray())[0] as SweepRecord | undefined);
      const last = hourKey(now.getTime() - HOUR_MS);
      let next = cursor?.next ?? oldest?.hour ?? hourKey(now.getTime());
      while (next <= last) {
        await sweepHour(next, counts);
        next = hourKey(hourStart(next) + HOUR_MS);
        await sweeps.replaceOne({ _id: CURSOR }, { next }, { upsert: true });
      }
      if (!cursor && next > last) await sweeps.replaceOne({ _id: CURSOR }, { next }, { upsert: true });
      const moved = await legacy.move(now, ages, api);
      return { ...counts, moved };
    },
  };
  return api;
}

/**
 * The per-file buckets of the old layout, in the database `<db>_files`. On upgrade they are moved
 * into the shared buckets by the sweep (copied chunk by chunk, the files document last, then the old
 * bucket dropped), expired ones dropped instead; once none is left the old database is dropped.
 * Until then a file not found in the shared buckets is looked for in its old bucket, so nothing in
 * flight at the upgrade (a queued check's upload, a masked file, a bundle) goes missing.
 */
function legacyFiles(db: Db) {
  const old = db.client.db(`${db.databaseName}_files`);
  /** Whether this process saw the old database holding anything; asked once, at its first use. */
  let present: Promise<boolean> | undefined;
  const isPresent = () =>
    (present ??= old
      .listCollections({}, { nameOnly: true })
      .toArray()
      .then((list) => list.length > 0));
  /** Set once a sweep of this process found the old database gone. */
  let gone = false;
  const drop = (name: string) =>
    old
      .collection(name)
      .drop()
      .catch((err: unknown) => {
        // Dropping what is not there is done: NamespaceNotFound.
        if (!(err instanceof MongoServerError && err.code === 26)) throw err;
      });
  const dropBucket = async (name: string) => {
    await Promise.all([drop(`${name}.files`), drop(`${name}.chunks`)]);
  };

  return {
    /**
     * A file of the old layout; null if it has none, undefined if there is no old layout to look in
     * (or the id is not of ours: it would name a collection).
     */
    async find(kind: FileKind, id: string): Promise<{ doc: Document; bucket: GridFSBucket } | null | undefined> {
      if (idTime(id) === null || !(await isPresent())) return undefined;
      const name = `${kind}_${id}`;
      const doc = await old.collection(`${name}.files`).findOne({ _id: id as never });
      return doc ? { doc, bucket: new GridFSBucket(old, { bucketName: name }) } : null;
    },
    /** Drops a file's old bucket, if there may be one. */
    async remove(kind: FileKind, id: string): Promise<void> {
      if (idTime(id) !== null && (await isPresent())) await dropBucket(`${kind}_${id}`);
    },

    /** Moves (or drops, if expired) every old bucket; drops the old database once it is empty. Returns how many it moved. */
    async move(now: Date, ages: { retentionMs: number; staleUploadMs: number }, into: MoveTarget): Promise<number> {
      if (gone) return 0;
      const names = (await old.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      if (names.length === 0) {
        gone = true;
        return 0;
      }
      let moved = 0;
      const seen = new Set<string>();
      for (const name of names) {
        const match = LEGACY_BUCKET.exec(name);
        if (!match) continue;
        const [kind, id] = [match[1] as FileKind, match[2]!];
        if (seen.has(`${kind}_${id}`)) continue;
        seen.add(`${kind}_${id}`);
        const bucket = `${kind}_${id}`;
        const made = idTime(id);
        const doc = await old.collection(`${bucket}.files`).findOne({ _id: id as never });
        const expired =
          made === null ||
          (kind === 'masked' && (!doc || (doc.metadata as { expires_at?: Date } | undefined)?.expires_at === undefined || (doc.metadata as { expires_at: Date }).expires_at <= now)) ||
          (kind === 'upload' && made + ages.staleUploadMs <= now.getTime()) ||
          (kind === 'bundle' && !doc && made + 86_400_000 <= now.getTime());
        if (expired) {
          await dropBucket(bucket);
          continue;
        }
        // Still being written by a process of the old version (or cut off): left until it is stale.
        if (!doc) continue;
        // A rewrite since the upgrade (a retried job) wins over the old copy. A copy cut off is made
        // again: its files document, written last, is what says it is complete.
        if (!(await into.fileDoc(kind, id))) {
          if (kind === 'upload') await into.track(kind, id, made! + ages.staleUploadMs);
          if (kind === 'masked') await into.track(kind, id, (doc.metadata as { expires_at: Date }).expires_at.getTime());
          await into.chunks(kind).deleteMany({ files_id: id });
          for await (const chunk of old.collection(`${bucket}.chunks`).find({ files_id: id }).sort({ n: 1 })) await into.chunks(kind).insertOne(chunk);
          await db.collection(`${BUCKET[kind]}.files`).insertOne(doc);
          moved += 1;
        }
        await dropBucket(bucket);
      }
      if ((await old.listCollections({}, { nameOnly: true }).toArray()).length === 0) {
        await old.dropDatabase();
        gone = true;
      }
      return moved;
    },
  };
}
