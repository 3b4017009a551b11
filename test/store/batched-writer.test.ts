import { describe, expect, it } from 'vitest';
import { BatchedWriter, WriterClosedError, WriterOverloadedError } from '../../src/store/batched-writer.js';

/** A store whose writes finish only when the test says so. */
function gatedStore() {
  const batches: number[][] = [];
  const gates: Array<{ open: () => void; fail: (e: Error) => void }> = [];
  const write = (records: number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(records);
      gates.push({ open: resolve, fail: reject });
    });
  return { batches, gates, write };
}

describe('BatchedWriter', () => {
  it('writes the first record at once and groups those that arrive meanwhile', async () => {
    const store = gatedStore();
    const writer = new BatchedWriter(store.write, { maxBatch: 100, maxPending: 1000 });
    const first = writer.write(1);
    const rest = [2, 3, 4].map((n) => writer.write(n));
    expect(store.batches).toEqual([[1]]);
    store.gates[0]!.open();
    await first;
    await Promise.resolve();
    expect(store.batches).toEqual([[1], [2, 3, 4]]);
    store.gates[1]!.open();
    await Promise.all(rest);
    expect(writer.stats).toEqual({ batches: 2, records: 4, largestBatch: 3 });
  });

  it('splits at maxBatch', async () => {
    const batches: number[][] = [];
    const writer = new BatchedWriter(async (r: number[]) => void batches.push(r), { maxBatch: 2, maxPending: 100 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.write(n)));
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('rejects exactly the records of a failed batch', async () => {
    const store = gatedStore();
    const writer = new BatchedWriter(store.write, { maxBatch: 10, maxPending: 100 });
    const first = writer.write(1);
    const second = writer.write(2);
    store.gates[0]!.fail(new Error('store down'));
    await expect(first).rejects.toThrow('store down');
    await Promise.resolve();
    store.gates[1]!.open();
    await expect(second).resolves.toBeUndefined();
  });

  it('refuses records beyond maxPending and after close, and close waits for accepted ones', async () => {
    const store = gatedStore();
    const writer = new BatchedWriter(store.write, { maxBatch: 10, maxPending: 1 });
    const first = writer.write(1);
    const queued = writer.write(2);
    await expect(writer.write(3)).rejects.toBeInstanceOf(WriterOverloadedError);
    let closed = false;
    const closing = writer.close().then(() => (closed = true));
    await expect(writer.write(4)).rejects.toBeInstanceOf(WriterClosedError);
    store.gates[0]!.open();
    await first;
    await Promise.resolve();
    expect(closed).toBe(false);
    store.gates[1]!.open();
    await closing;
    await queued;
    expect(store.batches).toEqual([[1], [2]]);
  });
});
