// The ZIP bytes of evidence bundles, in GridFS in the files database, one bucket per bundle
// (`bundle_<id>`): FerretDB 1 reads a whole collection for every lookup, so a bucket per bundle keeps
// a download to that bundle's chunks and a deletion to dropping two collections (see file-store.ts).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { GridFSBucket, MongoServerError, type Db } from 'mongodb';

export type BundleStore = ReturnType<typeof bundleStore>;

const bucketName = (id: string) => `bundle_${id}`;

export function bundleStore(db: Db) {
  const drop = (name: string) =>
    db.collection(name).drop().catch((err: unknown) => {
      // Dropping what is not there is done: NamespaceNotFound.
      if (!(err instanceof MongoServerError && err.code === 26)) throw err;
    });
  const remove = async (id: string) => {
    await Promise.all([drop(`${bucketName(id)}.files`), drop(`${bucketName(id)}.chunks`)]);
  };
  const bucket = (id: string) => new GridFSBucket(db, { bucketName: bucketName(id) });

  return {
    /**
     * Streams a bundle into a fresh bucket (a retried job replaces what an earlier attempt left),
     * measuring its size and SHA-256 on the way. If writing fails, whatever was written is removed.
     */
    async put(id: string, source: Readable, metadata: { org_id: string }): Promise<{ size: number; sha256: string }> {
      await remove(id);
      const sink = bucket(id).openUploadStreamWithId(id as never, id, { metadata });
      const written = finished(sink);
      written.catch(() => undefined);
      let size = 0;
      const hash = createHash('sha256');
      let failure: unknown;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          hash.update(chunk);
          if (!sink.write(chunk)) await Promise.race([once(sink, 'drain'), written]);
        }
      } catch (err) {
        failure = err;
      }
      // Ended even when the source failed: destroying the upload would leave chunk writes in flight that
      // recreate the bucket after it is dropped; once it has finished, none is.
      sink.end();
      await written.catch((err: unknown) => (failure ??= err));
      if (failure !== undefined) {
        await remove(id).catch(() => undefined);
        throw failure;
      }
      return { size, sha256: hash.digest('hex') };
    },

    /** The bundle's bytes as a stream with their length, or null when it is not stored. */
    async open(id: string): Promise<{ length: number; stream: Readable } | null> {
      const doc = await db.collection(`${bucketName(id)}.files`).findOne({ _id: id as never });
      return doc ? { length: doc.length as number, stream: bucket(id).openDownloadStream(id as never) } : null;
    },

    remove,
  };
}
