// Files of file checks, in GridFS (DESIGN §25-26), one bucket per file: `upload_<id>` while the
// check runs, `masked_<id>` for its masked copy. The local store, FerretDB 1 on SQLite, reads a
// whole collection for every lookup, indexes or not, but creates and drops collections in
// constant time; with one bucket per file a lookup reads that file's chunks only, deleting is
// dropping two collections, and no cost grows with the files kept. They live in a database of
// their own, so their many collections do not weigh on the others' queries.
// Nothing is named by the client's file name: it can itself be sensitive; and only ids of ours name
// a bucket, since a check id from a URL could be no valid collection name (or another's bucket).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoServerError, type Db } from 'mongodb';
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

export function fileStore(db: Db, { retentionMs }: { retentionMs: number }) {
  const drop = (name: string) =>
    db.collection(name).drop().catch((err: unknown) => {
      // Dropping what is not there is done: NamespaceNotFound.
      if (!(err instanceof MongoServerError && err.code === 26)) throw err;
    });
  const dropBucket = (name: string) => Promise.all([drop(`${name}.files`), drop(`${name}.chunks`)]).then(() => undefined);
  const bucket = (name: string) => new GridFSBucket(db, { bucketName: name });
  const fileDoc = (name: string, id: string) => db.collection(`${name}.files`).findOne({ _id: id as never });

  /** Writes a file under a fresh bucket; if writing fails, whatever was written is removed. */
  async function write(name: string, id: string, source: Readable | Buffer, metadata: object): Promise<void> {
    await dropBucket(name);
    const sink = bucket(name).openUploadStreamWithId(id as never, id, { metadata });
    try {
      if (Buffer.isBuffer(source)) {
        sink.end(source);
        await new Promise<void>((resolve, reject) => sink.once('finish', () => resolve()).once('error', reject));
      } else {
        await pipeline(source, sink);
      }
    } catch (err) {
      await dropBucket(name).catch(() => undefined);
      throw err;
    }
  }

  async function maskedFile(id: string, now: Date) {
    if (idTime(id) === null) return null;
    const doc = await fileDoc(`masked_${id}`, id);
    const meta = doc?.metadata as MaskedFileMeta | undefined;
    return doc && meta && meta.expires_at > now ? { meta, length: doc.length as number } : null;
  }

  return {
    putUpload: (id: string, source: Readable, orgId: string) => write(`upload_${id}`, id, source, { org_id: orgId }),

    /** The whole upload, or null when it is gone (already processed and deleted). */
    async readUpload(id: string): Promise<Buffer | null> {
      if (!(await fileDoc(`upload_${id}`, id))) return null;
      const parts: Buffer[] = [];
      for await (const part of bucket(`upload_${id}`).openDownloadStream(id as never)) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },

    deleteUpload: (id: string) => dropBucket(`upload_${id}`),

    /** A masked file expires the retention period after its check's id was made. A retried job rewrites it. */
    putMasked: (id: string, bytes: Buffer, meta: Omit<MaskedFileMeta, 'expires_at'>) =>
      write(`masked_${id}`, id, bytes, { ...meta, expires_at: new Date(madeAt(id) + retentionMs) }),

    /** A masked file and its facts, or null when it never existed, was swept, or has expired. */
    async openMasked(id: string, now = new Date()): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
      const file = await maskedFile(id, now);
      return file && { ...file, stream: bucket(`masked_${id}`).openDownloadStream(id as never) };
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
