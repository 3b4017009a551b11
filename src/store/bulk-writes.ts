// Bulk writes in commands of a few statements each (the $max upserts that raise stored totals, the
// audit backfill's updates): FerretDB 1.24 stops answering on one update command of many upserts
// that hit existing documents (reproduced on its PostgreSQL backend: 50 statements hang its
// connection pool for good, 10 never did; a drain batch touching hundreds of org-days did the same
// on SQLite). MongoDB is not slowed by the split.
import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';
import { duplicateIndexes } from './errors.js';

const STATEMENTS_PER_COMMAND = 10;
/** Commands in flight at once: a copy of hundreds of counters is not hundreds of round trips in a row. */
const COMMANDS_AT_ONCE = 2;

/** Every operation applied, in no particular order (callers' operations touch distinct documents). */
export async function writeAll<T extends Document>(col: Collection<T>, ops: AnyBulkWriteOperation<T>[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < ops.length) {
      const chunk = ops.slice(next, next + STATEMENTS_PER_COMMAND);
      next += STATEMENTS_PER_COMMAND;
      try {
        await col.bulkWrite(chunk, { ordered: false });
      } catch (err) {
        // FerretDB's upsert is not atomic: two upserts of a new document at once, and one is refused
        // as a duplicate. The document exists now: the refused ones are applied again, as updates.
        const refused = duplicateIndexes(err);
        if (!refused) throw err;
        await col.bulkWrite(refused.map((i) => chunk[i]!), { ordered: false });
      }
    }
  };
  await Promise.all(Array.from({ length: COMMANDS_AT_ONCE }, lane));
}
