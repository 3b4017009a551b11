// Bundle bytes in the shared GridFS bucket `bundles`: size and digest measured while streaming, a
// rewrite replaces, a write that fails part-way leaves nothing behind, and one cut off by a crash is
// swept while a complete bundle is kept. Real FerretDB.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bundleStore } from '../../src/store/bundle-store.js';
import { fileStore } from '../../src/store/file-store.js';
import { newId } from '../../src/store/ids.js';
import { MASTER_KEY, scratchDbForFile } from '../helpers/app.js';
import { collectionsNaming, storedFor } from '../helpers/stored-files.js';

const HOUR = 3_600_000;

let db: Db;
scratchDbForFile('bundle_store', (created) => (db = created));

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const traces = async (id: string) => [...(await storedFor(db, id)), ...(await collectionsNaming(db, id))];

describe('bundle store', () => {
  it('measures what it stores, and a second write replaces the first', async () => {
    const store = bundleStore(db);
    const id = newId('bnd');
    const first = randomBytes(600_000);
    expect(await store.put(id, Readable.from([first.subarray(0, 1000), first.subarray(1000)]), { org_id: 'org_a' })).toEqual({
      size: first.length,
      sha256: createHash('sha256').update(first).digest('hex'),
    });
    const second = Buffer.from('the rewritten bundle');
    await store.put(id, Readable.from([second]), { org_id: 'org_a' });
    expect(await traces(id)).toEqual(['bundles.files', 'bundles.chunks']);
    const opened = await store.open(id);
    expect(opened?.length).toBe(second.length);
    expect(await read(opened!.stream)).toEqual(second);
    await store.remove(id);
    expect(await store.open(id)).toBeNull();
    expect(await traces(id)).toEqual([]);
  });

  it('leaves nothing of a write whose source fails part-way', async () => {
    const store = bundleStore(db);
    const id = newId('bnd');
    async function* failing() {
      yield randomBytes(300_000);
      throw new Error('archive failed');
    }
    await expect(store.put(id, Readable.from(failing()), { org_id: 'org_a' })).rejects.toThrow('archive failed');
    expect(await store.open(id)).toBeNull();
    expect(await traces(id)).toEqual([]);
  });

  it('sweeps the chunks of a bundle cut off by a crash a day later, and keeps every complete bundle', async () => {
    const store = bundleStore(db);
    const files = fileStore(db, { retentionMs: 24 * HOUR, masterKey: MASTER_KEY });
    const [cut, whole] = [newId('bnd'), newId('bnd')];
    await store.put(whole, Readable.from([randomBytes(1000)]), { org_id: 'org_a' });
    // The worker dies part-way: chunks written, the source never ends.
    let sent = 0;
    void store.put(cut, new Readable({ read() { if (sent++ < 2) this.push(randomBytes(300 * 1024)); } }), { org_id: 'org_a' });
    for (let i = 0; i < 100 && (await db.collection('bundles.chunks').countDocuments({ files_id: cut })) < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await storedFor(db, cut)).toEqual(['bundles.chunks', 'file_sweeps']);
    expect(await store.open(cut)).toBeNull();

    expect((await files.sweep(new Date(Date.now() + 26 * HOUR))).bundle).toBe(1);
    expect(await storedFor(db, cut)).toEqual([]);
    expect(await storedFor(db, whole)).toEqual(['bundles.files', 'bundles.chunks']);
  });
});
