// Files in GridFS (DESIGN §25-26): uploads wait here for their worker and are deleted once the check
// is done; masked files are kept for the retention period and then swept. Both are stored under the
// check's id, so a retried job overwrites rather than duplicates, and nothing else names them: the
// client's file name can itself be sensitive and is never stored.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoRuntimeError, type Db, type GridFSFile } from 'mongodb';

export interface MaskedFileMeta {
  org_id: string;
  mime: string;
  ext: string;
  expires_at: Date;
}

export type FileStore = ReturnType<typeof fileStore>;

/** GridFS reports deleting a missing file as an error; for us deleting is idempotent. */
function missingFile(err: unknown): boolean {
  return err instanceof MongoRuntimeError && /File not found/i.test(err.message);
}

async function deleteIfPresent(bucket: GridFSBucket, id: string): Promise<void> {
  await bucket.delete(id as never).catch((err: unknown) => {
    if (!missingFile(err)) throw err;
  });
}

async function readAll(bucket: GridFSBucket, id: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bucket.openDownloadStream(id as never)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function fileStore(db: Db) {
  const uploads = new GridFSBucket(db, { bucketName: 'uploads' });
  const masked = new GridFSBucket(db, { bucketName: 'masked_files' });
  const one = async (bucket: GridFSBucket, id: string) => (await bucket.find({ _id: id as never }).limit(1).toArray())[0] ?? null;

  return {
    /** Streams an upload in; if the stream fails, whatever was written is removed. */
    async putUpload(id: string, source: Readable, orgId: string): Promise<void> {
      await deleteIfPresent(uploads, id);
      const sink = uploads.openUploadStreamWithId(id as never, id, { metadata: { org_id: orgId } });
      try {
        await pipeline(source, sink);
      } catch (err) {
        await deleteIfPresent(uploads, id).catch(() => undefined);
        throw err;
      }
    },

    /** The whole upload, or null when it is gone (already processed and deleted). */
    async readUpload(id: string): Promise<Buffer | null> {
      return (await one(uploads, id)) ? readAll(uploads, id) : null;
    },

    deleteUpload: (id: string) => deleteIfPresent(uploads, id),

    async putMasked(id: string, bytes: Buffer, meta: MaskedFileMeta): Promise<void> {
      await deleteIfPresent(masked, id);
      const sink = masked.openUploadStreamWithId(id as never, id, { metadata: meta });
      sink.end(bytes);
      await new Promise<void>((resolve, reject) => sink.once('finish', () => resolve()).once('error', reject));
    },

    /** A masked file and its facts, or null when it never existed, was swept, or has expired. */
    async openMasked(id: string, now = new Date()): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
      const file: GridFSFile | null = await one(masked, id);
      const meta = file?.metadata as MaskedFileMeta | undefined;
      if (!file || !meta || meta.expires_at <= now) return null;
      return { meta, length: file.length, stream: masked.openDownloadStream(id as never) };
    },

    /** Whether a masked file is there to be downloaded. */
    async hasMasked(id: string, now = new Date()): Promise<boolean> {
      const meta = (await one(masked, id))?.metadata as MaskedFileMeta | undefined;
      return meta !== undefined && meta.expires_at > now;
    },

    /**
     * Deletes masked files past their retention and uploads older than `uploadsBefore` (left by an
     * API that died between storing and enqueueing, or by a job that was removed). Returns counts.
     */
    async sweep(now: Date, uploadsBefore: Date): Promise<{ masked: number; uploads: number }> {
      const expired = await masked.find({ 'metadata.expires_at': { $lte: now } }, { projection: { _id: 1 } }).toArray();
      for (const f of expired) await deleteIfPresent(masked, f._id as unknown as string);
      const stale = await uploads.find({ uploadDate: { $lt: uploadsBefore } }, { projection: { _id: 1 } }).toArray();
      for (const f of stale) await deleteIfPresent(uploads, f._id as unknown as string);
      return { masked: expired.length, uploads: stale.length };
    },
  };
}
