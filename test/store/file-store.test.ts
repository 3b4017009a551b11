// Files of file checks against the real FerretDB: one GridFS bucket for uploads and one for masked
// files, shared by all checks; the retention sweep by the hour each file is due; an upload cut off by
// a crash swept all the same; and the move of the old layout (a bucket per file in `<db>_files`).
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, type Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { SealBrokenError } from '../../src/store/errors.js';
import { fileKeyWrapping, newFileKey, SEAL_OVERHEAD, sealing, wrapKey } from '../../src/store/file-cipher.js';
import { fileStore } from '../../src/store/file-store.js';
import { idTime, newId } from '../../src/store/ids.js';
import { bundleStore } from '../../src/store/bundle-store.js';
import { MASTER_KEY, scratchDbForFile, serviceUrls } from '../helpers/app.js';
import { collectionsNaming, storedFor } from '../helpers/stored-files.js';

const HOUR = 3_600_000;
const RETENTION = 24 * HOUR;
let db: Db;
scratchDbForFile('files', (created) => (db = created));

const meta = { org_id: 'org_a', mime: 'application/pdf', ext: 'pdf' };
const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());
const key = newFileKey();
/** Everything stored of a file, and any collection named after it (there must never be one). */
const traces = async (id: string) => [...(await storedFor(db, id)), ...(await collectionsNaming(db, id))];
const chunksOf = (bucket: string, id: string) => db.collection(`${bucket}.chunks`).find({ files_id: id }).sort({ n: 1 }).toArray();
/** Sweeps start over from the oldest hour recorded, as on a store no sweep has run on. */
const forgetSweeps = () => db.collection('file_sweeps').deleteOne({ _id: '~cursor' as never });

