// Bulk writes in commands of a few statements each (the $max upserts that raise stored totals, the
// audit backfill's updates): FerretDB 1.24 stops answering on one update command of many upserts
// that hit existing documents (reproduced on its PostgreSQL backend: 50 statements hang its
// connection pool for good, 10 never did; a drain batch touching hundreds of org-days did the same
// on SQLite). MongoDB is not slowed by the split.
import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';

const STATEMENTS_PER_COMMAND = 10;

export async function writeAll<T extends Document>(col: Collection<T>, ops: AnyBulkWriteOperation<T>[]): Promise<void> {
  for (let i = 0; i < ops.length; i += STATEMENTS_PER_COMMAND) {
    await col.bulkWrite(ops.slice(i, i + STATEMENTS_PER_COMMAND), { ordered: false });
  }
}
