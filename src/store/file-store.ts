// Files of file checks, in GridFS (DESIGN §25-26): uploads in the bucket `uploads` while their check
// runs, masked copies in `masked_files`, both in the main database and found by the check's id
// (stored-files.ts; docs/store.md, "Files"). Each file is due for the sweep at the hour its
// retention ends, recorded before its first chunk is written, so even an upload cut off by a crash
// of the API is swept. Nothing is named by the client's file name: it can itself be sensitive; the
// GridFS `filename` holds the hour the file is due.
// Every file is stored encrypted under a key of its own (file-cipher.ts): an upload's the store
// never keeps (its job does); a masked file's is kept in its metadata, wrapped under a key derived
// from the master key.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, GridFSBucket, GridFSBucketWriteStream } from 'mongodb';
import { fileKeyWrapping, newFileKey, SEAL_OVERHEAD, sealing, unseal, unwrapKey, wrapKey } from './file-cipher.js';
import { idTime } from './ids.js';
import { storedFiles, type FileKind } from './stored-files.js';

export interface MaskedFileMeta {
  org_id: string;
  mime: string;
  ext: string;
  expires_at: Date;
}

export type FileStore = ReturnType<typeof fileStore>;

/** An upload older than this has no job left to read it: jobs retry within minutes, not a day. */
export const STALE_UPLOAD_MS = 24 * 3_600_000;

function madeAt(id: string): number {
  const time = idTime(id);
  if (time === null) throw new Error('not a check id');
  return time;
}

/**
 * A bucket's write stream that, once destroyed, closes only after its last chunk insert and its
 * index check have settled: the driver's own closes at once, and a chunk insert still in flight
 * would land after the clean-up of a failed upload, leaving a chunk behind.
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

export function fileStore(db: Db, { retentionMs, masterKey, staleUploadMs = STALE_UPLOAD_MS }: { retentionMs: number; masterKey: string; staleUploadMs?: number }) {
  const wrapping = fileKeyWrapping(masterKey);
  const stored = storedFiles(db);

  /**
   * Writes a file under its id, due for the sweep at `dueMs`, replacing an earlier attempt; if writing
   * fails, whatever was written is removed.
   */
  async function write(kind: FileKind, id: string, source: Readable, metadata: object, key: Buffer, dueMs: number): Promise<void> {
    const hour = await stored.track(kind, id, dueMs);
    await stored.removeFile(kind, id);
    const sink = settling(stored.bucket(kind).openUploadStreamWithId(id as never, hour, { metadata }));
    try {
      await pipeline(source, sealing(key, id), sink);
    } catch (err) {
      if (!sink.closed) await new Promise((closed) => sink.once('close', closed).destroy());
      // Its record stays if this fails: the sweep removes the rest at the file's hour.
      await stored
        .removeFile(kind, id)
        .then(() => stored.untrack(kind, id))
        .catch(() => undefined);
      throw err;
    }
  }

  /** A file in its bucket or, until the sweep has moved it, in its bucket of the old layout. */
  async function find(kind: FileKind, id: string): Promise<{ length: number; metadata: unknown; bucket: GridFSBucket } | null> {
    if (idTime(id) === null) return null;
    const doc = await stored.fileDoc(kind, id);
    if (doc) return { length: doc.length as number, metadata: doc.metadata, bucket: stored.bucket(kind) };
    const old = await stored.legacy.find(kind, id);
    if (old) return { length: old.doc.length as number, metadata: old.doc.metadata, bucket: old.bucket };
    // Moved by the sweep between the two reads?
    const moved = old === null ? await stored.fileDoc(kind, id) : null;
    return moved ? { length: moved.length as number, metadata: moved.metadata, bucket: stored.bucket(kind) } : null;
  }

  async function maskedFile(id: string, now: Date) {
    const file = await find('masked', id);
    const facts = file?.metadata as (MaskedFileMeta & { key?: string }) | undefined;
    if (!file || !facts || facts.expires_at <= now) return null;
    const { key, ...meta } = facts;
    return { meta, key, sealedLength: file.length, bucket: file.bucket };
  }

  return {
    /** Stores an upload encrypted under `key` (a fresh one per upload, see file-cipher.ts), which the store does not keep. */
    putUpload: (id: string, source: Readable, orgId: string, key: Buffer) => write('upload', id, source, { org_id: orgId }, key, madeAt(id) + staleUploadMs),

    /**
     * The whole upload, decrypted and verified (a SealBrokenError if it does not verify under `key`),
     * or null when it is gone (already processed and deleted).
     */
    async readUpload(id: string, key: Buffer): Promise<Buffer | null> {
      const file = await find('upload', id);
      if (!file) return null;
      return unseal(key, id, file.length, file.bucket.openDownloadStream(id as never));
    },

    async deleteUpload(id: string): Promise<void> {
      await stored.removeFile('upload', id);
      await stored.untrack('upload', id);
      await stored.legacy.remove('upload', id);
    },

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
      const expiresAt = madeAt(id) + retentionMs;
      const metadata = { ...meta, expires_at: new Date(expiresAt), key: wrapKey(wrapping, key, id) };
      return write('masked', id, Readable.from([bytes]), metadata, key, expiresAt);
    },

    /**
     * A masked file and its facts, or null when it never existed, was swept, or has expired. It is
     * decrypted and verified whole before any of it is served (a SealBrokenError if it was changed).
     */
    async openMasked(id: string, now = new Date()): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
      const file = await maskedFile(id, now);
      if (!file) return null;
      // Written before masked files were encrypted: served as stored until its retention ends.
      if (file.key === undefined) return { meta: file.meta, length: file.sealedLength, stream: file.bucket.openDownloadStream(id as never) };
      const key = await unwrapKey(wrapping, file.key, id);
      const bytes = await unseal(key, id, file.sealedLength, file.bucket.openDownloadStream(id as never));
      return { meta: file.meta, length: bytes.length, stream: Readable.from([bytes]) };
    },

    /** Whether a masked file is there to be downloaded. */
    hasMasked: async (id: string, now = new Date()) => (await maskedFile(id, now)) !== null,

    /**
     * Removes the files due by `now`: masked files past their retention, uploads no job will read any
     * more (an API that died between storing and enqueueing, or while storing), and the chunks of
     * bundles whose writing was cut off; moves what is left of the old layout. Each hour due is one
     * indexed equality (stored-files.ts); nothing lists collections or scans the files.
     */
    sweep: (now: Date) => stored.sweep(now, { retentionMs, staleUploadMs }),
  };
}
