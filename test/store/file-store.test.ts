// GridFS file store: uploads and masked files under the check's id, and the retention sweep.
import { Readable } from 'node:stream';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../../src/store/file-store.js';
import { serviceUrls } from '../helpers/app.js';

let client: MongoClient;
let db: Db;
beforeAll(async () => {
  client = await MongoClient.connect(serviceUrls().mongodbUrl);
  db = client.db(`pf_test_files_${process.pid}`);
});
afterAll(async () => {
  await db.dropDatabase();
  await client.close();
});

const meta = (expires: Date) => ({ org_id: 'org_a', mime: 'text/plain', ext: 'txt', expires_at: expires });

describe('file store', () => {
  it('keeps one upload per id, reads it whole and deletes it idempotently', async () => {
    const files = fileStore(db);
    await files.putUpload('pf_1', Readable.from([Buffer.from('first')]), 'org_a');
    await files.putUpload('pf_1', Readable.from([Buffer.from('second '), Buffer.from('try')]), 'org_a');
    expect((await files.readUpload('pf_1'))?.toString()).toBe('second try');
    await files.deleteUpload('pf_1');
    await files.deleteUpload('pf_1');
    expect(await files.readUpload('pf_1')).toBeNull();
  });

  it('removes a partial upload when its stream fails', async () => {
    const files = fileStore(db);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(files.putUpload('pf_2', failing, 'org_a')).rejects.toThrow('client went away');
    expect(await files.readUpload('pf_2')).toBeNull();
  });

  it('serves a masked file until it expires; the sweep deletes expired files and stale uploads only', async () => {
    const files = fileStore(db);
    const now = new Date();
    await files.putMasked('pf_live', Buffer.from('masked'), meta(new Date(now.getTime() + 60_000)));
    await files.putMasked('pf_old', Buffer.from('masked'), meta(new Date(now.getTime() - 1)));
    await files.putUpload('pf_waiting', Readable.from([Buffer.from('x')]), 'org_a');
    expect(await files.hasMasked('pf_live')).toBe(true);
    expect(await files.openMasked('pf_old')).toBeNull();

    expect(await files.sweep(now, new Date(now.getTime() - 60_000))).toEqual({ masked: 1, uploads: 0 });
    expect(await db.collection('masked_files.files').countDocuments({})).toBe(1);
    expect(await files.sweep(new Date(now.getTime() + 120_000), new Date(now.getTime() + 120_000))).toEqual({ masked: 1, uploads: 1 });
    expect(await db.collection('masked_files.chunks').countDocuments({})).toBe(0);
    expect(await db.collection('uploads.chunks').countDocuments({})).toBe(0);
  });
});
