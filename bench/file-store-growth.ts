// What storing and serving one masked file costs as the masked-file store fills up. The retention
// period (24 h by default) decides how many masked files the store holds; every check writes one
// and every download reads one, both through FileStore, in a scratch database of their own.
import { MongoClient } from 'mongodb';
import { fileStore } from '../src/store/file-store.js';
import { newId } from '../src/store/ids.js';
import { BENCH_MASTER_KEY } from './bench-stack.js';
import { median } from './file-steps.js';

const PROBES = 3;

export interface StoreCost {
  retained: number;
  putMs: number;
  downloadMs: number;
}

/** putMasked and a full download of `probe`, with `levels` masked files already kept (`fill` in turn). */
export async function storeGrowth(mongoUrl: string, fill: Buffer[], probe: Buffer, levels: number[]): Promise<StoreCost[]> {
  const client = await MongoClient.connect(mongoUrl);
  const db = client.db();
  const files = fileStore(db, { retentionMs: 86_400_000, masterKey: BENCH_MASTER_KEY });
  const meta = { org_id: 'org_bench', mime: 'application/octet-stream', ext: 'bin' };
  const out: StoreCost[] = [];
  try {
    let retained = 0;
    for (const level of levels) {
      for (; retained < level; retained++) await files.putMasked(newId('pf'), fill[retained % fill.length]!, meta);
      const put: number[] = [];
      const download: number[] = [];
      for (let i = 0; i < PROBES; i++) {
        const id = newId('pf');
        let start = performance.now();
        await files.putMasked(id, probe, meta);
        put.push(performance.now() - start);
        start = performance.now();
        const file = await files.openMasked(id);
        for await (const _chunk of file!.stream);
        download.push(performance.now() - start);
      }
      retained += PROBES;
      out.push({ retained, putMs: median(put), downloadMs: median(download) });
      console.log(`file checks: ${retained} masked files kept, putMasked ${median(put).toFixed(0)} ms`);
    }
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
  return out;
}
