// Files of file checks, in GridFS's layout (DESIGN §25-26), shaped by what FerretDB can do fast:
// it finds a document by `_id` in constant time, and drops a collection in constant time, but any
// other lookup (GridFS's chunks-by-`files_id` included) reads the whole collection.
//
// - An upload gets a GridFS bucket of its own (`upload_<id>`), written and read by the driver's
//   GridFSBucket; deleting it once the check is done is dropping its two collections.
// - Masked files go into one bucket per hour of their check's id (`masked_files_<yyyymmddhh>`),
//   chunks named `<id>:<n>` so every read is an `_id` lookup (any GridFS reader still reads them by
//   `files_id`). A file expires a retention period after its check's id was made, so an hour's
//   bucket expires whole and the sweep drops it instead of deleting files one by one.
// Nothing is named by the client's file name: it can itself be sensitive.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Binary, GridFSBucket, MongoServerError, type Db } from 'mongodb';
import { idTime } from './ids.js';

export interface MaskedFileMeta {
  org_id: string;
  mime: string;
  ext: string;
  expires_at: Date;
}

interface FileDoc {
  _id: string;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  filename: string;
  metadata: MaskedFileMeta;
}

interface ChunkDoc {
  _id: string;
  files_id: string;
  n: number;
  data: Binary;
}

export type FileStore = ReturnType<typeof fileStore>;

/** GridFS's default chunk size. */
const CHUNK_BYTES = 255 * 1024;
const HOUR_MS = 3_600_000;
const UPLOAD = /^upload_(.+)\.(?:files|chunks)$/;
const MASKED = /^masked_files_(\d{4})(\d{2})(\d{2})(\d{2})\.(?:files|chunks)$/;

function madeAt(id: string): number {
  const time = idTime(id);
  if (time === null) throw new Error('not a check id');
  return time;
}

const uploadBucket = (id: string) => `upload_${id}`;
const maskedBucket = (id: string) => `masked_files_${new Date(madeAt(id)).toISOString().slice(0, 13).replace(/[-T]/g, '')}`;
const chunkId = (id: string, n: number) => `${id}:${n}`;

export function fileStore(db: Db, { retentionMs }: { retentionMs: number }) {
  const drop = (name: string) =>
    db.collection(name).drop().catch((err: unknown) => {
      // Dropping what is not there is done: NamespaceNotFound.
      if (!(err instanceof MongoServerError && err.code === 26)) throw err;
    });
  const dropBucket = (bucket: string) => Promise.all([drop(`${bucket}.files`), drop(`${bucket}.chunks`)]).then(() => undefined);
  const masked = (id: string) => {
    const bucket = maskedBucket(id);
    return { files: db.collection<FileDoc>(`${bucket}.files`), chunks: db.collection<ChunkDoc>(`${bucket}.chunks`) };
  };

  /** Removes a masked file written before (a retried job), chunk by chunk: they are contiguous from 0. */
  async function removeMasked(id: string): Promise<void> {
    const { files, chunks } = masked(id);
    const there = (await files.findOne({ _id: id }, { projection: { _id: 1 } })) ?? (await chunks.findOne({ _id: chunkId(id, 0) }, { projection: { _id: 1 } }));
    if (!there) return;
    await files.deleteOne({ _id: id });
    for (let n = 0; (await chunks.deleteOne({ _id: chunkId(id, n) })).deletedCount === 1; n++);
  }

  async function maskedFile(id: string, now: Date): Promise<FileDoc | null> {
    const doc = await masked(id).files.findOne({ _id: id });
    return doc && doc.metadata.expires_at > now ? doc : null;
  }

  return {
    /** Streams an upload in; if the stream fails, whatever was written is removed. */
    async putUpload(id: string, source: Readable, orgId: string): Promise<void> {
      const bucket = uploadBucket(id);
      await dropBucket(bucket);
      try {
        await pipeline(source, new GridFSBucket(db, { bucketName: bucket }).openUploadStreamWithId(id as never, id, { metadata: { org_id: orgId } }));
      } catch (err) {
        await dropBucket(bucket).catch(() => undefined);
        throw err;
      }
    },

    /** The whole upload, or null when it is gone (already processed and deleted). */
    async readUpload(id: string): Promise<Buffer | null> {
      const bucket = uploadBucket(id);
      if (!(await db.collection(`${bucket}.files`).findOne({ _id: id as never }, { projection: { _id: 1 } }))) return null;
      const parts: Buffer[] = [];
      for await (const part of new GridFSBucket(db, { bucketName: bucket }).openDownloadStream(id as never)) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },

    deleteUpload: (id: string) => dropBucket(uploadBucket(id)),

    async putMasked(id: string, bytes: Buffer, meta: Omit<MaskedFileMeta, 'expires_at'>): Promise<void> {
      await removeMasked(id);
      const { files, chunks } = masked(id);
      for (let n = 0; n * CHUNK_BYTES < bytes.length; n++) {
        await chunks.insertOne({ _id: chunkId(id, n), files_id: id, n, data: new Binary(bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES)) });
      }
      // The file document last: a file is there only once it is whole.
      const metadata = { ...meta, expires_at: new Date(madeAt(id) + retentionMs) };
      await files.insertOne({ _id: id, length: bytes.length, chunkSize: CHUNK_BYTES, uploadDate: new Date(), filename: id, metadata });
    },

    /** A masked file and its facts, or null when it never existed, was swept, or has expired. */
    async openMasked(id: string, now = new Date()): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
      const doc = await maskedFile(id, now);
      if (!doc) return null;
      const { chunks } = masked(id);
      const count = Math.ceil(doc.length / doc.chunkSize);
      async function* read() {
        for (let n = 0; n < count; n++) {
          const chunk = await chunks.findOne({ _id: chunkId(id, n) });
          if (!chunk) throw new Error(`masked file ${id} is missing chunk ${n}`);
          yield Buffer.from(chunk.data.buffer);
        }
      }
      return { meta: doc.metadata, length: doc.length, stream: Readable.from(read()) };
    },

    /** Whether a masked file is there to be downloaded. */
    hasMasked: async (id: string, now = new Date()) => (await maskedFile(id, now)) !== null,

    /**
     * Drops the hourly buckets of masked files whose retention has passed, and uploads older than
     * `staleUploadMs` (left by an API that died between storing and enqueueing). Returns how many.
     */
    async sweep(now: Date, staleUploadMs: number): Promise<{ maskedHours: number; uploads: number }> {
      const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      const expiredHours = new Set<string>();
      const staleUploads = new Set<string>();
      for (const name of names) {
        const hour = MASKED.exec(name);
        if (hour) {
          const start = Date.UTC(Number(hour[1]), Number(hour[2]) - 1, Number(hour[3]), Number(hour[4]));
          if (start + HOUR_MS + retentionMs <= now.getTime()) expiredHours.add(name.replace(/\.(files|chunks)$/, ''));
        }
        const upload = UPLOAD.exec(name);
        const made = upload ? idTime(upload[1]!) : null;
        if (made !== null && made + staleUploadMs <= now.getTime()) staleUploads.add(upload![1]!);
      }
      for (const bucket of expiredHours) await dropBucket(bucket);
      for (const id of staleUploads) await dropBucket(uploadBucket(id));
      return { maskedHours: expiredHours.size, uploads: staleUploads.size };
    },
  };
}
