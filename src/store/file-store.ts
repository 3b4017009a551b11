// Files of file checks, in GridFS (DESIGN §25-26), one bucket per file: `upload_<id>` while the
// check runs, `masked_<id>` for its masked copy. The local store, FerretDB 1 on SQLite, reads a
// whole collection for every lookup, indexes or not, but creates and drops collections in
// constant time; with one bucket per file a lookup reads that file's chunks only, deleting is
// dropping two collections, and no cost grows with the files kept. They live in a database of
// their own, so their many collections do not weigh on the others' queries.
// Nothing is named by the client's file name: it can itself be sensitive; and only ids of ours name
// a bucket, since a check id from a URL could be no valid collection name (or another's bucket).
// Every file is stored encrypted under a key of its own (file-cipher.ts): an upload's the store
// never keeps (its job does); a masked file's is kept in its metadata, wrapped under a key derived
// from the master key.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoServerError, type Db, type GridFSBucketWriteStream } from 'mongodb';
import { fileKeyWrapping, newFileKey, SEAL_OVERHEAD, sealing, unseal, unwrapKey, wrapKey } from './file-cipher.js';
import { idTime } from './ids.js';

export interface MaskedFileMeta {
  org_id: string;
  mime: string;
  ext: string;
  expires_at: Date;
}

export type FileStore = ReturnType<typeof fileStore>;

const BUCKET = /^(upload|masked)_(.+)\.(?:files|chunks)$/;

function madeAt(id: string): number {
  const time = idTime(id);
  if (time === null) throw new Error('not a check id');
  return time;
}

/**
 * A bucket's write stream that, once destroyed, closes only after its last chunk insert and its
 * index creation have settled: the driver's own closes at once, and either, still in flight, would
 * land after the drop that cleans up a failed upload, leaving a bucket behind.
 */
function settling(sink: GridFSBucketWriteStream): Writable {
  // Its errors reach the callbacks below; the event alone would have no listener.
  sink.on('error', () => undefined);
  let inFlight = Promise.resolve();
  const track = (op: (done: (err?: Error | null) => void) => void, done: (err?: Error | null) => void) => {
    inFlight = new Promise((settled) =>
      op((err) => {
        settled();
        done(err);
      }),
    );
  };
  return new Writable({
    write: (chunk: Buffer, _encoding, done) => track((cb) => sink.write(chunk, cb), done),
    final: (done) => track((cb) => sink.end(cb), done),
    // The driver's stream closes only once it is constructed (its indexes, which create the bucket).
    destroy: (err, done) =>
      void inFlight.then(() => {
        if (sink.closed) return done(err);
        sink.once('close', () => done(err)).destroy();
      }),
  });
}