describe('file store', () => {
  it('keeps one upload per id, reads it whole and deletes it without a trace, idempotently', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    await files.putUpload(id, Readable.from([Buffer.from('first')]), 'org_a', key);
    await files.putUpload(id, Readable.from([Buffer.from('second '), Buffer.from('try')]), 'org_a', key);
    expect((await files.readUpload(id, key))?.toString()).toBe('second try');
    await files.deleteUpload(id);
    await files.deleteUpload(id);
    expect(await files.readUpload(id, key)).toBeNull();
    expect(await traces(id)).toEqual([]);
  });

  it('finds no masked file for an id that is not one of ours, without naming a collection after it', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    // Found by schemathesis: this id once reached the store as the collection `masked_<id>.files` (500).
    for (const id of ["'n|$%#[Uy7TW?,=%Q", 'x.files', '$cmd', '']) {
      expect(await files.openMasked(id)).toBeNull();
      expect(await files.hasMasked(id)).toBe(false);
    }
  });

  it('removes a partial upload when its stream fails', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(files.putUpload(id, failing, 'org_a', key)).rejects.toThrow('client went away');
    expect(await files.readUpload(id, key)).toBeNull();
    expect(await traces(id)).toEqual([]);
  });

  it('leaves no chunk behind when the stream fails with chunk inserts still in flight', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    // Several 255 KiB chunks go out at once, and the stream fails right behind them.
    let reads = 0;
    const failing = new Readable({
      read() {
        if (reads++ < 4) this.push(randomBytes(4 * 1024 * 1024));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(files.putUpload(id, failing, 'org_a', key)).rejects.toThrow('client went away');
    // Late inserts would land after the clean-up: wait out anything still in flight, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await traces(id)).toEqual([]);
  });

  it('stores an upload encrypted under its key, read back only under that key and only if unchanged', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const plain = Buffer.concat([Buffer.from('canary 123-45-6789 '), randomBytes(700 * 1024)]);
    await files.putUpload(id, Readable.from([plain.subarray(0, 5), plain.subarray(5)]), 'org_a', key);

    const chunks = await chunksOf('uploads', id);
    const stored = Buffer.concat(chunks.map((c) => Buffer.from(c.data.buffer)));
    expect(stored.length).toBe(plain.length + SEAL_OVERHEAD);
    expect(stored.includes(Buffer.from('canary'))).toBe(false);
    expect((await files.readUpload(id, key))?.equals(plain)).toBe(true);

    await expect(files.readUpload(id, newFileKey())).rejects.toBeInstanceOf(SealBrokenError);
    // One bit flipped in the last chunk (where the tag is): no plaintext, not even the first chunks'.
    const last = chunks.at(-1)!;
    const flipped = Buffer.from(last.data.buffer);
    flipped[flipped.length - 1]! ^= 1;
    await db.collection('uploads.chunks').updateOne({ _id: last._id }, { $set: { data: flipped } });
    await expect(files.readUpload(id, key)).rejects.toBeInstanceOf(SealBrokenError);
  });

  it('stores a masked file of several chunks in the shared bucket, rewrites it on a retry, and expires it with its id', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const big = randomBytes(600 * 1024);
    await files.putMasked(id, big, meta);
    const opened = await files.openMasked(id);
    expect(opened?.meta).toMatchObject(meta);
    expect(opened?.length).toBe(big.length);
    expect((await readAll(opened!.stream)).equals(big)).toBe(true);
    expect(await traces(id)).toEqual(['masked_files.files', 'masked_files.chunks', 'file_sweeps']);
    // Named by the hour it is due, never by anything of the client's.
    const doc = await db.collection('masked_files.files').findOne({ _id: id as never });
    expect(doc?.filename).toBe(new Date(Math.floor(idTime(id)! / HOUR) * HOUR + RETENTION).toISOString().slice(0, 13));

    // Stored encrypted, its key wrapped in its metadata (and never handed out with it).
    const stored = Buffer.concat((await chunksOf('masked_files', id)).map((c) => Buffer.from(c.data.buffer)));
    expect(stored.length).toBe(big.length + SEAL_OVERHEAD);
    expect(stored.includes(big.subarray(0, 64))).toBe(false);
    expect(opened?.meta).not.toHaveProperty('key');

    await files.putMasked(id, Buffer.from('shorter'), meta);
    expect((await readAll((await files.openMasked(id))!.stream)).toString()).toBe('shorter');
    expect(await db.collection('masked_files.chunks').countDocuments({ files_id: id })).toBe(1);
    expect(await db.collection('masked_files.files').countDocuments({ _id: id as never })).toBe(1);

    expect(await files.hasMasked(id)).toBe(true);
    const afterRetention = new Date(Date.now() + RETENTION + 1000);
    expect(await files.hasMasked(id, afterRetention)).toBe(false);
    expect(await files.openMasked(id, afterRetention)).toBeNull();
  });

  it('refuses a masked file changed at rest, or read under another master key, without serving any of it', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    await files.putMasked(id, Buffer.from('Customer [SSN]'), meta);
    await expect(fileStore(db, { retentionMs: RETENTION, masterKey: `${MASTER_KEY}-other` }).openMasked(id)).rejects.toBeInstanceOf(SealBrokenError);
    const chunk = await db.collection('masked_files.chunks').findOne({ files_id: id, n: 0 });
    const flipped = Buffer.from(chunk!.data.buffer);
    flipped[SEAL_OVERHEAD]! ^= 1;
    await db.collection('masked_files.chunks').updateOne({ _id: chunk!._id }, { $set: { data: flipped } });
    await expect(files.openMasked(id)).rejects.toBeInstanceOf(SealBrokenError);
  });

  it('still serves a masked file stored before masked files were encrypted, until its retention ends', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const legacy = new GridFSBucket(db, { bucketName: 'masked_files' }).openUploadStreamWithId(id as never, id, {
      metadata: { ...meta, expires_at: new Date(Date.now() + HOUR) },
    });
    await pipeline(Readable.from([Buffer.from('Customer [SSN]')]), legacy);
    const opened = await files.openMasked(id);
    expect(opened?.length).toBe(14);
    expect((await readAll(opened!.stream)).toString()).toBe('Customer [SSN]');
  });

  it('sweeps masked files past their retention and stale uploads, by the hour they are due, and nothing else', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    await forgetSweeps();
    const now = Date.now();
    // Due already when written: swept in the next hour's sweep, never missed by one already past.
    const old = newId('pf', now - RETENTION - 1000);
    // Due in three hours.
    const recent = newId('pf', now - RETENTION + 3 * HOUR);
    await files.putMasked(old, Buffer.from('old'), meta);
    await files.putMasked(recent, Buffer.from('recent'), meta);
    const staleUpload = newId('pf', now - 25 * HOUR);
    const freshUpload = newId('pf');
    await files.putUpload(staleUpload, Readable.from([Buffer.from('x')]), 'org_a', key);
    await files.putUpload(freshUpload, Readable.from([Buffer.from('y')]), 'org_a', key);
    expect(await files.openMasked(old)).toBeNull();

    // Nothing of the current hour or later goes.
    expect(await files.sweep(new Date(now))).toMatchObject({ masked: 0, upload: 0 });
    const later = new Date(now + 2 * HOUR);
    expect(await files.sweep(later)).toMatchObject({ masked: 1, upload: 1 });
    expect(await files.hasMasked(recent, later)).toBe(true);
    expect((await files.readUpload(freshUpload, key))?.toString()).toBe('y');
    expect(await traces(old)).toEqual([]);
    expect(await traces(staleUpload)).toEqual([]);
    expect(await files.sweep(later)).toMatchObject({ masked: 0, upload: 0 });

    // The sweep goes on from where it stopped.
    expect(await files.sweep(new Date(now + 5 * HOUR))).toMatchObject({ masked: 1, upload: 0 });
    expect(await traces(recent)).toEqual([]);
    await files.sweep(new Date(now + RETENTION + 2 * HOUR));
    expect(await traces(freshUpload)).toEqual([]);
  });

  it('sweeps the chunks of an upload cut off by a crash of the API (no files document), once it is due', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    await forgetSweeps();
    const id = newId('pf');
    // The process dies mid-upload: chunks are written, the stream never ends, nothing cleans up.
    let sent = 0;
    const never = new Readable({
      read() {
        if (sent++ < 3) this.push(randomBytes(300 * 1024));
      },
    });
    void files.putUpload(id, never, 'org_a', key);
    for (let i = 0; i < 100 && (await db.collection('uploads.chunks').countDocuments({ files_id: id })) < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await storedFor(db, id)).toEqual(['uploads.chunks', 'file_sweeps']);
    expect(await files.readUpload(id, key)).toBeNull();

    expect(await files.sweep(new Date(Date.now() + HOUR))).toMatchObject({ upload: 0 });
    expect(await db.collection('uploads.chunks').countDocuments({ files_id: id })).toBeGreaterThanOrEqual(3);
    expect((await files.sweep(new Date(Date.now() + 24 * HOUR + 2 * HOUR))).upload).toBeGreaterThanOrEqual(1);
    expect(await storedFor(db, id)).toEqual([]);
  });

  it('reads the old layout (a bucket per file in <db>_files) through until the sweep moves it, then drops that database', async () => {
    const client = await MongoClient.connect(serviceUrls().mongodbUrl);
    const oldDb = client.db(`${db.databaseName}_files`);
    try {
      const now = Date.now();
      const put = async (bucket: string, id: string, bytes: Buffer, metadata: object, sealKey?: Buffer) => {
        const sink = new GridFSBucket(oldDb, { bucketName: bucket }).openUploadStreamWithId(id as never, id, { metadata });
        await (sealKey ? pipeline(Readable.from([bytes]), sealing(sealKey, id), sink) : pipeline(Readable.from([bytes]), sink));
      };
      const masked = newId('pf', now - HOUR);
      const maskedKey = newFileKey();
      const expiresAt = new Date(now - HOUR + RETENTION);
      await put(`masked_${masked}`, masked, Buffer.from('Customer [SSN]'), { ...meta, expires_at: expiresAt, key: wrapKey(fileKeyWrapping(MASTER_KEY), maskedKey, masked) }, maskedKey);
      const expired = newId('pf', now - RETENTION - HOUR);
      await put(`masked_${expired}`, expired, Buffer.from('gone'), { ...meta, expires_at: new Date(now - HOUR) });
      const upload = newId('pf', now - 60_000);
      await put(`upload_${upload}`, upload, randomBytes(600 * 1024), { org_id: 'org_a' }, key);
      const stale = newId('pf', now - 25 * HOUR);
      await put(`upload_${stale}`, stale, Buffer.from('stale'), { org_id: 'org_a' }, key);
      const bundle = newId('bnd', now - 90 * 24 * HOUR);
      const zip = randomBytes(400 * 1024);
      await put(`bundle_${bundle}`, bundle, zip, { org_id: 'org_a' });

      // Read through, before any sweep.
      const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
      const bundles = bundleStore(db);
      expect((await readAll((await files.openMasked(masked))!.stream)).toString()).toBe('Customer [SSN]');
      expect(await files.hasMasked(expired)).toBe(false);
      expect((await files.readUpload(upload, key))?.length).toBe(600 * 1024);
      expect((await readAll((await bundles.open(bundle))!.stream)).equals(zip)).toBe(true);

      // The sweep moves what is live, drops what is not, then the old database.
      await forgetSweeps();
      expect(await files.sweep(new Date(now))).toMatchObject({ moved: 3 });
      const databases = (await client.db().admin().listDatabases({ nameOnly: true })).databases.map((d) => d.name);
      expect(databases).not.toContain(oldDb.databaseName);
      expect(await storedFor(db, masked)).toEqual(['masked_files.files', 'masked_files.chunks', 'file_sweeps']);
      expect(await storedFor(db, upload)).toEqual(['uploads.files', 'uploads.chunks', 'file_sweeps']);
      expect(await storedFor(db, bundle)).toEqual(['bundles.files', 'bundles.chunks']);
      expect(await storedFor(db, expired)).toEqual([]);
      expect(await storedFor(db, stale)).toEqual([]);
      const fresh = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
      expect((await readAll((await fresh.openMasked(masked))!.stream)).toString()).toBe('Customer [SSN]');
      expect((await fresh.readUpload(upload, key))?.length).toBe(600 * 1024);
      expect((await readAll((await bundleStore(db).open(bundle))!.stream)).equals(zip)).toBe(true);
      // Moved files keep their retention: the masked file goes when it would have.
      expect(await fresh.sweep(new Date(expiresAt.getTime() + 2 * HOUR))).toMatchObject({ moved: 0 });
      expect(await storedFor(db, masked)).toEqual([]);
      expect(await storedFor(db, upload)).toEqual([]);
      expect(await storedFor(db, bundle)).toEqual(['bundles.files', 'bundles.chunks']);
    } finally {
      await oldDb.dropDatabase().catch(() => undefined);
      await client.close();
    }
  });
});
