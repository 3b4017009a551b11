// The ZIP bytes of evidence bundles, in the GridFS bucket `bundles` of the main database, found by
// the bundle's id (stored-files.ts; docs/store.md, "Files"). Bundles are kept by count, not by time
// (the newest of each organization and trigger), so a bundle has no expiry; while it is written it
// has a sweep record that only guards its writing: a worker that dies part-way leaves chunks that
// the sweep removes a day later, unless a retry completed the bundle meanwhile.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Db } from 'mongodb';
import { storedFiles } from './stored-files.js';

export type BundleStore = ReturnType<typeof bundleStore>;

/** Longer than any bundle takes to write. */
const WRITE_GUARD_MS = 86_400_000;

export function bundleStore(db: Db) {
  const stored = storedFiles(db);
  const remove = async (id: string) => {
    await stored.removeFile('bundle', id);
    await stored.untrack('bundle', id);
    await stored.legacy.remove('bundle', id);
  };

  return {
    /**
     * Streams a bundle in (a retried job replaces what an earlier attempt left), measuring its size
     * and SHA-256 on the way. If writing fails, whatever was written is removed.
     */
    async put(id: string, source: Readable, metadata: { org_id: string }): Promise<{ size: number; sha256: string }> {
      await stored.track('bundle', id, Date.now() + WRITE_GUARD_MS, true);
      await stored.removeFile('bundle', id);
      const sink = stored.bucket('bundle').openUploadStreamWithId(id as never, id, { metadata });
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
      // land after the clean-up; once it has finished, none is.
      sink.end();
      await written.catch((err: unknown) => (failure ??= err));
      if (failure !== undefined) {
        await remove(id).catch(() => undefined);
        throw failure;
      }
      // Complete: the guard is done with (were it left, the sweep would find the bundle whole and keep it).
      await stored.untrack('bundle', id).catch(() => undefined);
      return { size, sha256: hash.digest('hex') };
    },

    /** The bundle's bytes as a stream with their length, or null when it is not stored. */
    async open(id: string): Promise<{ length: number; stream: Readable } | null> {
      const doc = await stored.fileDoc('bundle', id);
      if (doc) return { length: doc.length as number, stream: stored.bucket('bundle').openDownloadStream(id as never) };
      const old = await stored.legacy.find('bundle', id);
      if (old) return { length: old.doc.length as number, stream: old.bucket.openDownloadStream(id as never) };
      const moved = old === null ? await stored.fileDoc('bundle', id) : null;
      return moved ? { length: moved.length as number, stream: stored.bucket('bundle').openDownloadStream(id as never) } : null;
    },

    remove,
  };
}
