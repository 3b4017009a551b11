// Bundle bytes in GridFS: size and digest measured while streaming, a rewrite replaces, and a write
// that fails part-way leaves nothing behind. Real FerretDB.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bundleStore } from '../../src/store/bundle-store.js';
import { newId } from '../../src/store/ids.js';
import { scratchDbForFile } from '../helpers/app.js';

let db: Db;
scratchDbForFile('bundle_store', (created) => (db = created));

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const buckets = async (id: string) => (await db.listCollections({}, { nameOnly: true }).toArray()).filter((c) => c.name.startsWith(`bundle_${id}.`)).length;

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
    const opened = await store.open(id);
    expect(opened?.length).toBe(second.length);
    expect(await read(opened!.stream)).toEqual(second);
    await store.remove(id);
    expect(await store.open(id)).toBeNull();
    expect(await buckets(id)).toBe(0);
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
    expect(await buckets(id)).toBe(0);
  });
});
