// A benchmark's Redis keys go with it, on one Redis or on every master of a cluster (SCAN and a
// multi-key UNLINK only see, and may only touch, one node's keys there).
import type { Redis } from 'ioredis';
import { keyNodes } from '../src/store/redis-client.js';

export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  for (const node of await keyNodes(redis)) {
    for (let cursor = '0'; ; ) {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
      // One key per UNLINK on a cluster: keys of one node may still be in different slots.
      await Promise.all(keys.map((key) => node.unlink(key)));
      cursor = next;
      if (cursor === '0') break;
    }
  }
}
