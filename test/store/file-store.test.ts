// Files of file checks against the real FerretDB: a GridFS bucket per file, and the retention sweep
// that drops whole buckets by the time in their ids.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { SealBrokenError } from '../../src/store/errors.js';
import { newFileKey, SEAL_OVERHEAD } from '../../src/store/file-cipher.js';
import { fileStore } from '../../src/store/file-store.js';
import { newId } from '../../src/store/ids.js';
import { MASTER_KEY, scratchDbForFile } from '../helpers/app.js';

const HOUR = 3_600_000;
const RETENTION = 24 * HOUR;
let db: Db;
scratchDbForFile('files', (created) => (db = created));

const meta = { org_id: 'org_a', mime: 'application/pdf', ext: 'pdf' };
const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());
const key = newFileKey();
const collections = async () => (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();

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
    expect((await collections()).filter((name) => name.includes(id))).toEqual([]);
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
    expect((await collections()).filter((name) => name.includes(id))).toEqual([]);
  });

  it('leaves no bucket behind when the stream fails with chunk inserts still in flight', async () => {
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
    expect((await collections()).filter((name) => name.includes(id))).toEqual([]);
  });

  it('stores an upload encrypted under its key, read back only under that key and only if unchanged', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const plain = Buffer.concat([Buffer.from('canary 123-45-6789 '), randomBytes(700 * 1024)]);
    await files.putUpload(id, Readable.from([plain.subarray(0, 5), plain.subarray(5)]), 'org_a', key);

    const chunks = await db.collection(`upload_${id}.chunks`).find({}).sort({ n: 1 }).toArray();
    const stored = Buffer.concat(chunks.map((c) => Buffer.from(c.data.buffer)));
    expect(stored.length).toBe(plain.length + SEAL_OVERHEAD);
    expect(stored.includes(Buffer.from('canary'))).toBe(false);
    expect((await files.readUpload(id, key))?.equals(plain)).toBe(true);

    await expect(files.readUpload(id, newFileKey())).rejects.toBeInstanceOf(SealBrokenError);
    // One bit flipped in the last chunk (where the tag is): no plaintext, not even the first chunks'.
    const last = chunks.at(-1)!;
    const flipped = Buffer.from(last.data.buffer);
    flipped[flipped.length - 1]! ^= 1;
    await db.collection(`upload_${id}.chunks`).updateOne({ _id: last._id }, { $set: { data: flipped } });
    await expect(files.readUpload(id, key)).rejects.toBeInstanceOf(SealBrokenError);
  });

  it('stores a masked file of several chunks in a GridFS bucket of its own, rewrites it on a retry, and expires it with its id', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const big = randomBytes(600 * 1024);
    await files.putMasked(id, big, meta);
    const opened = await files.openMasked(id);
    expect(opened?.meta).toMatchObject(meta);
    expect(opened?.length).toBe(big.length);
    expect((await readAll(opened!.stream)).equals(big)).toBe(true);
    expect((await collections()).filter((name) => name.includes(id))).toEqual([`masked_${id}.chunks`, `masked_${id}.files`]);

    // Stored encrypted, its key wrapped in its metadata (and never handed out with it).
    const stored = Buffer.concat((await db.collection(`masked_${id}.chunks`).find({}).sort({ n: 1 }).toArray()).map((c) => Buffer.from(c.data.buffer)));
    expect(stored.length).toBe(big.length + SEAL_OVERHEAD);
    expect(stored.includes(big.subarray(0, 64))).toBe(false);
    expect(opened?.meta).not.toHaveProperty('key');

    await files.putMasked(id, Buffer.from('shorter'), meta);
    expect((await readAll((await files.openMasked(id))!.stream)).toString()).toBe('shorter');
    expect(await db.collection(`masked_${id}.chunks`).countDocuments({})).toBe(1);

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
    const chunk = await db.collection(`masked_${id}.chunks`).findOne({ n: 0 });
    const flipped = Buffer.from(chunk!.data.buffer);
    flipped[SEAL_OVERHEAD]! ^= 1;
    await db.collection(`masked_${id}.chunks`).updateOne({ _id: chunk!._id }, { $set: { data: flipped } });
    await expect(files.openMasked(id)).rejects.toBeInstanceOf(SealBrokenError);
  });

  it('still serves a masked file stored before masked files were encrypted, until its retention ends', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const id = newId('pf');
    const legacy = new GridFSBucket(db, { bucketName: `masked_${id}` }).openUploadStreamWithId(id as never, id, {
      metadata: { ...meta, expires_at: new Date(Date.now() + HOUR) },
    });
    await pipeline(Readable.from([Buffer.from('Customer [SSN]')]), legacy);
    const opened = await files.openMasked(id);
    expect(opened?.length).toBe(14);
    expect((await readAll(opened!.stream)).toString()).toBe('Customer [SSN]');
  });

  it('sweeps masked files past their retention and stale uploads, by the time in their ids, and nothing else', async () => {
    const files = fileStore(db, { retentionMs: RETENTION, masterKey: MASTER_KEY });
    const now = Date.now();
    const old = newId('pf', now - RETENTION - 1000);
    const recent = newId('pf', now - RETENTION + 60_000);
    await files.putMasked(old, Buffer.from('old'), meta);
    await files.putMasked(recent, Buffer.from('recent'), meta);
    const staleUpload = newId('pf', now - 25 * HOUR);
    const freshUpload = newId('pf');
    await files.putUpload(staleUpload, Readable.from([Buffer.from('x')]), 'org_a', key);
    await files.putUpload(freshUpload, Readable.from([Buffer.from('y')]), 'org_a', key);
    expect(await files.openMasked(old)).toBeNull();

    expect(await files.sweep(new Date(now), 24 * HOUR)).toEqual({ masked: 1, uploads: 1 });
    expect(await files.hasMasked(recent)).toBe(true);
    expect((await files.readUpload(freshUpload, key))?.toString()).toBe('y');
    expect(await files.readUpload(staleUpload, key)).toBeNull();
    const names = await collections();
    expect(names.some((name) => name.includes(staleUpload) || name.includes(old))).toBe(false);
    expect(await files.sweep(new Date(now), 24 * HOUR)).toEqual({ masked: 0, uploads: 0 });
  });
});