export function fileStore(db: Db, { retentionMs, masterKey }: { retentionMs: number; masterKey: string }) {
  const wrapping = fileKeyWrapping(masterKey);
  const drop = (name: string) =>
    db.collection(name).drop().catch((err: unknown) => {
      // Dropping what is not there is done: NamespaceNotFound.
      if (!(err instanceof MongoServerError && err.code === 26)) throw err;
    });
  const dropBucket = (name: string) => Promise.all([drop(`${name}.files`), drop(`${name}.chunks`)]).then(() => undefined);
  const bucket = (name: string) => new GridFSBucket(db, { bucketName: name });
  const fileDoc = (name: string, id: string) => db.collection(`${name}.files`).findOne({ _id: id as never });

  /** Writes a file under a fresh bucket; if writing fails, whatever was written is removed. */
  async function write(name: string, id: string, source: Readable, metadata: object, key: Buffer): Promise<void> {
    await dropBucket(name);
    const sink = settling(bucket(name).openUploadStreamWithId(id as never, id, { metadata }));
    try {
      await pipeline(source, sealing(key, id), sink);
    } catch (err) {
      if (!sink.closed) await new Promise((closed) => sink.once('close', closed).destroy());
      await dropBucket(name).catch(() => undefined);
      throw err;
    }
  }

  async function maskedFile(id: string, now: Date) {
    if (idTime(id) === null) return null;
    const doc = await fileDoc(`masked_${id}`, id);
    const stored = doc?.metadata as (MaskedFileMeta & { key?: string }) | undefined;
    if (!doc || !stored || stored.expires_at <= now) return null;
    const { key, ...meta } = stored;
    return { meta, key, sealedLength: doc.length as number };
  }

  return {
    /** Stores an upload encrypted under `key` (a fresh one per upload, see file-cipher.ts), which the store does not keep. */
    putUpload: (id: string, source: Readable, orgId: string, key: Buffer) => write(`upload_${id}`, id, source, { org_id: orgId }, key),

    /**
     * The whole upload, decrypted and verified (a SealBrokenError if it does not verify under `key`),
     * or null when it is gone (already processed and deleted).
     */
    async readUpload(id: string, key: Buffer): Promise<Buffer | null> {
      const doc = await fileDoc(`upload_${id}`, id);
      if (!doc) return null;
      return unseal(key, id, doc.length as number, bucket(`upload_${id}`).openDownloadStream(id as never));
    },

    deleteUpload: (id: string) => dropBucket(`upload_${id}`),

    /**
     * An upload's key as its job carries it: sealed under the key derived from the master key, bound
     * to the check's id. Redis's AOF keeps job data until it is rewritten; what it keeps of the key is
     * then useless without the master key, which a deployment keeps apart from the data.
     */
    sealUploadKey: (key: Buffer, id: string): string => wrapKey(wrapping, key, id),
    /** The key a job carries, opened (a SealBrokenError if it was changed or sealed under another master key). */
    openUploadKey: (sealed: string, id: string): Promise<Buffer> => unwrapKey(wrapping, sealed, id),

    /** A masked file expires the retention period after its check's id was made. A retried job rewrites it. */
    putMasked(id: string, bytes: Buffer, meta: Omit<MaskedFileMeta, 'expires_at'>) {
      const key = newFileKey();
      const metadata = { ...meta, expires_at: new Date(madeAt(id) + retentionMs), key: wrapKey(wrapping, key, id) };
      return write(`masked_${id}`, id, Readable.from([bytes]), metadata, key);
    },

    /**
     * A masked file and its facts, or null when it never existed, was swept, or has expired. It is
     * decrypted and verified whole before any of it is served (a SealBrokenError if it was changed).
     */
    async openMasked(id: string, now = new Date()): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
      const file = await maskedFile(id, now);
      if (!file) return null;
      // Written before masked files were encrypted: served as stored until its retention ends.
      if (file.key === undefined) return { meta: file.meta, length: file.sealedLength, stream: bucket(`masked_${id}`).openDownloadStream(id as never) };
      const key = await unwrapKey(wrapping, file.key, id);
      const bytes = await unseal(key, id, file.sealedLength, bucket(`masked_${id}`).openDownloadStream(id as never));
      return { meta: file.meta, length: bytes.length, stream: Readable.from([bytes]) };
    },

    /** Whether a masked file is there to be downloaded. */
    hasMasked: async (id: string, now = new Date()) => (await maskedFile(id, now)) !== null,

    /**
     * Drops masked files past their retention, and uploads older than `staleUploadMs` (left by an
     * API that died between storing and enqueueing). Both ages come from the id in the bucket's
     * name, so nothing is read. Returns how many of each.
     */
    async sweep(now: Date, staleUploadMs: number): Promise<{ masked: number; uploads: number }> {
      const expired = { masked: new Set<string>(), upload: new Set<string>() };
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        const match = BUCKET.exec(name);
        const made = match ? idTime(match[2]!) : null;
        if (!match || made === null) continue;
        const kind = match[1] as 'upload' | 'masked';
        if (made + (kind === 'masked' ? retentionMs : staleUploadMs) <= now.getTime()) expired[kind].add(`${kind}_${match[2]}`);
      }
      for (const name of [...expired.masked, ...expired.upload]) await dropBucket(name);
      return { masked: expired.masked.size, uploads: expired.upload.size };
    },
  };
}
